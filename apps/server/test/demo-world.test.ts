// Issue 10 items 1 and 2: a fresh embedded default is a living exchange. The demo world is seeded
// through the services and the ledger (the audit holds); every market has a price, volume and a
// chart from the first second (ADRs 151, 152); the demo's contract account holds USDC and two open
// positions, with a finished round trip in its order history (ADR 219); the demo's savings, stakes
// and support tickets, the operator's decisions in the audit log and a first proof of reserves are
// there at once (ADR 256).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ExchangeEngine } from '@ex/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAudit } from '../src/audit.ts';
import { loadConfig } from '../src/config.ts';
import type { DbHandle } from '../src/db/db.ts';
import { serverEngineConfig } from '../src/engine/config.ts';
import { replayJournal } from '../src/engine/journal.ts';
import { MARKETS } from '../src/engine/markets.ts';
import { readAnchor, synthesize } from '../src/market/history.ts';
import { seedEarn } from '../src/seed/earn.ts';
import { DEMO_CONVERSIONS, seedFlash } from '../src/seed/flash.ts';
import { seedFutures } from '../src/seed/futures.ts';
import { seedOperator } from '../src/seed/operator.ts';
import { seedSpot } from '../src/seed/spot.ts';
import { seedSupport } from '../src/seed/support.ts';
import { seedWorld } from '../src/seed/world.ts';
import { DEMO_EMAIL, DEMO_PASSWORD } from '../src/seed.ts';
import { type RunningExchange, startExchange } from '../src/start.ts';
import { BACKENDS, freshDatabase } from './helpers/testApp.ts';

const ADMIN_EMAIL = 'world-ops@example.com';
const ADMIN_PASSWORD = 'operator-pass-1';

