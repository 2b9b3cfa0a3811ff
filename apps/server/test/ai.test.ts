import { type AccountKind, accountKey, SYSTEM_OWNER } from '@ex/core';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAY_MS, dailyInterest, earlyFee, termInterest } from '../src/ai/interest.ts';
import { earnUsers } from './helpers/earn.ts';
import { BACKENDS, type TestApp, testApp } from './helpers/testApp.ts';

interface Product {
  id: string;
  kind: string;
  days: number;
  min_amount: string;
  max_amount: string;
}
interface Order {
  id: string;
  amount: string;
  interest: string;
  fee: string;
  status: string;
  expected_interest: string;
  maturity_at: number | null;
}

describe('ADR 080 worked example', () => {
  it('rounds interest down and the fee up, in integers', () => {
    const p = 1_234_567_891n; // 1234.567891 USDC
    expect(dailyInterest(p, 1500)).toBe(1_851_851n);
    expect(termInterest(p, 1500, 7)).toBe(12_962_957n);
    expect(earlyFee(p, 50, 5_555_553n)).toBe(6_172_840n);
    expect(p + 5_555_553n - 6_172_840n).toBe(1_233_950_604n);
    // The fee never exceeds what would be paid out.
    expect(earlyFee(10n, 10_000, 0n)).toBe(10n);
  });
});

