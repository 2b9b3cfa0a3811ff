import { accountKey, SYSTEM_OWNER } from '@ex/core';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, registerUser, type TestApp, testApp } from './helpers/testApp.ts';
import { adminToken } from './kyc-support.ts';

interface Claim {
  id: string;
  amount: string;
  status: string;
  title: string;
}

describe.each(BACKENDS)('dividend plan on %s', (backend) => {
  let t: TestApp;
  let a: { token: string; id: string };
  let b: { token: string; id: string };
  let admin: string;

  const spot = (id: string) =>
    t.services.engine.engine.ledger.balance(accountKey(id, 'spot', 'USDC')).available;
  const sys = (kind: 'earn' | 'treasury') =>
    t.services.engine.engine.ledger.balance(accountKey(SYSTEM_OWNER, kind, 'USDC')).available;
  const pool = () =>
    t.services.engine.engine.ledger.balance(accountKey('treasury:dividend', 'spot', 'USDC')).available;
  const pools = async () =>
    Number((await sql<{ n: string }>`select count(*) as n from dividend_pools`.execute(t.db)).rows[0]!.n);
  const create = (body: unknown, tok = admin) => t.call('POST', '/api/admin/dividends', { token: tok, body });

  beforeAll(async () => {
    t = await testApp(backend);
    const ua = await registerUser(t, 'dv1@example.com');
    const ub = await registerUser(t, 'dv2@example.com');
    a = { token: ua.token, id: ua.user.id };
    b = { token: ub.token, id: ub.user.id };
    admin = await adminToken(t);
  });
  afterAll(async () => {
    await t.close();
  });

  const body = () => ({
    title: 'Q1 dividend',
    coin: 'USDC',
    allocations: [
      { user_id: a.id, amount: '12.345678' },
      { user_id: b.id, amount: '0.000001' },
    ],
  });

  it('refuses bad pools and an unfunded treasury, creating nothing', async () => {
    const n = await pools();
    expect((await create(body(), a.token)).status).toBe(401);
    expect((await create(body())).body.code).toBe(2001); // treasury empty
    const bad: unknown[] = [
      { ...body(), allocations: [] },
      { ...body(), allocations: [{ user_id: a.id, amount: '1.1234567' }] },
      {
        ...body(),
        allocations: [
          { user_id: a.id, amount: '1' },
          { user_id: a.id, amount: '2' },
        ],
      },
      { ...body(), coin: 'usdc' },
      { ...body(), extra: true },
    ];
    for (const x of bad) expect((await create(x)).status).toBe(422);
    expect((await create({ ...body(), allocations: [{ user_id: '99999', amount: '1' }] })).status).toBe(400);
    expect(await pools()).toBe(n);
    expect(sys('earn')).toBe(0n);
  });

  it('funds from the treasury and pays each claim exactly once', async () => {
    // The earn reserve does not pay dividends: pools come from the dividend purpose only (ADR 113).
    await t.call('POST', '/api/admin/earn/treasury', { token: admin, body: { coin: 'USDC', amount: '100' } });
    const short = await create(body());
    expect(short.body.code).toBe(2001);
    await t.call('POST', '/api/admin/earn/treasury', {
      token: admin,
      body: { coin: 'USDC', amount: '100', purpose: 'dividend' },
    });
    const r = await create(body());
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({ total: '12.345679', claimed: '0.000000', users: 2 });
    expect(pool()).toBe(100_000_000n - 12_345_679n);

    const list = await t.call<{ list: Claim[] }>('GET', '/api/app/dividends?status=claimable', {
      token: a.token,
    });
    expect(list.body.data.list).toHaveLength(1);
    const claim = list.body.data.list[0]!;
    expect(claim).toMatchObject({ amount: '12.345678', status: 'claimable', title: 'Q1 dividend' });

    // Someone else's claim is not found.
    expect(
      (await t.call('POST', `/api/app/dividends/${claim.id}/claim`, { token: b.token, body: {} })).status,
    ).toBe(404);
    const ok = await t.call<Claim>('POST', `/api/app/dividends/${claim.id}/claim`, {
      token: a.token,
      body: {},
    });
    expect(ok.body.data.status).toBe('claimed');
    expect(spot(a.id)).toBe(12_345_678n);
    const again = await t.call('POST', `/api/app/dividends/${claim.id}/claim`, {
      token: a.token,
      lang: 'en',
      body: {},
    });
    expect([again.status, again.body.code, again.body.message]).toEqual([409, 3006, 'Already claimed']);
    expect(spot(a.id)).toBe(12_345_678n);
    expect(sys('earn')).toBe(1n);
    const admins = await t.call<{ claimed: string }[]>('GET', '/api/admin/dividends', { token: admin });
    expect(admins.body.data[0]!.claimed).toBe('12.345678');
    expect((await t.call('GET', '/api/app/dividends?status=x', { token: a.token })).status).toBe(422);
  });
});
