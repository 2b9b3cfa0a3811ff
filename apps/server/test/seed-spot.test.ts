// The demo's spot orders (seed/spot.ts): a fresh embedded default shows /SpotOrder's history with two
// fills and a cancel, placed through the spot service against a seeded counterparty, and no order
// left open; every engine command's ledger entries sum to zero per coin, the audit holds, and a
// restart seeds nothing twice.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAudit } from '../src/audit.ts';
import { loadConfig } from '../src/config.ts';
import type { DbHandle } from '../src/db/db.ts';
import { DEMO_EMAIL, DEMO_PASSWORD } from '../src/seed.ts';
import { type RunningExchange, startExchange } from '../src/start.ts';
import { BACKENDS, freshDatabase } from './helpers/testApp.ts';

interface Order {
  id: string;
  symbol: string;
  side: string;
  type: string;
  price: string;
  quantity: string;
  filled: string;
  status: string;
  created_at: number;
  updated_at: number;
}

describe.each(BACKENDS)("the demo's spot orders on %s", { timeout: 240_000 }, (backend) => {
  let db: { handle: DbHandle; drop(): Promise<void> };
  let running: RunningExchange;
  let dir: string;
  let token: string;

  const start = () =>
    startExchange({
      config: loadConfig({ DATA_DIR: dir, PORT: '0', CAPTCHA: 'off', SEED_DEMO: '1', MARKET_MAKER: '0' }),
      database: db.handle,
      logger: false,
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
  const orders = async (status: 'open' | 'history'): Promise<Order[]> => {
    const r = await fetch(`${running.url}/api/app/spot/orders?status=${status}&limit=50`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(r.status).toBe(200);
    return ((await r.json()) as { data: { list: Order[] } }).data.list;
  };
  const demoId = async () =>
    (
      await db.handle.db
        .selectFrom('users')
        .select('id')
        .where('email', '=', DEMO_EMAIL)
        .executeTakeFirstOrThrow()
    ).id;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'ex-seed-spot-'));
    db = await freshDatabase(backend);
    running = await start();
    await login();
  });
  afterAll(async () => {
    await running?.stop();
    await db?.drop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('leaves no order of the demo open', async () => {
    expect(await orders('open')).toEqual([]);
  });

  it('the history holds two fills and a cancel, with the trades and fees the engine made', async () => {
    const history = await orders('history');
    const filled = history.filter((o) => o.status === 'filled');
    const cancelled = history.filter((o) => o.status === 'cancelled');
    expect(filled.map((o) => [o.symbol, o.side, o.quantity, o.filled]).sort()).toEqual([
      ['BTC_USDC', 'buy', '0.00500', '0.00500'],
      ['ETH_USDC', 'sell', '0.4000', '0.4000'],
    ]);
    expect(cancelled.map((o) => [o.symbol, o.side, o.quantity, o.filled])).toEqual([
      ['ETH_USDC', 'buy', '0.3000', '0.0000'],
    ]);
    const id = await demoId();
    const trades = await running.services.edb
      .selectFrom('trades')
      .select(['market', 'buyer_id', 'seller_id', 'buyer_fee', 'seller_fee'])
      .where('market', 'in', ['BTC_USDC', 'ETH_USDC'])
      .orderBy('seq')
      .execute();
    expect(
      trades.map((t) => [t.market, t.buyer_id === id ? 'buy' : t.seller_id === id ? 'sell' : '-']),
    ).toEqual([
      ['BTC_USDC', 'buy'],
      ['ETH_USDC', 'sell'],
    ]);
    // Fees were charged (the engine's, not the seed's).
    for (const t of trades) expect(`${t.buyer_fee} ${t.seller_fee}`).toMatch(/[1-9]/);
  });

  it("every engine command's ledger entries sum to zero per coin, and the audit holds", async () => {
    await running.services.engine.idle();
    const rows = await running.services.edb
      .selectFrom('ledger_entries')
      .select(['command_seq', 'coin', 'amount', 'type'])
      .execute();
    const sums = new Map<string, bigint>();
    for (const r of rows) {
      const key = `${r.command_seq} ${r.coin}`;
      sums.set(key, (sums.get(key) ?? 0n) + BigInt(r.amount));
    }
    const unbalanced = [...sums].filter(([, sum]) => sum !== 0n);
    expect(unbalanced).toEqual([]);
    expect((await runAudit(db.handle.db)).problems).toEqual([]);
  });

  it('a restart seeds no spot order a second time', async () => {
    const before = [...(await orders('open')), ...(await orders('history'))].map((o) => o.id).sort();
    await running.stop();
    running = await start();
    await login();
    const after = [...(await orders('open')), ...(await orders('history'))].map((o) => o.id).sort();
    expect(after).toEqual(before);
  });
});
