import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, deposit, registerUser, type TestApp, testApp } from './helpers/testApp.ts';

interface Bal {
  spot: { coin: string; available: string; frozen: string }[];
}
interface Order {
  id: string;
  status: string;
  filled: string;
  price: string | null;
  quantity: string;
  avg_price: string | null;
  client_order_id: string | null;
}

describe.each(BACKENDS)('spot on %s', (backend) => {
  let t: TestApp;
  let seller: { token: string; id: string };
  let buyer: { token: string; id: string };
  const fund = (userId: string, asset: string, amount: bigint) => deposit(t, userId, asset, amount);
  beforeAll(async () => {
    t = await testApp(backend);
    const s = await registerUser(t, 's1@example.com');
    const b = await registerUser(t, 'b1@example.com');
    seller = { token: s.token, id: s.user.id };
    buyer = { token: b.token, id: b.user.id };
    await fund(seller.id, 'BTC', 100_000_000n); // 1 BTC
    await fund(buyer.id, 'USDC', 10_000_000_000n); // 10,000 USDC
  });
  afterAll(async () => {
    await t.close();
  });

  const bal = async (token: string, coin: string) => {
    const r = await t.call<Bal>('GET', '/api/app/wallet/balances', { token });
    return r.body.data.spot.find((s) => s.coin === coin)!;
  };
  const place = (token: string, body: unknown, headers?: Record<string, string>) =>
    t.call<Order>('POST', '/api/app/spot/orders', {
      token,
      body,
      lang: 'en',
      ...(headers ? { headers } : {}),
    });

  /** A limit order of `token`'s user on `symbol` (BTC_USDC by default). */
  const limit = (token: string, side: 'buy' | 'sell', price: string, quantity: string, symbol = 'BTC_USDC') =>
    place(token, { symbol, side, type: 'limit', price, quantity });

  it('refuses every bad input class with a field error and changes nothing', async () => {
    const journal = t.services.engine.journalLength;
    const before = [await bal(buyer.token, 'USDC'), await bal(seller.token, 'BTC')];
    const ok = { symbol: 'BTC_USDC', side: 'buy', type: 'limit', price: '97000.00', quantity: '0.01' };
    const cases: [Record<string, unknown>, string][] = [
      [{ ...ok, price: undefined }, 'price'],
      [{ ...ok, quantity: undefined }, 'quantity'],
      [{ ...ok, price: 97000 }, 'price'],
      [{ ...ok, quantity: 0.01 }, 'quantity'],
      [{ ...ok, price: '97000.001' }, 'price'],
      [{ ...ok, quantity: '0.00015' }, 'quantity'],
      [{ ...ok, quantity: '0.000001' }, 'quantity'],
      [{ ...ok, quantity: '0.00001' }, 'quantity'],
      [{ ...ok, quantity: '1000' }, 'quantity'],
      [{ ...ok, price: '1.00', quantity: '0.0001' }, 'quantity'],
      [{ ...ok, price: '-1' }, 'price'],
      [{ ...ok, price: '0' }, 'price'],
      [{ ...ok, side: 'hold' }, 'side'],
      [{ ...ok, extra: true }, 'extra'],
      [{ ...ok, type: 'market', price: undefined, quantity: undefined }, 'quantity'],
      [{ ...ok, type: 'market', price: undefined, quote_amount: '10' }, 'quantity'],
      [{ ...ok, type: 'market', price: undefined, quantity: undefined, quote_amount: '1' }, 'quote_amount'],
      [{ ...ok, symbol: 'btc' }, 'symbol'],
    ];
    for (const [body, field] of cases) {
      const r = await place(buyer.token, body);
      expect(r.status, JSON.stringify(body)).toBe(422);
      expect(r.body.errors?.[field], `${JSON.stringify(body)} -> ${JSON.stringify(r.body)}`).toBeDefined();
    }
    const tick = await place(buyer.token, { ...ok, price: '97000.005' });
    expect(tick.body.errors?.price).toEqual(['At most 2 decimal places']);
    const step = await place(buyer.token, { ...ok, quantity: '0.00015' });
    expect(step.body.errors?.quantity).toEqual(['Must be a multiple of 0.0001']);
    const unknown = await place(buyer.token, { ...ok, symbol: 'ABC_USDC' });
    expect(unknown.body.code).toBe(2101);
    const poor = await place(buyer.token, { ...ok, quantity: '1' });
    expect(poor.status).toBe(400);
    expect(poor.body).toMatchObject({ code: 2001, message: 'Insufficient balance' });
    const poorZh = await t.call('POST', '/api/app/spot/orders', {
      token: buyer.token,
      body: { ...ok, quantity: '1' },
      lang: 'zh_CN',
    });
    expect(poorZh.body.message).toBe('余额不足');
    expect(t.services.engine.journalLength).toBe(journal);
    expect([await bal(buyer.token, 'USDC'), await bal(seller.token, 'BTC')]).toEqual(before);
    const orders = await t.call<{ total: number }>('GET', '/api/app/spot/orders', { token: buyer.token });
    expect(orders.body.data.total).toBe(0);
  });

  it('matches two users over HTTP with exact balances after fees', async () => {
    const ask = await limit(seller.token, 'sell', '97000.00', '0.02');
    expect(ask.status).toBe(200);
    expect(ask.body.data).toMatchObject({
      status: 'open',
      price: '97000.00',
      quantity: '0.02000',
      filled: '0.00000',
    });
    expect(await bal(seller.token, 'BTC')).toEqual({
      coin: 'BTC',
      available: '0.98000000',
      frozen: '0.02000000',
    });
    const bid = await limit(buyer.token, 'buy', '97100.00', '0.01');
    expect(bid.body.data).toMatchObject({ status: 'filled', filled: '0.01000', avg_price: '97000.00' });
    // Value 970 USDC at the maker's price. Seller (maker) pays 0.1% in USDC: 0.97. Buyer (taker) pays
    // 0.1% in BTC: 0.00001. The buyer's hold at 97,100 is refunded down to what was spent.
    expect(await bal(buyer.token, 'USDC')).toEqual({
      coin: 'USDC',
      available: '9030.000000',
      frozen: '0.000000',
    });
    expect(await bal(buyer.token, 'BTC')).toEqual({
      coin: 'BTC',
      available: '0.00999000',
      frozen: '0.00000000',
    });
    expect(await bal(seller.token, 'USDC')).toEqual({
      coin: 'USDC',
      available: '969.030000',
      frozen: '0.000000',
    });
    expect(await bal(seller.token, 'BTC')).toEqual({
      coin: 'BTC',
      available: '0.98000000',
      frozen: '0.01000000',
    });
    const sellerOrder = await t.call<Order>('GET', '/api/app/spot/orders?status=open', {
      token: seller.token,
    });
    expect(sellerOrder.body.data).toMatchObject({
      total: 1,
      list: [{ id: ask.body.data.id, status: 'partially_filled', filled: '0.01000' }],
    });
    // A market buy by quote amount takes the rest.
    const mkt = await place(buyer.token, {
      symbol: 'BTC_USDC',
      side: 'buy',
      type: 'market',
      quote_amount: '970',
    });
    expect(mkt.body.data).toMatchObject({ status: 'filled', filled: '0.01000', quote_amount: '970.000000' });
    const history = await t.call<{ total: number }>('GET', '/api/app/spot/orders?status=history', {
      token: seller.token,
    });
    expect(history.body.data.total).toBe(1);
    const trades = await t.call<{ price: string; qty: string; side: string }[]>(
      'GET',
      '/api/app/market/trades?symbol=BTC_USDC',
    );
    if (trades.status === 200)
      expect(trades.body.data[0]).toMatchObject({ price: '97000.00', qty: '0.01000', side: 'buy' });
  });

  it('cancels only own orders; someone else id is a 404; cancel-all', async () => {
    const a = await limit(seller.token, 'sell', '99000.00', '0.01');
    const b = await limit(seller.token, 'buy', '10.00', '1', 'ETH_USDC');
    expect(b.status).toBe(200);
    const journal = t.services.engine.journalLength;
    const theft = await t.call('DELETE', `/api/app/spot/orders/${a.body.data.id}`, {
      token: buyer.token,
      lang: 'en',
    });
    expect(theft.status).toBe(404);
    expect(theft.body.message).toBe('Order not found');
    expect(t.services.engine.journalLength).toBe(journal);
    const own = await t.call<Order>('DELETE', `/api/app/spot/orders/${a.body.data.id}`, {
      token: seller.token,
    });
    expect(own.body.data.status).toBe('cancelled');
    const again = await t.call('DELETE', `/api/app/spot/orders/${a.body.data.id}`, { token: seller.token });
    expect(again.status).toBe(404);
    const all = await t.call<{ cancelled: number }>('POST', '/api/app/spot/orders/cancel-all', {
      token: seller.token,
      body: {},
    });
    expect(all.body.data.cancelled).toBe(1);
    expect(await bal(seller.token, 'USDC')).toMatchObject({ frozen: '0.000000' });
  });

  it('client_order_id and Idempotency-Key return the first order', async () => {
    const body = {
      symbol: 'BTC_USDC',
      side: 'buy',
      type: 'limit',
      price: '90000.00',
      quantity: '0.001',
      client_order_id: 'c-1',
    };
    const [x, y] = await Promise.all([place(buyer.token, body), place(buyer.token, body)]);
    expect(x.body.data.id).toBe(y.body.data.id);
    expect(x.body.data.client_order_id).toBe('c-1');
    const k = { 'idempotency-key': 'order-1' };
    const body2 = { symbol: 'BTC_USDC', side: 'buy', type: 'limit', price: '90000.00', quantity: '0.001' };
    const p = await place(buyer.token, body2, k);
    const q = await place(buyer.token, body2, k);
    expect(q.body.data.id).toBe(p.body.data.id);
    const open = await t.call<{ total: number }>('GET', '/api/app/spot/orders?status=open&symbol=BTC_USDC', {
      token: buyer.token,
    });
    expect(open.body.data.total).toBe(2);
    expect(await bal(buyer.token, 'USDC')).toMatchObject({ frozen: '180.000000' });
    const bad = await t.call('GET', '/api/app/spot/orders?status=closed', { token: buyer.token });
    expect(bad.status).toBe(422);
  });
});
