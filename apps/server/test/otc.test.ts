import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, deposit, registerUser, type TestApp, testApp } from './helpers/testApp.ts';
import { adminToken } from './kyc-support.ts';

interface Bal {
  spot: { coin: string; available: string }[];
}
interface Ad {
  id: string;
  side: string;
  broker_contact: string | null;
  stats: { order_count: number; success_rate: string; amount: string };
}
interface Order {
  id: string;
  status: string;
  total: string;
  quantity: string;
  broker_contact: string | null;
  reason: string | null;
}

describe.each(BACKENDS)('OTC on %s', (backend) => {
  let t: TestApp;
  let admin: string;
  let alice: { token: string; id: string };
  let bob: { token: string; id: string };
  let buyAd: Ad;
  let sellAd: Ad;

  const spot = async (token: string, coin: string) =>
    (await t.call<Bal>('GET', '/api/app/wallet/balances', { token })).body.data.spot.find(
      (s) => s.coin === coin,
    )!.available;
  const state = async () => ({
    a: await spot(alice.token, 'BTC'),
    b: await spot(bob.token, 'BTC'),
    orders: (
      await t.db
        .selectFrom('otc_orders' as never)
        .selectAll()
        .execute()
    ).length,
    journal: t.services.engine.journalLength,
  });
  const place = (token: string, body: unknown, lang = 'en') =>
    t.call<Order>('POST', '/api/app/otc/orders', { token, body, lang });
  const review = (id: string, body: unknown, token = admin) =>
    t.call<Order>('POST', `/api/admin/otc/orders/${id}/review`, { token, body });

  beforeAll(async () => {
    t = await testApp(backend);
    admin = await adminToken(t);
    const a = await registerUser(t, 'otc-a@example.com');
    const b = await registerUser(t, 'otc-b@example.com');
    alice = { token: a.token, id: a.user.id };
    bob = { token: b.token, id: b.user.id };
    await deposit(t, alice.id, 'BTC', 100_000_000n);
    // The OTC desk pays from its own purpose of the treasury (ADR 113).
    const fund = await t.call('POST', '/api/admin/treasury/fund', {
      token: admin,
      body: { coin: 'BTC', amount: '1', purpose: 'otc' },
    });
    expect(fund.status).toBe(200);
    const common = { coin: 'BTC', fiat: 'USD', price: '50000.01', min: '0.001', max: '0.5' };
    const ba = await t.call<Ad>('POST', '/api/admin/otc/ads', {
      token: admin,
      body: {
        ...common,
        side: 'buy',
        payment_methods: ['Bank transfer'],
        broker_contact: 'Telegram @broker',
      },
    });
    expect(ba.status).toBe(200);
    buyAd = ba.body.data;
    const sa = await t.call<Ad>('POST', '/api/admin/otc/ads', {
      token: admin,
      body: { ...common, side: 'sell', payment_methods: ['Bank transfer', 'Alipay'] },
    });
    expect(sa.status).toBe(200);
    sellAd = sa.body.data;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('operators create ads (buy ads need a broker contact); users cannot', async () => {
    const noContact = await t.call('POST', '/api/admin/otc/ads', {
      token: admin,
      body: { side: 'buy', coin: 'BTC', fiat: 'USD', price: '1', min: '1', max: '2', payment_methods: ['x'] },
    });
    expect(noContact.status).toBe(422);
    const byUser = await t.call('POST', '/api/admin/otc/ads', {
      token: alice.token,
      body: {
        side: 'sell',
        coin: 'BTC',
        fiat: 'USD',
        price: '1',
        min: '1',
        max: '2',
        payment_methods: ['x'],
      },
    });
    expect(byUser.status).toBe(401);
    const list = await t.call<Ad[]>('GET', '/api/app/otc/ads');
    expect(list.body.data.map((a) => a.side)).toEqual(['buy', 'sell']);
    expect(list.body.data[0]!.broker_contact).toBe('Telegram @broker');
    expect(list.body.data[1]!.broker_contact).toBeNull();
    expect(list.body.data[0]!.stats).toEqual({
      order_count: 0,
      success_rate: '100.00',
      amount: '0.00000000',
    });
  });

  it('refuses bad orders (422 / out of range / unknown ad) and changes nothing', async () => {
    const before = await state();
    const ok = {
      ad_id: sellAd.id,
      quantity: '0.1',
      payment_method: 'Alipay',
      bank: 'ACME Bank',
      phone: '+4915112345',
    };
    const cases: [unknown, number, number][] = [
      [{ ...ok, quantity: 0.1 }, 422, 422],
      [{ ...ok, quantity: '0.123456789' }, 422, 422],
      [{ ...ok, quantity: '1e-1' }, 422, 422],
      [{ ...ok, extra: true }, 422, 422],
      [{ ...ok, payment_method: 'Cash' }, 422, 422],
      [{ ...ok, bank: undefined }, 422, 422],
      [{ ...ok, ad_id: 'abc' }, 422, 422],
      [{ ...ok, ad_id: '999' }, 404, 404],
      [{ ...ok, quantity: '0.0009' }, 400, 3001],
      [{ ...ok, quantity: '0.6' }, 400, 3001],
    ];
    for (const [body, status, code] of cases) {
      const r = await place(alice.token, body);
      expect(r.status, JSON.stringify(body)).toBe(status);
      expect(r.body.code).toBe(code);
    }
    const range = await place(alice.token, { ...ok, quantity: '0.6' });
    expect(range.body.message).toBe('Please enter a quantity within the range');
    const zh = await place(alice.token, { ...ok, quantity: '0.6' }, 'zh_CN');
    expect(zh.body.message).not.toBe(range.body.message);
    // Bob has no BTC: a sell is refused by the engine.
    const poor = await place(bob.token, ok);
    expect(poor.status).toBe(400);
    expect(poor.body.code).toBe(2001);
    expect(await state()).toEqual(before);
  });

  it('a sell takes the coins at once; rejecting returns them exactly, once', async () => {
    const r = await place(alice.token, {
      ad_id: sellAd.id,
      quantity: '0.12345678',
      payment_method: 'Alipay',
      bank: 'ACME Bank',
      phone: '+4915112345',
      remarks: 'thanks',
    });
    expect(r.status).toBe(200);
    expect(r.body.data.status).toBe('review');
    // 0.12345678 x 50000.01 = 6172.840234... -> the user receives 6172.84 (rounded down).
    expect(r.body.data.total).toBe('6172.84');
    expect(await spot(alice.token, 'BTC')).toBe('0.87654322');
    const other = await t.call('GET', `/api/app/otc/orders/${r.body.data.id}`, { token: bob.token });
    expect(other.status).toBe(404);
    const byUser = await review(r.body.data.id, { action: 'reject' }, alice.token);
    expect(byUser.status).toBe(401);
    const rej = await review(r.body.data.id, { action: 'reject', reason: 'no payment details' });
    expect(rej.status).toBe(200);
    expect(rej.body.data.status).toBe('rejected');
    expect(await spot(alice.token, 'BTC')).toBe('1.00000000');
    const before = await state();
    const again = await review(r.body.data.id, { action: 'complete' });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe(3010);
    expect(await state()).toEqual(before);
    const mine = await t.call<Order>('GET', `/api/app/otc/orders/${r.body.data.id}`, { token: alice.token });
    expect(mine.body.data.reason).toBe('no payment details');
  });

  it('a buy shows the broker contact; completing it pays the coins from the treasury', async () => {
    const r = await place(bob.token, {
      ad_id: buyAd.id,
      quantity: '0.00123457',
      payment_method: 'Bank transfer',
    });
    expect(r.status).toBe(200);
    expect(r.body.data.broker_contact).toBe('Telegram @broker');
    // 0.00123457 x 50000.01 = 61.7285123457 -> the user pays 61.73 (rounded up).
    expect(r.body.data.total).toBe('61.73');
    expect(await spot(bob.token, 'BTC')).toBe('0.00000000');
    const [a, b] = await Promise.all([
      review(r.body.data.id, { action: 'complete' }),
      review(r.body.data.id, { action: 'complete' }),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    expect(await spot(bob.token, 'BTC')).toBe('0.00123457');
    const list = await t.call<{ list: Order[]; total: number }>('GET', '/api/app/otc/orders', {
      token: bob.token,
    });
    expect(list.body.data.total).toBe(1);
    expect(list.body.data.list[0]!.status).toBe('completed');
    const ads = await t.call<Ad[]>('GET', '/api/app/otc/ads');
    expect(ads.body.data[0]!.stats).toEqual({ order_count: 1, success_rate: '100.00', amount: '0.00123457' });
    expect(ads.body.data[1]!.stats).toEqual({ order_count: 1, success_rate: '0.00', amount: '0.00000000' });
    const reviewQ = await t.call<{ total: number }>('GET', '/api/admin/otc/orders?status=review', {
      token: admin,
    });
    expect(reviewQ.body.data.total).toBe(0);
    const badQ = await t.call('GET', '/api/admin/otc/orders?status=done', { token: admin });
    expect(badQ.status).toBe(422);
  });

  it('paused ads take no orders', async () => {
    const p = await t.call('POST', `/api/admin/otc/ads/${buyAd.id}`, {
      token: admin,
      body: { active: false },
    });
    expect(p.status).toBe(200);
    const r = await place(bob.token, { ad_id: buyAd.id, quantity: '0.01', payment_method: 'Bank transfer' });
    expect(r.status).toBe(404);
    expect((await t.call<Ad[]>('GET', '/api/app/otc/ads')).body.data.map((a) => a.side)).toEqual(['sell']);
  });
});