describe.each(BACKENDS)('a fresh embedded default on %s', { timeout: 240_000 }, (backend) => {
  let db: { handle: DbHandle; drop(): Promise<void> };
  let running: RunningExchange;
  let dir: string;
  let token: string;
  const get = async <T>(path: string, auth = true): Promise<{ status: number; data: T }> => {
    const r = await fetch(`${running.url}${path}`, {
      headers: auth ? { authorization: `Bearer ${token}`, 'accept-language': 'en' } : {},
    });
    const body = (await r.json()) as { data: T };
    return { status: r.status, data: body.data };
  };

  const start = () =>
    startExchange({
      config: loadConfig({
        DATA_DIR: dir,
        PORT: '0',
        CAPTCHA: 'off',
        SEED_DEMO: '1',
        MARKET_MAKER: '0',
        ADMIN_EMAIL,
        ADMIN_PASSWORD,
      }),
      database: db.handle,
      logger: false,
      // The feed steps slowly here: what the test sees is the seeded world and the backfill.
      liquidityIntervalMs: 60_000,
    });
  const login = async () => {
    const r = await fetch(`${running.url}/api/app/account/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ type: 'email', account: DEMO_EMAIL, password: DEMO_PASSWORD }),
    });
    token = ((await r.json()) as { data: { token: string } }).data.token;
    expect(token).toBeTruthy();
  };
  const adminGet = async <T>(path: string): Promise<T> => {
    const login = await fetch(`${running.url}/api/admin/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD }),
    });
    const admin = ((await login.json()) as { data: { token: string } }).data.token;
    const r = await fetch(`${running.url}${path}`, { headers: { authorization: `Bearer ${admin}` } });
    expect(r.status, path).toBe(200);
    return ((await r.json()) as { data: T }).data;
  };
  /** What the seeds of ADR 256 leave behind: counted before and after a restart. */
  const lifeRows = async () => {
    const count = async (table: string) =>
      Number(
        (
          (await db.handle.db
            .selectFrom(table as never)
            .select((eb) => eb.fn.countAll<string>().as('n'))
            .executeTakeFirstOrThrow()) as { n: string }
        ).n,
      );
    const out: Record<string, number> = {};
    for (const table of ['ai_orders', 'stakes', 'support_tickets', 'support_messages', 'operator_audit'])
      out[table] = await count(table);
    out.liability_snapshots = await count('liability_snapshots');
    return out;
  };
  const demoId = async () =>
    (
      await db.handle.db
        .selectFrom('users')
        .select('id')
        .where('email', '=', DEMO_EMAIL)
        .executeTakeFirstOrThrow()
    ).id;
  /** What the demo's futures seed leaves behind: counted before and after a restart. */
  const futuresRows = async (id: string) => {
    const count = async (table: 'transfers' | 'orders' | 'trades' | 'ledger_entries') => {
      let q = db.handle.db.selectFrom(table as never).select((eb) => eb.fn.countAll<string>().as('n'));
      if (table === 'transfers' || table === 'orders') q = q.where('user_id' as never, '=', id as never);
      // Funding (posted as `system`) may settle at a start that crosses an 8-hour boundary.
      if (table === 'ledger_entries')
        q = q.where('owner' as never, '=', id as never).where('type' as never, '!=', 'system' as never);
      return Number(((await q.executeTakeFirstOrThrow()) as { n: string }).n);
    };
    return {
      transfers: await count('transfers'),
      orders: await count('orders'),
      trades: await count('trades'),
      ledger: await count('ledger_entries'),
      positions: running.services.engine.engine.perp
        .positionsOf(id)
        .map((p) => `${p.symbol} ${p.side} ${p.size}`)
        .sort(),
    };
  };

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'ex-demo-world-'));
    db = await freshDatabase(backend);
    running = await start();
    await login();
  });
  afterAll(async () => {
    await running?.stop();
    await db?.drop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('every earn and community screen has content for the demo user', async () => {
    const ai = await get<{ kind: string }[]>('/api/app/ai/products');
    expect(new Set(ai.data.map((p) => p.kind))).toEqual(new Set(['current', 'fixed']));
    expect((await get<unknown[]>('/api/app/staking/products')).data.length).toBeGreaterThanOrEqual(2);
    const ieo = await get<{ status: string }[]>('/api/app/ieo/projects');
    expect(new Set(ieo.data.map((p) => p.status))).toEqual(
      new Set(['not_started', 'subscribing', 'drawing', 'ended']),
    );
    const apps = await get<{ list: { status: string; allotted_quantity: string | null }[] }>(
      '/api/app/ieo/applications',
    );
    expect(apps.data.list.length).toBe(2);
    expect(apps.data.list.some((a) => a.allotted_quantity !== null)).toBe(true);
    const ads = await get<{ side: string; fiat: string }[]>('/api/app/otc/ads');
    expect(new Set(ads.data.map((a) => a.side))).toEqual(new Set(['buy', 'sell']));
    // Each reader's currency has offers on both sides (the app opens on it).
    for (const fiat of ['EUR', 'USD', 'CNY', 'TWD'])
      expect(new Set(ads.data.filter((a) => a.fiat === fiat).map((a) => a.side)), fiat).toEqual(
        new Set(['buy', 'sell']),
      );
    // The members joined with the demo's invitation code.
    const invite = await get<{ invited_count: number; list: { account: string; created_at: number }[] }>(
      '/api/app/invite',
    );
    expect(invite.data.invited_count).toBe(3);
    expect(invite.data.list.map((f) => f.account).sort()).toEqual([
      'an***@demo.exchange.local',
      'be***@demo.exchange.local',
      'ch***@demo.exchange.local',
    ]);
    const dividends = await get<{ list: { claimed_at: number | null }[] }>('/api/app/dividends');
    expect(dividends.data.list.some((d) => d.claimed_at === null)).toBe(true);
    const votes = await get<{ state: string; options: { votes: number }[] }[]>('/api/app/votes');
    expect(new Set(votes.data.map((p) => p.state))).toEqual(new Set(['open', 'closed']));
    const closed = votes.data.find((p) => p.state === 'closed')!;
    expect(closed.options.reduce((n, o) => n + o.votes, 0)).toBeGreaterThan(1);
    expect((await get<{ list: unknown[] }>('/api/app/messages')).data.list.length).toBeGreaterThan(0);
    const checkin = await get<{ streak: number; checked_in_today: boolean }>('/api/app/checkin');
    expect(checkin.data).toMatchObject({ streak: 5, checked_in_today: false });
    for (const lang of ['de', 'en', 'es', 'fr', 'it', 'zh_CN', 'zh_TW']) {
      for (const path of ['notices', 'news']) {
        const r = await fetch(`${running.url}/api/app/${path}`, { headers: { 'accept-language': lang } });
        const body = (await r.json()) as { data: { list: { lang: string }[] } };
        expect(body.data.list.length, `${path} ${lang}`).toBeGreaterThan(0);
        expect(body.data.list[0]!.lang, `${path} ${lang}`).toBe(lang);
      }
    }
  });

  it('the flash exchange quotes both ways for every coin it lists: its float is funded', async () => {
    const post = async (body: object) => {
      const r = await fetch(`${running.url}/api/app/exchange/quote`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      return (await r.json()) as { code: number; message: string; data: { receive: string } | null };
    };
    const coins = (await get<{ coins: string[] }>('/api/app/exchange/coins')).data.coins;
    expect(coins.length).toBeGreaterThanOrEqual(6);
    for (const coin of coins) {
      const buy = await post({ from: 'USDC', to: coin, amount: '100' });
      expect(buy.code, `USDC -> ${coin}: ${buy.message}`).toBe(0);
      expect(buy.data!.receive).not.toMatch(/^0(\.0+)?$/);
      const sell = await post({ from: coin, to: 'USDC', amount: buy.data!.receive });
      expect(sell.code, `${coin} -> USDC: ${sell.message}`).toBe(0);
    }
  });

  it("the demo's flash history has life: past conversions made through the exchange service", async () => {
    const history = await get<{
      list: {
        from: string;
        to: string;
        amount: string;
        receive: string;
        price: string;
        created_at: number;
      }[];
      total: number;
    }>('/api/app/exchange/history?page=1&limit=20');
    expect(history.status).toBe(200);
    // Newest first: the seed's conversions in reverse, each a few days back (not today's limit).
    const trim = (v: string) => (v.includes('.') ? v.replace(/0+$/, '').replace(/\.$/, '') : v);
    expect(history.data.list.map((r) => [r.from, r.to, trim(r.amount)])).toEqual(
      [...DEMO_CONVERSIONS].reverse().map((c) => [c.from, c.to, c.amount]),
    );
    expect(history.data.total).toBe(DEMO_CONVERSIONS.length);
    const dayStart = Math.floor(Date.now() / 86_400_000) * 86_400_000;
    for (const r of history.data.list) {
      expect(r.created_at).toBeLessThan(dayStart);
      expect(/[1-9]/.test(r.receive), `${r.from} -> ${r.to} receive ${r.receive}`).toBe(true);
      expect(/[1-9]/.test(r.price)).toBe(true);
    }
  });

  it("the seeded past's ledger entries carry the time of their records, and the journal replays (ADR 269)", async () => {
    const id = await demoId();
    // The demo's whole ledger as its ledger page reads it (newest first).
    type Entry = {
      created_at: number;
      ref?: { kind: string; product?: string; step?: string; record_id?: string };
    };
    const entries: Entry[] = [];
    for (let page = 1; ; page++) {
      const r = await get<{ list: Entry[] }>(`/api/app/wallet/ledger?page=${page}&limit=100`);
      expect(r.status).toBe(200);
      entries.push(...r.data.list);
      if (r.data.list.length < 100) break;
    }
    const timesOf = (product: string, step: string, recordId: string) =>
      entries
        .filter(
          (e) =>
            e.ref?.kind === 'product' &&
            e.ref.product === product &&
            e.ref.step === step &&
            e.ref.record_id === recordId,
        )
        .map((e) => e.created_at);
    const dayStart = Math.floor(Date.now() / 86_400_000) * 86_400_000;
    const recordsOf = async (table: string, time: string) =>
      (await db.handle.db
        .selectFrom(table as never)
        .select(['id as id' as never, `${time} as at` as never])
        .where('user_id' as never, '=', id as never)
        .execute()) as unknown as { id: string; at: string }[];
    // Every flash conversion (the seeded ones days ago, the ones an earlier test made today), AI
    // subscription and stake: each ledger entry of its record at the record's time.
    const seen: Record<string, number> = {};
    for (const [product, step, table, time] of [
      ['flash', 'convert', 'exchange_records', 'created_at'],
      ['ai', 'subscribe', 'ai_orders', 'started_at'],
      ['staking', 'subscribe', 'stakes', 'created_at'],
    ] as const) {
      const records = await recordsOf(table, time);
      for (const r of records) {
        const times = timesOf(product, step, r.id);
        expect(times.length, `${product} ${r.id}`).toBeGreaterThan(0);
        expect(new Set(times), `${product} ${r.id}`).toEqual(new Set([Number(r.at)]));
      }
      seen[product] = records.filter((r) => Number(r.at) < dayStart).length;
    }
    // The seed's own: three conversions, two AI subscriptions and the stake of six days ago.
    expect(seen).toEqual({ flash: DEMO_CONVERSIONS.length, ai: 2, staking: 1 });
    // The demo's starting funds are dated when it joined.
    const joined = await db.handle.db
      .selectFrom('users')
      .select('created_at')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    const credits = entries.filter((e) => e.ref?.kind === 'demo_credit').map((e) => e.created_at);
    expect(credits).toHaveLength(3);
    expect(new Set(credits)).toEqual(new Set([Number(joined.created_at)]));

    // The journal runs forward in time, and every ledger row carries its command's time.
    const edb = running.services.edb;
    await running.services.engine.idle();
    const commands = await edb.selectFrom('engine_commands').select(['seq', 'ts']).orderBy('seq').execute();
    for (let i = 1; i < commands.length; i++)
      expect(Number(commands[i]!.ts), `command ${commands[i]!.seq}`).toBeGreaterThanOrEqual(
        Number(commands[i - 1]!.ts),
      );
    const off = await edb
      .selectFrom('ledger_entries as l')
      .innerJoin('engine_commands as c', 'c.seq', 'l.command_seq')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .whereRef('l.created_at', '!=', 'c.ts')
      .executeTakeFirstOrThrow();
    expect(Number(off.n)).toBe(0);
    // A fresh engine replaying the whole journal reaches the running engine's state.
    const replayed = new ExchangeEngine(serverEngineConfig());
    expect(await replayJournal(edb, replayed, 0)).toBe(running.services.engine.journalLength);
    expect(replayed.stateHash()).toBe(running.services.engine.stateHash());
  });

  it('the operator texts of the seed answer in all seven languages (ADR 243)', async () => {
    const texts = async (lang: string) => {
      const read = async <T>(path: string) => {
        const r = await fetch(`${running.url}/api/app/${path}`, {
          headers: { authorization: `Bearer ${token}`, 'accept-language': lang },
        });
        return ((await r.json()) as { data: T }).data;
      };
      const ai = await read<{ name: string }[]>('ai/products');
      const staking = await read<{ name: string }[]>('staking/products');
      const polls = await read<{ title: string; description: string }[]>('votes');
      const dividends = await read<{ list: { title: string }[] }>('dividends');
      return [...ai, ...staking]
        .map((p) => p.name)
        .concat(polls.flatMap((p) => [p.title, p.description]))
        .concat(dividends.list.map((d) => d.title))
        .concat(
          (await read<{ name: string; description: string }[]>('ieo/projects')).flatMap((p) => [
            p.name,
            p.description,
          ]),
        )
        .concat((await read<{ list: { name: string }[] }>('ieo/applications')).list.map((a) => a.name));
    };
    const en = await texts('en');
    expect(en).toContain('AI Quant Flexible');
    const de = await texts('de');
    expect(de).toContain('KI-Quant Flexibel');
    expect(de).toContain('USDC Stabil 30 Tage');
    expect(de).toContain('Welchen Coin sollen wir als Nächstes listen?');
    expect(de).toContain('Quartalsdividende der Plattform');
    expect(de).toContain('SOL-Startrunde');
    for (const lang of ['de', 'es', 'fr', 'it', 'zh_CN', 'zh_TW']) {
      const got = await texts(lang);
      expect(got.length).toBe(en.length);
      // Each text is its own language's, not the English text of record.
      for (const [i, text] of got.entries()) expect(text, `${lang} ${en[i]}`).not.toBe(en[i]);
    }
  });

  it('every spot and perpetual market has a price, volume and >= 100 candles right after the start', async () => {
    const coins = await get<{ symbol: string; last: string; volume: string; amount: string; high: string }[]>(
      '/api/app/market/coins',
      false,
    );
    expect(coins.data.map((c) => c.symbol).sort()).toEqual(MARKETS.map((m) => m.symbol).sort());
    for (const c of coins.data) {
      expect(/[1-9]/.test(c.last), `${c.symbol} last ${c.last}`).toBe(true);
      expect(/[1-9]/.test(c.volume), `${c.symbol} volume ${c.volume}`).toBe(true);
      expect(/[1-9]/.test(c.amount), `${c.symbol} amount`).toBe(true);
      for (const interval of ['1m', '1h', '1d']) {
        const k = await get<[number, string, string, string, string, string][]>(
          `/api/app/market/klines?symbol=${c.symbol}&interval=${interval}&limit=500`,
          false,
        );
        const want = interval === '1d' ? 30 : 100;
        expect(k.data.length, `${c.symbol} ${interval}`).toBeGreaterThanOrEqual(want);
        // Oldest first, strictly increasing open times, high >= low.
        for (let i = 1; i < k.data.length; i++) expect(k.data[i]![0]).toBeGreaterThan(k.data[i - 1]![0]);
        expect(k.data.every((x) => Number(x[2]) >= Number(x[3]))).toBe(true);
      }
      const trades = await get<unknown[]>(`/api/app/market/trades?symbol=${c.symbol}&limit=50`, false);
      expect(trades.data.length, `${c.symbol} tape`).toBeGreaterThan(10);
    }
    // The demo's ETH counts: ETH/USDC has a last price to value it with.
    const eth = coins.data.find((c) => c.symbol === 'ETH_USDC')!;
    expect(Number(eth.last)).toBeGreaterThan(1000);
  });

  it('the backfill is market data only: no trades rows, no ledger entries of bots or history', async () => {
    // The only trades are the demo's four seeded futures fills (ADR 219) and its two spot fills
    // (seed/spot.ts): none comes from the backfill.
    const id = await demoId();
    const trades = (await db.handle.db
      .selectFrom('trades' as never)
      .select(['market', 'buyer_id', 'seller_id'] as never[])
      .execute()) as unknown as { market: string; buyer_id: string; seller_id: string }[];
    expect(trades.length).toBe(6);
    expect(trades.filter((t) => t.market.endsWith('_PERP')).length).toBe(4);
    expect(
      trades
        .filter((t) => !t.market.endsWith('_PERP'))
        .map((t) => t.market)
        .sort(),
    ).toEqual(['BTC_USDC', 'ETH_USDC']);
    for (const t of trades) expect(t.buyer_id === id || t.seller_id === id).toBe(true);
  });

  it("the demo's futures screen has life: a contract balance, two open positions, finished orders", async () => {
    const balances = await get<{ contract: { available: string; equity: string } }>(
      '/api/app/wallet/balances',
    );
    expect(Number(balances.data.contract.available)).toBeGreaterThan(0);
    expect(Number(balances.data.contract.equity)).toBeGreaterThan(0);
    const positions = await get<
      {
        symbol: string;
        side: string;
        size: string;
        leverage: number;
        tp_price: string | null;
        sl_price: string | null;
      }[]
    >('/api/app/contract/positions');
    expect(positions.data.length).toBeGreaterThanOrEqual(1);
    expect(positions.data.map((p) => [p.symbol, p.side, p.size, p.leverage]).sort()).toEqual([
      ['BTC_USDC_PERP', 'long', '0.02000', 10],
      ['ETH_USDC_PERP', 'short', '0.5000', 5],
    ]);
    const short = positions.data.find((p) => p.side === 'short')!;
    expect(short.tp_price).not.toBeNull();
    expect(short.sl_price).not.toBeNull();
    // The round trip (0.2 ETH opened and closed) and both opening orders: four filled market orders.
    const history = await get<{ list: { status: string; type: string; action: string }[] }>(
      '/api/app/contract/orders?status=history&limit=50',
    );
    expect(
      history.data.list
        .filter((o) => o.status === 'filled')
        .map((o) => o.action)
        .sort(),
    ).toEqual(['close_long', 'open_long', 'open_long', 'open_short']);
    const open = await get<{ list: unknown[] }>('/api/app/contract/orders?status=open');
    expect(open.data.list).toEqual([]);
    const transfers = await get<{ list: { from: string; to: string; amount: string }[] }>(
      '/api/app/wallet/transfers',
    );
    expect(transfers.data.list.map((t) => [t.from, t.to, Number(t.amount)])).toEqual([
      ['spot', 'contract', 3000],
    ]);
  });

  it("the demo's spot orders: two fills and a cancel through the spot service, none left open (seed/spot.ts)", async () => {
    type Row = { symbol: string; side: string; quantity: string; filled: string; status: string };
    const list = async (status: 'open' | 'history') =>
      (await get<{ list: Row[] }>(`/api/app/spot/orders?status=${status}&limit=50`)).data.list;
    expect(await list('open')).toEqual([]);
    const history = await list('history');
    const pick = (status: string) =>
      history
        .filter((o) => o.status === status)
        .map((o) => [o.symbol, o.side, o.quantity, o.filled])
        .sort();
    expect(pick('filled')).toEqual([
      ['BTC_USDC', 'buy', '0.00500', '0.00500'],
      ['ETH_USDC', 'sell', '0.4000', '0.4000'],
    ]);
    expect(pick('cancelled')).toEqual([['ETH_USDC', 'buy', '0.3000', '0.0000']]);
    // The fills are the engine's trades, with fees; every command's entries sum to zero per coin.
    const trades = await running.services.edb
      .selectFrom('trades')
      .select(['market', 'buyer_fee', 'seller_fee'])
      .where('market', 'in', ['BTC_USDC', 'ETH_USDC'])
      .execute();
    expect(trades.length).toBe(2);
    for (const t of trades) expect(`${t.buyer_fee} ${t.seller_fee}`).toMatch(/[1-9]/);
    await running.services.engine.idle();
    const sums = new Map<string, bigint>();
    for (const r of await running.services.edb
      .selectFrom('ledger_entries')
      .select(['command_seq', 'coin', 'amount'])
      .execute()) {
      const key = `${r.command_seq} ${r.coin}`;
      sums.set(key, (sums.get(key) ?? 0n) + BigInt(r.amount));
    }
    expect([...sums].filter(([, sum]) => sum !== 0n)).toEqual([]);
  });

  it("the demo's savings, stakes and tickets, the audit log and a proof of reserves are there at once", async () => {
    // AI quant: two subscriptions days old, the flexible one with the interest of every day since
    // (0.2 USDC a day: five whole days and a part of its first, whatever the time of day).
    const orders = await get<{ list: { kind: string; interest: string }[] }>('/api/app/ai/orders?tab=active');
    expect(orders.data.list.map((o) => o.kind)).toEqual(['fixed', 'current']);
    expect(Number(orders.data.list.find((o) => o.kind === 'current')!.interest)).toBeGreaterThan(1);
    // Staking: one stake running, one waiting in the operator's queue.
    const stakes = await get<{ list: { coin: string; status: string }[] }>('/api/app/staking/stakes');
    expect(stakes.data.list.map((st) => [st.coin, st.status])).toEqual([
      ['USDC', 'review'],
      ['ETH', 'active'],
    ]);
    const queue = await adminGet<{ list: { coin: string }[] }>('/api/admin/staking/stakes?status=review');
    expect(queue.list.map((st) => st.coin)).toEqual(['USDC']);
    // Support: a conversation and an open question, in German.
    const tickets = await get<{ list: { status: string; subject: string }[] }>('/api/app/support/tickets');
    expect(tickets.data.list.map((x) => x.status)).toEqual(['open', 'answered']);
    expect(tickets.data.list[0]!.subject).toBe('Staking noch in Prüfung');
    const inbox = await adminGet<{ total: number }>('/api/admin/support/tickets');
    expect(inbox.total).toBe(2);
    // The operator's seeded decisions, each with the row before and the answer after.
    const audit = await adminGet<{ list: { action: string; before: unknown; after: unknown }[] }>(
      '/api/admin/audit?limit=100',
    );
    expect(audit.list.map((e) => e.action).sort()).toEqual([
      'POST /api/admin/kyc/:id/approve',
      'POST /api/admin/kyc/:id/reject',
      'POST /api/admin/staking/stakes/:id/review',
      'POST /api/admin/support/tickets/:id/reply',
      'POST /api/admin/withdrawals/:id/approve',
    ]);
    for (const e of audit.list) {
      expect(e.after, e.action).not.toBeNull();
      if (!e.action.includes('/support/')) expect(e.before, e.action).not.toBeNull();
    }
    // A published proof of reserves, before the daily check a minute after the start, and the
    // demo's own leaf in it.
    const latest = await get<{ users: number; trigger: string }>('/api/app/reserves/latest', false);
    expect(latest.status).toBe(200);
    expect(latest.data.trigger).toBe('daily');
    expect(latest.data.users).toBeGreaterThanOrEqual(4);
    const mine = await get<{ proof: unknown }>('/api/app/reserves/proof');
    expect(mine.data.proof).not.toBeNull();
    expect(await adminGet<unknown[]>('/api/admin/reserves/snapshots')).toHaveLength(1);
    // The start's snapshot is not the operator's turn: their first press is taken at once, the
    // second within a minute refused (ADR 256).
    const press = async () => {
      const login = await fetch(`${running.url}/api/admin/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD }),
      });
      const admin = ((await login.json()) as { data: { token: string } }).data.token;
      const r = await fetch(`${running.url}/api/admin/reserves/snapshots`, {
        method: 'POST',
        headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json' },
        body: '{}',
      });
      return ((await r.json()) as { code: number }).code;
    };
    expect(await press()).toBe(0);
    expect(await press()).toBe(3202);
    expect(await adminGet<{ trigger: string }[]>('/api/admin/reserves/snapshots')).toMatchObject([
      { trigger: 'operator' },
      { trigger: 'daily' },
    ]);
  });

  it('seeds once: a second run (a restart) adds nothing; history regenerates identically', async () => {
    const demo = await db.handle.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', DEMO_EMAIL)
      .executeTakeFirstOrThrow();
    const journal = running.services.engine.journalLength;
    expect(await seedWorld(running.services, demo.id)).toBe(false);
    expect(await seedFutures(running.services, demo.id)).toBe(false);
    expect(await seedFlash(running.services, demo.id)).toBe(false);
    expect(await seedSpot(running.services, demo.id)).toBe(false);
    const reviewer = (await seedOperator(running.services))!;
    const life = await lifeRows();
    expect(await seedEarn(running.services, demo.id, reviewer)).toBe(false);
    expect(await seedSupport(running.services, demo.id, reviewer)).toBe(false);
    expect(await lifeRows()).toEqual(life);
    expect(running.services.engine.journalLength).toBe(journal);
    const anchor = (await readAnchor(db.handle.db))!;
    expect(anchor).toBeDefined();
    const markets = [
      { symbol: 'BTC_USDC', base: 'BTC', ticksOf: (m: bigint) => Number(m / 10_000n), quotePerTickLot: 1n },
    ];
    expect(synthesize(anchor, markets)).toEqual(synthesize(anchor, markets));
    // A second backfill on the same database does nothing.
    expect(await running.services.market.backfill(running.services.edb, new Map([['BTC', 1n]]))).toBe(false);
  });

  it("a restart seeds the demo's futures no second time", async () => {
    const id = await demoId();
    const before = await futuresRows(id);
    const life = await lifeRows();
    expect(before.positions.length).toBe(2);
    await running.stop();
    running = await start();
    await login();
    expect(await futuresRows(id)).toEqual(before);
    // Nor its savings, stakes, tickets or audit entries; the proof of reserves is not taken again.
    expect(await lifeRows()).toEqual(life);
  });

  it('with SEED_DEMO off nothing is seeded: no demo user, no transfer, no contract order', async () => {
    const other = await freshDatabase(backend);
    const otherDir = mkdtempSync(join(tmpdir(), 'ex-demo-off-'));
    const off = await startExchange({
      config: loadConfig({
        DATA_DIR: otherDir,
        PORT: '0',
        CAPTCHA: 'off',
        SEED_DEMO: '0',
        MARKET_MAKER: '0',
      }),
      database: other.handle,
      logger: false,
      liquidityIntervalMs: 60_000,
    });
    try {
      const count = async (table: 'transfers' | 'orders') =>
        Number(
          (
            (await other.handle.db
              .selectFrom(table as never)
              .select((eb) => eb.fn.countAll<string>().as('n'))
              .executeTakeFirstOrThrow()) as { n: string }
          ).n,
        );
      expect(await count('transfers')).toBe(0);
      expect(await count('orders')).toBe(0);
      const demo = await other.handle.db
        .selectFrom('users')
        .select('id')
        .where('email', '=', DEMO_EMAIL)
        .executeTakeFirst();
      expect(demo).toBeUndefined();
    } finally {
      await off.stop();
      await other.drop();
      rmSync(otherDir, { recursive: true, force: true });
    }
  });

  it('the seeded world balances: the audit finds no problem', async () => {
    const report = await runAudit(db.handle.db);
    expect(report.problems).toEqual([]);
  });
});
