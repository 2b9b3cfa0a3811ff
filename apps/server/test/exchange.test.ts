import { ResultCode } from '@ex/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, deposit, registerUser, type TestApp, testApp } from './helpers/testApp.ts';
import { adminToken } from './kyc-support.ts';

interface Bal {
  spot: { coin: string; available: string; frozen: string }[];
}
interface Quote {
  quote_id: string;
  amount: string;
  receive: string;
  price: string;
  fee: string;
  expires_at: number;
}

// Decimal string -> integer at `scale` (test-side, no floats).
const units = (s: string, scale: number): bigint => {
  const [i = '0', f = ''] = s.split('.');
  return BigInt(i + f.padEnd(scale, '0'));
};

describe.each(BACKENDS)('flash exchange on %s', (backend) => {
  let t: TestApp;
  let admin: string;
  let alice: { token: string; id: string };
  let bob: { token: string; id: string };

  const spot = async (token: string, coin: string) =>
    (await t.call<Bal>('GET', '/api/app/wallet/balances', { token })).body.data.spot.find(
      (s) => s.coin === coin,
    )!.available;
  const treasury = async (coin: string) =>
    (
      await t.call<{ coin: string; available: string }[]>('GET', '/api/admin/treasury', { token: admin })
    ).body.data.find((c) => c.coin === coin)!.available;
  const state = async () => ({
    a: [await spot(alice.token, 'USDC'), await spot(alice.token, 'BTC')],
    b: [await spot(bob.token, 'USDC'), await spot(bob.token, 'BTC')],
    tr: [await treasury('USDC'), await treasury('BTC')],
    records: (
      await t.db
        .selectFrom('exchange_records' as never)
        .selectAll()
        .execute()
    ).length,
    journal: t.services.engine.journalLength,
  });
  const quote = (token: string, body: unknown, lang = 'en') =>
    t.call<Quote>('POST', '/api/app/exchange/quote', { token, body, lang });
  const execute = (token: string, quote_id: string) =>
    t.call<{ id: string; receive: string }>('POST', '/api/app/exchange/execute', {
      token,
      body: { quote_id },
      lang: 'en',
    });

  beforeAll(async () => {
    t = await testApp(backend);
    admin = await adminToken(t);
    const a = await registerUser(t, 'fx-a@example.com');
    const b = await registerUser(t, 'fx-b@example.com');
    alice = { token: a.token, id: a.user.id };
    bob = { token: b.token, id: b.user.id };
    for (const [asset, amount] of [
      ['USDC', 1_000_000_000n],
      ['BTC', 10_000_000n],
    ] as const) {
      await deposit(t, alice.id, asset, amount);
    }
    // A BTC price (no spot trade yet: the perpetual's mark) of 50 000.00 USDC.
    const p = await t.services.engine.submit(({ ts }) => ({
      type: 'priceUpdate',
      ts,
      symbol: 'BTC_USDC_PERP',
      indexPrice: 5_000_000n,
    }));
    expect(p.code).toBe(ResultCode.OK);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('lists the coins exchangeable against USDC', async () => {
    const r = await t.call<{ quote: string; coins: string[] }>('GET', '/api/app/exchange/coins');
    expect(r.body.data.quote).toBe('USDC');
    expect(r.body.data.coins).toContain('BTC');
    expect(r.body.data.coins).not.toContain('USDC');
  });

  it('needs a user token; the treasury needs an operator', async () => {
    expect(
      (await t.call('POST', '/api/app/exchange/quote', { body: { from: 'BTC', to: 'USDC', amount: '1' } }))
        .status,
    ).toBe(401);
    expect((await t.call('GET', '/api/admin/treasury', { token: alice.token })).status).toBe(401);
    const fund = await t.call('POST', '/api/admin/treasury/fund', {
      token: alice.token,
      body: { coin: 'USDC', amount: '1' },
    });
    expect(fund.status).toBe(401);
    expect(await treasury('USDC')).toBe('0.000000');
  });

  it('refuses bad amounts and pairs with 422 and changes nothing', async () => {
    const before = await state();
    const bad: [unknown, string, RegExp][] = [
      [{ from: 'BTC', to: 'USDC', amount: 1 }, 'amount', /.+/],
      [{ from: 'BTC', to: 'USDC', amount: '1e3' }, 'amount', /.+/],
      [{ from: 'BTC', to: 'USDC', amount: '-1' }, 'amount', /.+/],
      [{ from: 'BTC', to: 'USDC', amount: '0' }, 'amount', /.+/],
      [{ from: 'USDC', to: 'BTC', amount: '1.0000001' }, 'amount', /^Please enter correct exchange amount$/],
      // So small that nothing is left after the fee.
      [{ from: 'USDC', to: 'BTC', amount: '0.000001' }, 'amount', /^Please enter correct exchange amount$/],
      [{ from: 'BTC', to: 'BTC', amount: '1' }, 'to', /.+/],
      [{ from: 'BTC', to: 'ETH', amount: '1' }, 'to', /.+/],
      [{ from: 'NOPE', to: 'USDC', amount: '1' }, 'from', /.+/],
      [{ from: 'BTC', to: 'USDC' }, 'amount', /^This field is required$/],
      [{ from: 'BTC', to: 'USDC', amount: '1', extra: 1 }, '', /.*/],
    ];
    for (const [body, field, msg] of bad) {
      const r = await quote(alice.token, body);
      expect(r.status, JSON.stringify(body)).toBe(422);
      expect(r.body.code).toBe(422);
      if (field) expect(r.body.errors?.[field]?.[0]).toMatch(msg);
    }
    const de = await quote(alice.token, { from: 'USDC', to: 'BTC', amount: '1.0000001' }, 'de');
    expect(de.body.errors?.amount?.[0]).toBe('Bitte geben Sie einen korrekten Umtauschbetrag ein');
    expect(await state()).toEqual(before);
  });

  it('refuses a coin without a price (409) and an empty flash float, already at the quote', async () => {
    const eth = await quote(alice.token, { from: 'USDC', to: 'ETH', amount: '10' });
    expect(eth.status).toBe(409);
    expect(eth.body.code).toBe(2012);
    const before = await state();
    const q = await quote(alice.token, { from: 'BTC', to: 'USDC', amount: '0.01' });
    expect(q.status).toBe(409);
    expect(q.body.code).toBe(2012);
    expect(await state()).toEqual(before);
  });

  it('sells BTC for USDC at the quoted amount, exactly, through the treasury', async () => {
    const fund = await t.call('POST', '/api/admin/treasury/fund', {
      token: admin,
      body: { coin: 'USDC', amount: '100000' },
    });
    expect(fund.status).toBe(200);
    const q = await quote(alice.token, { from: 'BTC', to: 'USDC', amount: '0.01' });
    expect(q.status).toBe(200);
    const price = units(q.body.data.price, 6);
    expect(price).toBeGreaterThan(0n);
    const gross = (1_000_000n * price) / 100_000_000n;
    const fee = (gross * 2000n + 999_999n) / 1_000_000n;
    expect(units(q.body.data.fee, 6)).toBe(fee);
    expect(units(q.body.data.receive, 6)).toBe(gross - fee);
    expect(q.body.data.amount).toBe('0.01000000');
    expect(q.body).not.toHaveProperty('data.fee_rate');

    const r = await execute(alice.token, q.body.data.quote_id);
    expect(r.status).toBe(200);
    expect(await spot(alice.token, 'BTC')).toBe('0.09000000');
    expect(units(await spot(alice.token, 'USDC'), 6)).toBe(1_000_000_000n + gross - fee);
    expect(await treasury('BTC')).toBe('0.01000000');
    expect(units(await treasury('USDC'), 6)).toBe(100_000_000_000n - (gross - fee));

    const h = await t.call<{ list: { id: string; receive: string }[]; total: number }>(
      'GET',
      '/api/app/exchange/history',
      { token: alice.token },
    );
    expect(h.body.data.total).toBe(1);
    expect(h.body.data.list[0]!.receive).toBe(q.body.data.receive);
    const ledger = await t.call<{ list: { type: string; coin: string }[] }>('GET', '/api/app/wallet/ledger', {
      token: alice.token,
    });
    expect(
      ledger.body.data.list
        .filter((e) => e.type === 'system')
        .map((e) => e.coin)
        .sort(),
    ).toEqual(['BTC', 'USDC']);
    expect(
      (await t.call<{ total: number }>('GET', '/api/app/exchange/history', { token: bob.token })).body.data
        .total,
    ).toBe(0);
  });

  it('buys BTC with USDC (fee in BTC)', async () => {
    const q = await quote(alice.token, { from: 'USDC', to: 'BTC', amount: '100' });
    const price = units(q.body.data.price, 6);
    const gross = (100_000_000n * 100_000_000n) / price;
    const fee = (gross * 2000n + 999_999n) / 1_000_000n;
    expect(units(q.body.data.receive, 8)).toBe(gross - fee);
    const btcBefore = units(await spot(alice.token, 'BTC'), 8);
    // The treasury holds 0.01 BTC from the sale: enough for 100 USDC at 50 000.
    const r = await execute(alice.token, q.body.data.quote_id);
    expect(r.status).toBe(200);
    expect(units(await spot(alice.token, 'BTC'), 8)).toBe(btcBefore + gross - fee);
  });

  it('a quote is single-use, the owner’s only, and expires after 10 s; nothing changes on refusal', async () => {
    const q = await quote(alice.token, { from: 'BTC', to: 'USDC', amount: '0.001' });
    const before = await state();
    const other = await execute(bob.token, q.body.data.quote_id);
    expect(other.status).toBe(404);
    const unknown = await execute(alice.token, 'AAAAAAAAAAAAAAAA');
    expect(unknown.status).toBe(404);
    const badId = await t.call('POST', '/api/app/exchange/execute', {
      token: alice.token,
      body: { quote_id: 'x' },
    });
    expect(badId.status).toBe(422);
    t.clock.advance(10_001);
    const late = await execute(alice.token, q.body.data.quote_id);
    expect(late.status).toBe(409);
    expect(late.body.code).toBe(2011);
    expect(late.body.message).toBe('The quote has expired, please request a new one');
    expect(await state()).toEqual(before);

    const q2 = await quote(alice.token, { from: 'BTC', to: 'USDC', amount: '0.001' });
    const [a, b] = await Promise.all([
      execute(alice.token, q2.body.data.quote_id),
      execute(alice.token, q2.body.data.quote_id),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 404]);
  });

  it('refuses more than the balance with 400 and changes nothing', async () => {
    const q = await quote(bob.token, { from: 'USDC', to: 'BTC', amount: '10' });
    expect(q.status).toBe(200);
    const before = await state();
    const r = await execute(bob.token, q.body.data.quote_id);
    expect(r.status).toBe(400);
    expect(r.body.code).toBe(2001);
    expect(await state()).toEqual(before);
  });
});
