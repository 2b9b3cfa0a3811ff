import { accountKey } from '@ex/core';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { earnUsers } from './helpers/earn.ts';
import { BACKENDS, type TestApp, testApp } from './helpers/testApp.ts';

interface StakeOut {
  id: string;
  amount: string;
  interest: string;
  status: string;
  reason: string | null;
  due_at: number | null;
}
const DAY_MS = 86_400_000;

describe.each(BACKENDS)('DeFi staking on %s', (backend) => {
  let t: TestApp;
  let token: string;
  let userId: string;
  let otherToken: string;
  let admin: string;
  let productId: string;

  const spot = () => t.services.engine.engine.ledger.balance(accountKey(userId, 'spot', 'USDC')).available;
  const rows = async () =>
    Number((await sql<{ n: string }>`select count(*) as n from stakes`.execute(t.db)).rows[0]!.n);
  const stake = (amount: string, tok = token, product = productId) =>
    t.call<StakeOut>('POST', '/api/app/staking/stakes', {
      token: tok,
      body: { product_id: product, amount },
    });
  const review = (id: string, body: unknown, tok = admin) =>
    t.call<StakeOut>('POST', `/api/admin/staking/stakes/${id}/review`, { token: tok, body });

  beforeAll(async () => {
    t = await testApp(backend);
    ({ token, userId, otherToken, admin } = await earnUsers(t, 'st'));
    const p = await t.call<{ id: string }>('POST', '/api/admin/staking/products', {
      token: admin,
      body: {
        name: 'USDC 10d',
        coin: 'USDC',
        days: 10,
        daily_rate_ppm: 1000,
        min_amount: '100',
        max_amount: '2000',
      },
    });
    expect(p.status).toBe(200);
    productId = p.body.data.id;
  });
  afterAll(async () => {
    await t.close();
  });

  it('refuses bad stakes and changes nothing', async () => {
    const before = spot();
    const n = await rows();
    const cases: [unknown, number, number][] = [
      [{ product_id: productId, amount: '99.999999' }, 400, 3001],
      [{ product_id: productId, amount: '2000.000001' }, 400, 3001],
      [{ product_id: productId, amount: '100.0000001' }, 422, 422],
      [{ product_id: productId, amount: 100 }, 422, 422],
      [{ product_id: productId, amount: '100', days: 3 }, 422, 422],
      [{ product_id: '424242', amount: '100' }, 404, 404],
      [{ amount: '100' }, 422, 422],
    ];
    for (const [body, status, code] of cases) {
      const r = await t.call('POST', '/api/app/staking/stakes', { token, body });
      expect([JSON.stringify(body), r.status, r.body.code]).toEqual([JSON.stringify(body), status, code]);
    }
    expect((await stake('100', otherToken)).body.code).toBe(2001);
    const msg = await t.call('POST', '/api/app/staking/stakes', {
      token,
      lang: 'en',
      body: { product_id: productId, amount: '1' },
    });
    expect(msg.body.message).toMatch(/range/i);
    expect(spot()).toBe(before);
    expect(await rows()).toBe(n);
  });

  it('under review -> rejected refunds exactly; others cannot see or review', async () => {
    const before = spot();
    const s = await stake('150');
    expect(s.body.data).toMatchObject({ status: 'review', amount: '150.000000', interest: '1.500000' });
    expect(spot()).toBe(before - 150_000_000n);
    expect(
      (await t.call('GET', `/api/app/staking/stakes/${s.body.data.id}`, { token: otherToken })).status,
    ).toBe(404);
    expect((await review(s.body.data.id, { action: 'approve' }, token)).status).toBe(401);
    expect((await review(s.body.data.id, { action: 'reject' })).status).toBe(422);
    const r = await review(s.body.data.id, { action: 'reject', reason: 'KYC pending' });
    expect(r.body.data).toMatchObject({ status: 'rejected', reason: 'KYC pending' });
    expect(spot()).toBe(before);
    expect((await review(s.body.data.id, { action: 'approve' })).status).toBe(400);
    expect(spot()).toBe(before);
  });

  it('caps open stakes per user ("Staking limit reached")', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) ids.push((await stake('100')).body.data.id);
    const before = spot();
    const n = await rows();
    const over = await t.call('POST', '/api/app/staking/stakes', {
      token,
      lang: 'en',
      body: { product_id: productId, amount: '100' },
    });
    expect([over.status, over.body.code]).toEqual([409, 3002]);
    expect(over.body.message).toMatch(/limit/i);
    expect(spot()).toBe(before);
    expect(await rows()).toBe(n);
    for (const id of ids) expect((await review(id, { action: 'approve' })).body.data.status).toBe('active');
  });

  it('settles at the end of the period: principal back, interest from the treasury; outstanding when short', async () => {
    const before = spot();
    t.clock.advance(11 * DAY_MS);
    // Treasury empty: principal comes back, the interest stays owed.
    const first = await t.call<{ settled: number; outstanding: number }>(
      'POST',
      '/api/admin/staking/settle',
      {
        token: admin,
        body: {},
      },
    );
    expect(first.body.data).toEqual({ settled: 0, outstanding: 3 });
    expect(spot()).toBe(before + 300_000_000n);
    const list = await t.call<{ list: StakeOut[] }>('GET', '/api/app/staking/stakes?status=outstanding', {
      token,
    });
    expect(list.body.data.list).toHaveLength(3);
    // Outstanding ones still count against the limit.
    expect((await stake('100')).body.code).toBe(3002);

    await t.call('POST', '/api/admin/earn/treasury', { token: admin, body: { coin: 'USDC', amount: '10' } });
    // Staking interest comes from the earn interest reserve (ADR 113).
    const reserve = () =>
      t.services.engine.engine.ledger.balance(accountKey('treasury:earn', 'spot', 'USDC')).available;
    const treasury = reserve();
    const second = await t.call<{ settled: number }>('POST', '/api/admin/staking/settle', {
      token: admin,
      body: {},
    });
    expect(second.body.data.settled).toBe(3);
    // 100 USDC * 1000 ppm * 10 days = 1 USDC each; principal not paid twice.
    expect(spot()).toBe(before + 300_000_000n + 3_000_000n);
    expect(reserve()).toBe(treasury - 3_000_000n);
    const again = await t.call<{ settled: number }>('POST', '/api/admin/staking/settle', {
      token: admin,
      body: {},
    });
    expect(again.body.data.settled).toBe(0);
    expect(spot()).toBe(before + 303_000_000n);
  });

  it('admin lists the review queue; bad queries are 422', async () => {
    await stake('100');
    const q = await t.call<{ list: { user_id: string; status: string }[] }>(
      'GET',
      '/api/admin/staking/stakes?status=review',
      { token: admin },
    );
    expect(q.body.data.list.map((x) => [x.user_id, x.status])).toEqual([[userId, 'review']]);
    expect((await t.call('GET', '/api/app/staking/stakes?status=done', { token })).status).toBe(422);
    expect((await t.call('GET', '/api/app/staking/stakes/abc', { token })).status).toBe(422);
  });
});
