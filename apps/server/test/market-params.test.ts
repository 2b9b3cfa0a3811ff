import { accountKey, checkInvariants, ExchangeEngine, marketParams, ResultCode } from '@ex/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverEngineConfig } from '../src/engine/config.ts';
import { restoreEngine } from '../src/engine/journal.ts';
import { engineDb } from '../src/engine/tables.ts';
import { ADMIN, marketParamsAudit, postMarketParams, signInOperators } from './helpers/operators.ts';
import { BACKENDS, registerUser, type TestApp, testApp } from './helpers/testApp.ts';

/**
 * Issue 10 item 4 / ADR 154: fees and leverage list per market from the console, as an engine
 * command. Roles, bad values (nothing changes), the audit entry, the live values on every read, and
 * a replay of the journal that arrives at the same state.
 */
const PERP = 'BTC_USDC_PERP';

describe.each(BACKENDS)('market params on %s', (backend) => {
  let t: TestApp;
  const token = { admin: '', reviewer: '', support: '' };

  const params = (symbol: string, body: unknown, who: string = token.admin, lang = 'en') =>
    postMarketParams(t, symbol, body, who, lang);
  const auditRows = () => marketParamsAudit(t);

  beforeAll(async () => {
    t = await testApp(backend);
    Object.assign(token, await signInOperators(t));
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  it('only an admin changes a market: user 401, reviewer and support 403, nothing journaled', async () => {
    const user = await registerUser(t, 'someone@example.com');
    const journal = t.services.engine.journalLength;
    const body = { taker_fee_rate: '0.002' };
    expect((await params('BTC_USDC', body, user.token)).status).toBe(401);
    expect((await params('BTC_USDC', body, '')).status).toBe(401);
    for (const who of [token.reviewer, token.support]) {
      const r = await params('BTC_USDC', body, who);
      expect(r.status).toBe(403);
      expect(r.body.code).toBe(1090);
    }
    expect(t.services.engine.journalLength).toBe(journal);
    expect(await auditRows()).toHaveLength(0);
  });

  it('bad values are refused in the user language and change nothing', async () => {
    const journal = t.services.engine.journalLength;
    const hash = t.services.engine.stateHash();
    const cases: [string, unknown, number, string?][] = [
      ['BTC_USDC', {}, 422],
      ['BTC_USDC', { taker_fee_rate: '-0.001' }, 422],
      ['BTC_USDC', { taker_fee_rate: '0.1%' }, 422],
      ['BTC_USDC', { taker_fee_rate: 0.001 }, 422],
      ['BTC_USDC', { maker_fee_rate: '0.0000001' }, 422],
      ['BTC_USDC', { extra: 1, taker_fee_rate: '0.001' }, 422],
      ['BTC_USDC', { leverages: [1.5] }, 422],
      // Above 1 %: the core refuses it.
      [
        'BTC_USDC',
        { taker_fee_rate: '0.02' },
        2240,
        'Fees must be between 0 and 1 %, the maker fee at most the taker fee',
      ],
      // A maker fee above the taker fee.
      [PERP, { maker_fee_rate: '0.001' }, 2240],
      [PERP, { leverages: [1, 5, 3] }, 2241],
      [PERP, { leverages: [1, 2, 2] }, 2241],
      [
        PERP,
        { leverages: [1, 125] },
        2241,
        'Leverage values must be whole numbers in rising order, at least one, up to the market maximum of 100x',
      ],
      ['BTC_USDC', { leverages: [1, 2] }, 2241],
      // The same values again: nothing to change.
      ['BTC_USDC', { taker_fee_rate: '0.001', maker_fee_rate: '0.001000' }, 2242],
      [PERP, { leverages: [1, 2, 3, 5, 10, 20, 25, 50, 75, 100] }, 2242],
      ['XYZ_USDC', { taker_fee_rate: '0.001' }, 2101],
    ];
    for (const [symbol, body, code, message] of cases) {
      const r = await params(symbol, body);
      const got = r.status === 422 ? 422 : r.body.code;
      expect(got, `${symbol} ${JSON.stringify(body)}: ${JSON.stringify(r.body)}`).toBe(code);
      if (message) expect(r.body.message).toBe(message);
    }
    const de = await params(PERP, { leverages: [500] }, token.admin, 'de');
    expect(de.body.code).toBe(2241);
    expect(de.body.message).toContain('Hebel');
    const zh = await params(PERP, { leverages: [1, 125] }, token.admin, 'zh-CN');
    expect(zh.body.message).toContain('100x');
    expect(zh.body.message).toMatch(/杠杆/);
    expect(t.services.engine.journalLength).toBe(journal);
    expect(t.services.engine.stateHash()).toBe(hash);
    expect(await auditRows()).toHaveLength(0);
  });

  it('a change is one journaled command, audited with before/after, and read live everywhere', async () => {
    const changed = await params(PERP, { taker_fee_rate: '0.0008', leverages: [1, 2, 5, 10, 20] });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(changed.body.data).toMatchObject({
      symbol: PERP,
      leverages: [1, 2, 5, 10, 20],
      max_leverage: 100,
      maker_fee_rate: '0.000200',
      taker_fee_rate: '0.000800',
    });
    const rows = await auditRows();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      admin_email: ADMIN.email,
      before: { symbol: PERP, taker_fee_rate: '0.000500', leverages: [1, 2, 3, 5, 10, 20, 25, 50, 75, 100] },
      after: { symbol: PERP, taker_fee_rate: '0.000800', leverages: [1, 2, 5, 10, 20] },
    });
    expect(typeof rows[0]!.after.journal_seq).toBe('number');

    const console = await t.call<{ symbol: string; leverages: number[]; taker_fee_rate: string }[]>(
      'GET',
      '/api/admin/markets',
      { token: token.reviewer },
    );
    expect(console.body.data.find((m) => m.symbol === PERP)).toMatchObject({
      leverages: [1, 2, 5, 10, 20],
      taker_fee_rate: '0.000800',
    });
    const lev = await t.call<{ values: number[]; by_symbol: Record<string, number[]> }>(
      'GET',
      '/api/app/leverages',
    );
    expect(lev.body.data.by_symbol[PERP]).toEqual([1, 2, 5, 10, 20]);
    expect(lev.body.data.values).toContain(100); // ETH and the others still offer it
    const coins = await t.call<{ symbol: string; taker_fee_rate: string; maker_fee_rate: string }[]>(
      'GET',
      '/api/app/market/coins',
    );
    expect(coins.body.data.find((c) => c.symbol === PERP)).toMatchObject({
      maker_fee_rate: '0.000200',
      taker_fee_rate: '0.000800',
    });

    // The user side takes only the new list.
    const trader = await registerUser(t, 'trader@example.com');
    const r50 = await t.call('POST', '/api/app/contract/leverage', {
      token: trader.token,
      body: { symbol: PERP, leverage: 50, margin_mode: 'cross' },
    });
    expect(r50.body.code).toBe(2106);
    const order = await t.call('POST', '/api/app/contract/orders', {
      token: trader.token,
      body: {
        symbol: PERP,
        action: 'open_long',
        type: 'market',
        quantity: '0.001',
        leverage: 50,
        margin_mode: 'cross',
      },
    });
    expect(order.status).toBe(422);
    expect(JSON.stringify(order.body.errors)).toContain('leverage');
    const r20 = await t.call('POST', '/api/app/contract/leverage', {
      token: trader.token,
      body: { symbol: PERP, leverage: 20, margin_mode: 'cross' },
    });
    expect(r20.status, JSON.stringify(r20.body)).toBe(200);
  });

  it('new spot fees apply to the next fill', async () => {
    const r = await params('BTC_USDC', { maker_fee_rate: '0', taker_fee_rate: '0.003' });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const engine = t.services.engine;
    const seller = await registerUser(t, 'seller@example.com');
    const buyer = await registerUser(t, 'buyer@example.com');
    for (const [u, asset, amount] of [
      [seller.user.id, 'BTC', 100_000_000n],
      [buyer.user.id, 'USDC', 10_000_000_000n],
    ] as const) {
      const d = await engine.submit({ type: 'deposit', userId: u, asset, amount });
      expect(d.code).toBe(ResultCode.OK);
    }
    const order = { symbol: 'BTC_USDC', type: 'limit', price: '97000.00', quantity: '0.01' };
    const sell = await t.call('POST', '/api/app/spot/orders', {
      token: seller.token,
      body: { ...order, side: 'sell' },
    });
    expect(sell.status, JSON.stringify(sell.body)).toBe(200);
    const buy = await t.call('POST', '/api/app/spot/orders', {
      token: buyer.token,
      body: { ...order, side: 'buy' },
    });
    expect(buy.status, JSON.stringify(buy.body)).toBe(200);
    // The buyer took the resting sell: 0.01 BTC less the 0.3 % taker fee; the maker paid nothing.
    expect(engine.engine.ledger.available(accountKey(buyer.user.id, 'spot', 'BTC'))).toBe(997_000n);
    expect(engine.engine.ledger.available(accountKey(seller.user.id, 'spot', 'USDC'))).toBe(970_000_000n);
  });

  it('a higher taker fee holds resting opening orders again; one its owner cannot cover is cancelled', async () => {
    const engine = t.services.engine;
    expect((await engine.submit({ type: 'priceUpdate', symbol: PERP, indexPrice: 9_700_000n })).code).toBe(
      ResultCode.OK,
    );
    const trader = await registerUser(t, 'tight@example.com');
    const id = trader.user.id;
    await engine.submit({ type: 'deposit', userId: id, asset: 'USDC', amount: 1_000_000_000n });
    const tr = await t.call('POST', '/api/app/wallet/transfer', {
      token: trader.token,
      body: { from: 'spot', to: 'contract', coin: 'USDC', amount: '100' },
    });
    expect(tr.status, JSON.stringify(tr.body)).toBe(200);
    const placed = await t.call<{ id: string }>('POST', '/api/app/contract/orders', {
      token: trader.token,
      body: {
        symbol: PERP,
        action: 'open_long',
        type: 'limit',
        price: '96000',
        quantity: '0.01',
        leverage: 10,
        margin_mode: 'cross',
      },
    });
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    // Nothing else free in the contract wallet: a higher fee cannot be held.
    const wallet = accountKey(id, 'contract', 'USDC');
    const free = engine.engine.ledger.available(wallet);
    if (free > 0n)
      await engine.submit({
        type: 'transfer',
        userId: id,
        asset: 'USDC',
        from: 'contract',
        to: 'spot',
        amount: free,
      });
    expect(engine.engine.ledger.available(wallet)).toBe(0n);
    const r = await params(PERP, { taker_fee_rate: '0.001' });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const history = await t.call<{ list: { id: string; status: string }[] }>(
      'GET',
      '/api/app/contract/orders?status=history',
      { token: trader.token },
    );
    expect(history.body.data.list.find((o) => o.id === placed.body.data.id)?.status).toBe('cancelled');
    expect(engine.engine.ledger.frozen(wallet)).toBe(0n);
    const last = (await auditRows()).at(-1)!;
    expect(last.after).toMatchObject({ taker_fee_rate: '0.001000', orders_cancelled: 1 });
    expect(checkInvariants(engine.engine)).toEqual([]);
  });

  it('a replay of the journal (and a snapshot) holds the same parameters and state', async () => {
    await t.services.engine.idle();
    const fresh = new ExchangeEngine(serverEngineConfig());
    await restoreEngine(engineDb(t.db), fresh);
    expect(fresh.stateHash()).toBe(t.services.engine.stateHash());
    expect(marketParams(fresh, PERP)?.leverages).toEqual([1, 2, 5, 10, 20]);
    expect(marketParams(fresh, 'BTC_USDC')?.takerFeePpm).toBe(3000n);
    await t.services.engine.snapshot();
    const again = new ExchangeEngine(serverEngineConfig());
    await restoreEngine(engineDb(t.db), again);
    expect(again.snapshot().marketParams?.map((r) => r[0])).toEqual(['BTC_USDC', PERP]);
    expect(again.stateHash()).toBe(t.services.engine.stateHash());
  });
});
