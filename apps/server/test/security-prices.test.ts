import { ResultCode } from '@ex/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAudit } from '../src/audit.ts';
import {
  BACKENDS,
  contractTrader,
  deposit,
  expectRefused,
  indexPrice,
  type TestApp,
  testApp,
} from './helpers/testApp.ts';
import { adminToken } from './kyc-support.ts';

// Issue 7 item 1 (ADRs 110-113): each attack over HTTP against a real server, on PGlite and on
// PostgreSQL when DATABASE_URL is set. BTC index 50 000.00 USDC (5 000 000 ticks of 0.01).

interface Bal {
  spot: { coin: string; available: string; frozen: string }[];
}
interface Quote {
  quote_id: string;
  receive: string;
  price: string;
}
interface Order {
  id: string;
  status: string;
  filled: string;
}
interface TreasuryAccount {
  purpose: string;
  coin: string;
  available: string;
  low_water: string;
  low: boolean;
}

const INDEX_TICKS = 5_000_000n;
// Decimal string -> integer at `scale` (test-side, no floats).
const units = (s: string, scale: number): bigint => {
  const [i = '0', f = ''] = s.split('.');
  return BigInt(i + f.padEnd(scale, '0'));
};

describe.each(BACKENDS)('price attacks on %s', (backend) => {
  let t: TestApp;
  let admin: string;
  let mallory: { token: string; id: string };
  let mule: { token: string; id: string };
  let alice: { token: string; id: string };

  const balances = async (token: string) =>
    (await t.call<Bal>('GET', '/api/app/wallet/balances', { token })).body.data.spot;
  const state = async () => ({
    m: await balances(mallory.token),
    u: await balances(mule.token),
    a: await balances(alice.token),
    journal: t.services.engine.journalLength,
  });
  const spotOrder = (token: string, body: Record<string, unknown>, lang = 'en') =>
    t.call<Order>('POST', '/api/app/spot/orders', { token, body, lang });
  /** A BTC_USDC limit order. */
  const spotLimit = (token: string, side: 'buy' | 'sell', price: string, quantity: string, lang = 'en') =>
    spotOrder(token, { symbol: 'BTC_USDC', side, type: 'limit', price, quantity }, lang);
  /** A BTC_USDC market order of a `quantity` of BTC or a `quote_amount` of USDC. */
  const spotMarket = (
    token: string,
    side: 'buy' | 'sell',
    size: { quantity: string } | { quote_amount: string },
  ) => spotOrder(token, { symbol: 'BTC_USDC', side, type: 'market', ...size });
  const perpOrder = (token: string, body: Record<string, unknown>, lang = 'en') =>
    t.call<Order>('POST', '/api/app/contract/orders', { token, body, lang });
  const quote = (token: string, body: unknown) =>
    t.call<Quote>('POST', '/api/app/exchange/quote', { token, body, lang: 'en' });
  /** An order straight into the engine, past the HTTP band: a stale order or a bot's. */
  const rawSpot = (userId: string, side: 'buy' | 'sell', price: number, qty: number) =>
    t.services.engine.submit(({ ts, id }) => ({
      type: 'spotPlace',
      orderType: 'limit',
      ts,
      orderId: id,
      userId,
      symbol: 'BTC_USDC',
      side,
      price,
      qty,
    }));
  const cancelAll = async () => {
    for (const u of [mallory, mule, alice]) {
      await t.services.engine.submit(({ ts }) => ({
        type: 'spotCancelAll',
        ts,
        symbol: 'BTC_USDC',
        userId: u.id,
      }));
    }
  };

  beforeAll(async () => {
    t = await testApp(backend, { env: { FLASH_MAX_QUOTE_USDC: '3000', FLASH_DAILY_USDC: '5000' } });
    admin = await adminToken(t);
    const users = [];
    for (const e of ['mallory', 'mule', 'alice']) {
      // 10,000 USDC and 1 BTC, 5,000 of the USDC moved to the contract wallet.
      const u = await contractTrader(t, `sp-${e}@example.com`, {
        deposit: 10_000_000_000n,
        toContract: '5000',
      });
      await deposit(t, u.id, 'BTC', 100_000_000n);
      users.push(u);
    }
    [mallory, mule, alice] = users as [typeof mallory, typeof mule, typeof alice];
    expect((await indexPrice(t, INDEX_TICKS)).code).toBe(ResultCode.OK);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('refuses the 1 000 000 USDC print on spot: out of band, localised, nothing changes', async () => {
    const before = await state();
    const sell = await spotLimit(mallory.token, 'sell', '1000000', '0.0001');
    expectRefused(sell, 400, 2130, 'The price must be between 45,000.00 and 55,000.00');
    const buy = await spotLimit(mule.token, 'buy', '1000000', '0.0001', 'de');
    expectRefused(buy, 400, 2130, 'Der Preis muss zwischen 45.000,00 und 55.000,00 liegen');
    const low = await spotLimit(mallory.token, 'buy', '44999.99', '0.001');
    expect(low.body.code).toBe(2130);
    expect(await state()).toEqual(before);
    // The band the refusal names is public, so the order forms can show it beforehand.
    for (const symbol of ['BTC_USDC', 'BTC_USDC_PERP']) {
      const band = await t.call('GET', `/api/app/market/band?symbol=${symbol}`);
      expect(band.body.data).toEqual({
        symbol,
        band: { min: '45000.00', max: '55000.00' },
        band_percent: '10.00',
        market_protection_percent: '5.00',
      });
    }
    expect((await t.call('GET', '/api/app/market/band?symbol=NOPE_USDC')).status).toBe(400);
    // Inside the band is an ordinary order.
    const ok = await spotLimit(mallory.token, 'sell', '55000.00', '0.0001');
    expect(ok.status).toBe(200);
    expect(ok.body.data.status).toBe('open');
    await cancelAll();
  });

  it('refuses out-of-band perpetual limit orders (open and close) the same way', async () => {
    const before = await state();
    const base = {
      symbol: 'BTC_USDC_PERP',
      type: 'limit',
      quantity: '0.001',
      leverage: 10,
      margin_mode: 'cross',
    };
    for (const price of ['40000', '1000000', '0.01']) {
      const r = await perpOrder(mallory.token, { ...base, action: 'open_long', price });
      expect(r.status, price).toBe(400);
      expect(r.body.code).toBe(2130);
      expect(r.body.message).toBe('The price must be between 45,000.00 and 55,000.00');
    }
    const fr = await perpOrder(mallory.token, { ...base, action: 'open_short', price: '60000' }, 'fr');
    expect(fr.body.message).toBe('Le prix doit être compris entre 45\u202f000,00 et 55\u202f000,00');
    expect(await state()).toEqual(before);
    const ok = await perpOrder(mallory.token, { ...base, action: 'open_long', price: '49000' });
    expect(ok.status).toBe(200);
    await t.call('DELETE', `/api/app/contract/orders/${ok.body.data.id}`, { token: mallory.token });
  });

  it('the manipulated trade no longer moves the flash quote; a pulled book refuses it', async () => {
    const fund = await t.call('POST', '/api/admin/treasury/fund', {
      token: admin,
      body: { coin: 'USDC', amount: '100000', purpose: 'flash' },
    });
    expect(fund.status).toBe(200);
    // The print happens anyway (straight into the engine, e.g. before a band existed).
    expect((await rawSpot(mallory.id, 'sell', 100_000_000, 1)).code).toBe(ResultCode.OK);
    expect((await rawSpot(mule.id, 'buy', 100_000_000, 1)).code).toBe(ResultCode.OK);
    const trades = await t.call<{ price: string }[]>('GET', '/api/app/market/trades?symbol=BTC_USDC&limit=1');
    expect(trades.body.data[0]!.price).toBe('1000000.00');
    // 0.05 BTC is worth 2 500 USDC at the index, not ~49 900.
    const q = await quote(mallory.token, { from: 'BTC', to: 'USDC', amount: '0.05' });
    expect(q.status).toBe(200);
    expect(q.body.data.price).toBe('50000.00');
    expect(units(q.body.data.receive, 6)).toBe(2_500_000_000n - 5_000_000n);

    // A book held far from the index (both sides) makes the quote refuse instead of guess.
    expect((await rawSpot(mallory.id, 'sell', 90_000_000, 1)).code).toBe(ResultCode.OK);
    expect((await rawSpot(mule.id, 'buy', 80_000_000, 1)).code).toBe(ResultCode.OK);
    const before = await state();
    const pulled = await quote(mallory.token, { from: 'BTC', to: 'USDC', amount: '0.05' });
    expectRefused(
      pulled,
      409,
      2030,
      'The market price is too far from the index price, please try again later',
    );
    expect(await state()).toEqual(before);
    await cancelAll();
  });

  it('caps the size of one quote and the value per user and day', async () => {
    const before = await state();
    const big = await quote(alice.token, { from: 'BTC', to: 'USDC', amount: '0.1' });
    expectRefused(big, 400, 2031, 'A single exchange is limited to 3,000\u00a0USDC');
    const bigBuy = await quote(alice.token, { from: 'USDC', to: 'BTC', amount: '3000.000001' });
    expect(bigBuy.body.code).toBe(2031);
    expect(await state()).toEqual(before);
    for (let i = 0; i < 2; i++) {
      const q = await quote(alice.token, { from: 'BTC', to: 'USDC', amount: '0.05' });
      expect(q.status).toBe(200);
      const x = await t.call('POST', '/api/app/exchange/execute', {
        token: alice.token,
        body: { quote_id: q.body.data.quote_id },
      });
      expect(x.status).toBe(200);
    }
    const after = await state();
    const third = await quote(alice.token, { from: 'BTC', to: 'USDC', amount: '0.0001' });
    expectRefused(third, 409, 2032, 'The daily exchange limit of 5,000\u00a0USDC has been reached');
    expect(await state()).toEqual(after);
    // The next UTC day starts a new allowance.
    t.clock.advance(86_400_000);
    expect((await quote(alice.token, { from: 'BTC', to: 'USDC', amount: '0.0001' })).status).toBe(200);
  });

  it('spot market orders stop at the protection from the index; the rest is cancelled', async () => {
    // Only far-away liquidity: an ask 20 % above and a bid 20 % below the index.
    expect((await rawSpot(mallory.id, 'sell', 6_000_000, 10)).code).toBe(ResultCode.OK);
    expect((await rawSpot(mallory.id, 'buy', 4_000_000, 10)).code).toBe(ResultCode.OK);
    const before = await balances(alice.token);
    const buy = await spotMarket(alice.token, 'buy', { quantity: '0.001' });
    expect(buy.status).toBe(200);
    expect(buy.body.data.status).toBe('cancelled');
    expect(units(buy.body.data.filled, 5)).toBe(0n);
    const sell = await spotMarket(alice.token, 'sell', { quantity: '0.001' });
    expect(sell.body.data.status).toBe('cancelled');
    const byQuote = await spotMarket(alice.token, 'buy', { quote_amount: '100' });
    expect(byQuote.body.data.status).toBe('cancelled');
    expect(await balances(alice.token)).toEqual(before);
    // Liquidity inside the protection fills; the far ask behind it does not.
    expect((await rawSpot(mule.id, 'sell', 5_000_000, 10)).code).toBe(ResultCode.OK);
    const part = await spotMarket(alice.token, 'buy', { quantity: '0.002' });
    expect(part.status).toBe(200);
    expect(part.body.data.filled).toBe('0.00100');
    expect(part.body.data.status).not.toBe('open');
    await cancelAll();
  });

  it('perpetual market orders do not fill beyond the protection from the mark', async () => {
    // A resting short 20 % above the mark, placed straight into the engine.
    const r = await t.services.engine.submit(({ ts, id }) => ({
      type: 'contractPlace',
      ts,
      orderId: id,
      userId: mule.id,
      symbol: 'BTC_USDC_PERP',
      action: 'open_short',
      orderType: 'limit',
      mode: 'cross',
      price: 6_000_000,
      qty: 10,
    }));
    expect(r.code).toBe(ResultCode.OK);
    const m = await perpOrder(alice.token, {
      symbol: 'BTC_USDC_PERP',
      action: 'open_long',
      type: 'market',
      quantity: '0.001',
      leverage: 10,
      margin_mode: 'cross',
    });
    expect(m.status).toBe(200);
    expect(units(m.body.data.filled, 5)).toBe(0n);
    const pos = await t.call<unknown[]>('GET', '/api/app/contract/positions', { token: alice.token });
    expect(pos.body.data).toEqual([]);
    await t.services.engine.submit(({ ts }) => ({
      type: 'contractCancel',
      ts,
      symbol: 'BTC_USDC_PERP',
      orderId: r.id,
      userId: mule.id,
    }));
  });

  it('purpose treasuries: the float cannot spend the earn reserve; a low balance is flagged', async () => {
    const overview = await t.call<TreasuryAccount[]>('GET', '/api/admin/treasury/accounts', { token: admin });
    expect(overview.status).toBe(200);
    const row = (purpose: string, coin = 'USDC') =>
      overview.body.data.find((r) => r.purpose === purpose && r.coin === coin)!;
    expect(row('flash').low).toBe(false);
    expect(row('earn')).toMatchObject({ available: '0.000000', low_water: '1000.000000', low: true });
    expect((await t.call('GET', '/api/admin/treasury/accounts', { token: alice.token })).status).toBe(401);
    // The earn reserve holds BTC, the float little: the float pays only from its own.
    await t.call('POST', '/api/admin/earn/treasury', { token: admin, body: { coin: 'BTC', amount: '1' } });
    const first = await quote(mule.token, { from: 'USDC', to: 'BTC', amount: '2999' });
    expect(first.status).toBe(200);
    const x = await t.call('POST', '/api/app/exchange/execute', {
      token: mule.token,
      body: { quote_id: first.body.data.quote_id },
    });
    expect(x.status).toBe(200);
    const q = await quote(mallory.token, { from: 'USDC', to: 'BTC', amount: '2500' });
    expectRefused(q, 409, 2012);
    const after = await t.call<TreasuryAccount[]>('GET', '/api/admin/treasury/accounts', { token: admin });
    expect(after.body.data.find((r) => r.purpose === 'earn' && r.coin === 'BTC')!.available).toBe(
      '1.00000000',
    );
    const audit = await runAudit(t.db);
    expect(audit.problems).toEqual([]);
  });
});