describe.each(BACKENDS)('AI quantified savings on %s', (backend) => {
  let t: TestApp;
  let token: string;
  let userId: string;
  let otherToken: string;
  let admin: string;
  let fixed: Product;
  let current: Product;

  const spot = (u = userId) =>
    t.services.engine.engine.ledger.balance(accountKey(u, 'spot', 'USDC')).available;
  const sys = (kind: AccountKind) =>
    t.services.engine.engine.ledger.balance(accountKey(SYSTEM_OWNER, kind, 'USDC')).available;
  const orderRows = async () =>
    Number((await sql<{ n: string }>`select count(*) as n from ai_orders`.execute(t.db)).rows[0]!.n);

  beforeAll(async () => {
    t = await testApp(backend);
    ({ token, userId, otherToken, admin } = await earnUsers(t, 'ai'));
    const f = await t.call<Product>('POST', '/api/admin/ai/products', {
      token: admin,
      body: {
        name: 'AI 7d',
        coin: 'USDC',
        kind: 'fixed',
        days: 7,
        daily_rate_min_ppm: 1500,
        daily_rate_max_ppm: 2500,
        min_amount: '100',
        max_amount: '5000',
        early_fee_bp: 50,
      },
    });
    expect(f.status).toBe(200);
    fixed = f.body.data;
    const c = await t.call<Product>('POST', '/api/admin/ai/products', {
      token: admin,
      body: {
        name: 'AI flex',
        coin: 'USDC',
        kind: 'current',
        days: 0,
        daily_rate_min_ppm: 100,
        daily_rate_max_ppm: 100,
        min_amount: '1',
        max_amount: '1000',
        early_fee_bp: 0,
      },
    });
    current = c.body.data;
    const fund = await t.call('POST', '/api/admin/earn/treasury', {
      token: admin,
      body: { coin: 'USDC', amount: '1000' },
    });
    expect(fund.status).toBe(200);
  });
  afterAll(async () => {
    await t.close();
  });

  it('lists enabled products publicly with decimal strings', async () => {
    const r = await t.call<Product[]>('GET', '/api/app/ai/products');
    expect(r.status).toBe(200);
    expect(r.body.data.map((p) => p.id)).toEqual([fixed.id, current.id]);
    expect(r.body.data[0]).toMatchObject({ min_amount: '100.000000', max_amount: '5000.000000', days: 7 });
  });

  it('operator endpoints need an admin token and valid bodies', async () => {
    const valid = {
      name: 'x',
      coin: 'USDC',
      kind: 'current',
      days: 0,
      daily_rate_min_ppm: 1,
      daily_rate_max_ppm: 1,
      min_amount: '1',
      max_amount: '2',
      early_fee_bp: 0,
    };
    expect((await t.call('POST', '/api/admin/ai/products', { token, body: valid })).status).toBe(401);
    const bad = await t.call('POST', '/api/admin/ai/products', {
      token: admin,
      body: {
        name: 'x',
        coin: 'USDC',
        kind: 'fixed',
        days: 0,
        daily_rate_min_ppm: 10,
        daily_rate_max_ppm: 5,
        min_amount: '1',
        max_amount: '2',
        early_fee_bp: 0,
      },
    });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors ?? {}).sort()).toEqual(['daily_rate_max_ppm', 'days']);
  });

  it('refuses bad subscriptions and changes nothing', async () => {
    const before = spot();
    const rows = await orderRows();
    const cases: [unknown, number, number][] = [
      [{ product_id: fixed.id, amount: '100', days: 6 }, 400, 3005], // wrong days
      [{ product_id: fixed.id, amount: '99.999999', days: 7 }, 400, 3001], // below min
      [{ product_id: fixed.id, amount: '5000.000001', days: 7 }, 400, 3001], // above max
      [{ product_id: fixed.id, amount: '100.0000001', days: 7 }, 422, 422], // beyond USDC scale
      [{ product_id: fixed.id, amount: 100, days: 7 }, 422, 422], // number, not a decimal string
      [{ product_id: fixed.id, amount: '1e3', days: 7 }, 422, 422],
      [{ product_id: fixed.id, amount: '-100', days: 7 }, 422, 422],
      [{ product_id: fixed.id, amount: '100', days: 7, extra: 1 }, 422, 422], // strict object
      [{ product_id: '999999', amount: '100', days: 7 }, 404, 404],
      [{ product_id: 'abc', amount: '100', days: 7 }, 422, 422],
    ];
    for (const [body, status, code] of cases) {
      const r = await t.call('POST', '/api/app/ai/subscribe', { token, body });
      expect([JSON.stringify(body), r.status, r.body.code]).toEqual([JSON.stringify(body), status, code]);
    }
    const poor = await t.call('POST', '/api/app/ai/subscribe', {
      token: otherToken,
      body: { product_id: fixed.id, amount: '100', days: 7 },
    });
    expect(poor.body.code).toBe(2001);
    const anon = await t.call('POST', '/api/app/ai/subscribe', {
      body: { product_id: fixed.id, amount: '100', days: 7 },
    });
    expect(anon.status).toBe(401);
    expect(spot()).toBe(before);
    expect(await orderRows()).toBe(rows);
  });

  it('localises business errors', async () => {
    const r = await t.call('POST', '/api/app/ai/subscribe', {
      token,
      lang: 'en',
      body: { product_id: fixed.id, amount: '1', days: 7 },
    });
    expect(r.body.message).toMatch(/range/i);
  });

  it('subscribes, accrues once per day, redeems early with the fee (the ADR example)', async () => {
    const spot0 = spot();
    const earn0 = sys('earn');
    const sub = await t.call<Order>('POST', '/api/app/ai/subscribe', {
      token,
      body: { product_id: fixed.id, amount: '1234.567891', days: 7 },
    });
    expect(sub.status).toBe(200);
    const o = sub.body.data;
    expect(o).toMatchObject({ amount: '1234.567891', status: 'active', expected_interest: '12.962957' });
    expect(spot()).toBe(spot0 - 1_234_567_891n);
    expect(sys('earn')).toBe(earn0 + 1_234_567_891n);

    t.clock.advance(3 * DAY_MS);
    const run1 = await t.call<{ accrued: number }>('POST', '/api/admin/ai/accrue', {
      token: admin,
      body: {},
    });
    expect(run1.body.data.accrued).toBe(1);
    // Same day again: idempotent.
    const run2 = await t.call<{ accrued: number }>('POST', '/api/admin/ai/accrue', {
      token: admin,
      body: {},
    });
    expect(run2.body.data.accrued).toBe(0);
    const mid = await t.call<Order>('GET', `/api/app/ai/orders/${o.id}`, { token });
    expect(mid.body.data.interest).toBe('5.555553');

    // Someone else's order is not found and stays untouched.
    const foreign = await t.call('POST', `/api/app/ai/orders/${o.id}/redeem`, {
      token: otherToken,
      body: {},
    });
    expect(foreign.status).toBe(404);
    expect((await t.call('GET', `/api/app/ai/orders/${o.id}`, { token: otherToken })).status).toBe(404);

    const fee0 = sys('fee');
    const red = await t.call<Order>('POST', `/api/app/ai/orders/${o.id}/redeem`, { token, body: {} });
    expect(red.status).toBe(200);
    expect(red.body.data).toMatchObject({ status: 'redeemed', interest: '5.555553', fee: '6.172840' });
    expect(spot()).toBe(spot0 - 1_234_567_891n + 1_233_950_604n);
    expect(sys('fee')).toBe(fee0 + 6_172_840n);
    expect(sys('earn')).toBe(earn0);

    const again = await t.call('POST', `/api/app/ai/orders/${o.id}/redeem`, { token, body: {} });
    expect(again.status).toBe(400);
    expect(spot()).toBe(spot0 - 1_234_567_891n + 1_233_950_604n);

    const settled = await t.call<{ list: Order[] }>('GET', '/api/app/ai/orders?tab=settled', { token });
    expect(settled.body.data.list.map((x) => x.id)).toContain(o.id);
    const active = await t.call<{ list: Order[] }>('GET', '/api/app/ai/orders?tab=active', { token });
    expect(active.body.data.list.map((x) => x.id)).not.toContain(o.id);
  });

  it('a fixed order settles at maturity by the job with the full interest and no fee', async () => {
    const spot0 = spot();
    const sub = await t.call<Order>('POST', '/api/app/ai/subscribe', {
      token,
      body: { product_id: fixed.id, amount: '1000', days: 7 },
    });
    const id = sub.body.data.id;
    t.clock.advance(10 * DAY_MS);
    const run = await t.call<{ settled: number }>('POST', '/api/admin/ai/accrue', { token: admin, body: {} });
    expect(run.body.data.settled).toBe(1);
    const o = (await t.call<Order>('GET', `/api/app/ai/orders/${id}`, { token })).body.data;
    // 1000 USDC * 1500 ppm = 1.5 USDC a day, 7 days.
    expect(o).toMatchObject({ status: 'settled', interest: '10.500000', fee: '0.000000' });
    expect(spot()).toBe(spot0 + 10_500_000n);
    const rows = await sql<{
      n: string;
    }>`select count(*) as n from ai_accruals where order_id = ${id}`.execute(t.db);
    expect(Number(rows.rows[0]!.n)).toBe(7);
  });

  it('current: redeem any time without fee, interest for the whole days held', async () => {
    const spot0 = spot();
    const sub = await t.call<Order>('POST', '/api/app/ai/subscribe', {
      token,
      body: { product_id: current.id, amount: '1000', days: 0 },
    });
    expect(sub.body.data.maturity_at).toBeNull();
    t.clock.advance(2 * DAY_MS);
    const red = await t.call<Order>('POST', `/api/app/ai/orders/${sub.body.data.id}/redeem`, {
      token,
      body: {},
    });
    expect(red.body.data).toMatchObject({ status: 'settled', interest: '0.200000', fee: '0.000000' });
    expect(spot()).toBe(spot0 + 200_000n);
  });

  it('bad ids and queries are 422', async () => {
    expect((await t.call('GET', '/api/app/ai/orders/0', { token })).status).toBe(422);
    expect((await t.call('GET', '/api/app/ai/orders?tab=all', { token })).status).toBe(422);
    expect((await t.call('POST', '/api/app/ai/orders/1/redeem', { token, body: { x: 1 } })).status).toBe(422);
  });

  it('disabling a product hides it from users and refuses subscriptions', async () => {
    const off = await t.call('POST', `/api/admin/ai/products/${current.id}`, {
      token: admin,
      body: { enabled: false },
    });
    expect(off.status).toBe(200);
    const list = await t.call<Product[]>('GET', '/api/app/ai/products');
    expect(list.body.data.map((p) => p.id)).toEqual([fixed.id]);
    const r = await t.call('POST', '/api/app/ai/subscribe', {
      token,
      body: { product_id: current.id, amount: '10', days: 0 },
    });
    expect(r.status).toBe(404);
  });
});
