import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ieoProjectBody } from './helpers/earn.ts';
import { BACKENDS, deposit, registerUser, type TestApp, testApp } from './helpers/testApp.ts';
import { adminToken } from './kyc-support.ts';

interface Bal {
  spot: { coin: string; available: string }[];
}
interface Project {
  id: string;
  status: string;
  subscribed: string;
  progress: string;
}
interface Application {
  id: string;
  quantity: string;
  amount: string;
  allotted_quantity: string | null;
  paid: string | null;
  remaining: string | null;
  status: string;
}

const HOUR = 3_600_000;

describe.each(BACKENDS)('IEO on %s', (backend) => {
  let t: TestApp;
  let admin: string;
  let alice: { token: string; id: string };
  let bob: { token: string; id: string };
  let carol: { token: string; id: string };
  let project: Project;

  const spot = async (token: string, coin: string) =>
    (await t.call<Bal>('GET', '/api/app/wallet/balances', { token })).body.data.spot.find(
      (s) => s.coin === coin,
    )!.available;
  const state = async () => ({
    a: await spot(alice.token, 'USDC'),
    b: await spot(bob.token, 'USDC'),
    apps: (
      await t.db
        .selectFrom('ieo_applications' as never)
        .selectAll()
        .execute()
    ).length,
    journal: t.services.engine.journalLength,
  });
  const subscribe = (token: string, quantity: unknown, id = project.id, lang = 'en') =>
    t.call<Application>('POST', `/api/app/ieo/projects/${id}/subscribe`, { token, body: { quantity }, lang });

  beforeAll(async () => {
    t = await testApp(backend);
    admin = await adminToken(t);
    const users = [];
    for (const e of ['ieo-a', 'ieo-b', 'ieo-c']) {
      const u = await registerUser(t, `${e}@example.com`);
      users.push({ token: u.token, id: u.user.id });
      await deposit(t, u.user.id, 'USDC', 1_000_000_000n);
    }
    [alice, bob, carol] = users as [typeof alice, typeof bob, typeof carol];
    const now = t.clock.now();
    const p = await t.call<Project>('POST', '/api/admin/ieo/projects', {
      token: admin,
      body: ieoProjectBody(now, { unit_price: '0.333333', price_range: '0.3-0.4', expected_return: '20%' }),
    });
    expect(p.status).toBe(200);
    project = p.body.data;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('refuses bad projects and non-operators', async () => {
    const base = {
      coin: 'SOL',
      name: 'x',
      issue_amount: '10',
      unit_price: '1',
      min_quantity: '1',
      max_quantity: '5',
      start_at: 1,
      end_at: 2,
      listing_at: 3,
      announcement_at: 0,
    };
    for (const body of [
      { ...base, coin: 'NEWCOIN' },
      { ...base, coin: 'USDC' },
      { ...base, end_at: 1 },
      { ...base, max_quantity: '11' },
      { ...base, unit_price: '1.0000001' },
      { ...base, white_paper: 'javascript:alert(1)' },
      { ...base, extra: 1 },
    ]) {
      const r = await t.call('POST', '/api/admin/ieo/projects', { token: admin, body });
      expect(r.status, JSON.stringify(body)).toBe(422);
    }
    expect((await t.call('POST', '/api/admin/ieo/projects', { token: alice.token, body: base })).status).toBe(
      401,
    );
    expect((await t.call<Project[]>('GET', '/api/app/ieo/projects')).body.data).toHaveLength(1);
  });

  it('is not started before start_at: subscribing is refused', async () => {
    expect(project.status).toBe('not_started');
    const before = await state();
    const r = await subscribe(alice.token, '10');
    expect(r.status).toBe(400);
    expect(r.body.code).toBe(3004);
    expect(await state()).toEqual(before);
  });

  it('refuses bad quantities while subscribing and changes nothing', async () => {
    t.clock.advance(HOUR);
    const before = await state();
    for (const [q, status, code] of [
      [10, 422, 422],
      ['1e1', 422, 422],
      ['0.000000001', 422, 422],
      ['-1', 422, 422],
      ['0.5', 400, 3001],
      ['81', 400, 3001],
    ] as const) {
      const r = await subscribe(alice.token, q);
      expect(r.status, String(q)).toBe(status);
      expect(r.body.code).toBe(code);
    }
    expect((await subscribe(alice.token, '81', project.id, 'de')).body.message).toBe(
      'Bitte geben Sie eine Menge innerhalb des zulässigen Bereichs ein',
    );
    expect((await subscribe(alice.token, '1', '999')).status).toBe(404);
    expect((await subscribe(alice.token, '1', 'abc')).status).toBe(422);
    expect(await state()).toEqual(before);
  });

  it('subscribes within the per-user limit, paying USDC rounded up', async () => {
    const a = await subscribe(alice.token, '70');
    expect(a.status).toBe(200);
    // 70 x 0.333333 = 23.33331
    expect(a.body.data.amount).toBe('23.333310');
    expect(a.body.data.status).toBe('applying');
    expect(await spot(alice.token, 'USDC')).toBe('976.666690');
    const over = await subscribe(alice.token, '10.00000001');
    expect(over.status).toBe(400);
    const b = await subscribe(bob.token, '0.00000003');
    expect(b.status).toBe(400);
    const b2 = await subscribe(bob.token, '60');
    expect(b2.body.data.amount).toBe('19.999980');
    const c = await subscribe(carol.token, '1.00000001');
    // 1.00000001 x 0.333333 = 0.33333300333333 -> 0.333334
    expect(c.body.data.amount).toBe('0.333334');
    const list = await t.call<Project>('GET', `/api/app/ieo/projects/${project.id}`);
    expect(list.body.data.subscribed).toBe('131.00000001');
    expect(list.body.data.progress).toBe('100.00');
    const mine = await t.call<{ total: number }>('GET', '/api/app/ieo/applications', { token: bob.token });
    expect(mine.body.data.total).toBe(1);
  });

  it('settles after the end: pro-rata allotment in the coin, exact refunds, once', async () => {
    const early = await t.call('POST', `/api/admin/ieo/projects/${project.id}/settle`, {
      token: admin,
      body: {},
    });
    expect(early.status).toBe(400);
    t.clock.advance(HOUR);
    expect((await subscribe(carol.token, '1')).body.code).toBe(3004);
    const byUser = await t.call('POST', `/api/admin/ieo/projects/${project.id}/settle`, {
      token: alice.token,
      body: {},
    });
    expect(byUser.status).toBe(401);
    const s = await t.call<{ allotted: string; refunded: string }>(
      'POST',
      `/api/admin/ieo/projects/${project.id}/settle`,
      { token: admin, body: {} },
    );
    expect(s.status).toBe(200);
    // total 131.00000001 for 100: alice 70 -> 53.43511449, bob 60 -> 45.80152671, carol -> 0.76335878 (floors)
    const apps = async (token: string) =>
      (await t.call<{ list: Application[] }>('GET', '/api/app/ieo/applications', { token })).body.data
        .list[0]!;
    const a = await apps(alice.token);
    expect(a.status).toBe('completed');
    expect(a.allotted_quantity).toBe('53.43511449');
    // 53.43511449 x 0.333333 = 17.81168768... -> 17.811688 (rounded up)
    expect(a.paid).toBe('17.811688');
    expect(a.remaining).toBe('5.521622');
    expect(await spot(alice.token, 'SOL')).toBe('53.43511449');
    expect(await spot(alice.token, 'USDC')).toBe('982.188312');
    const b = await apps(bob.token);
    expect(b.allotted_quantity).toBe('45.80152671');
    const c = await apps(carol.token);
    expect(c.allotted_quantity).toBe('0.76335878');
    expect(s.body.data.allotted).toBe('99.99999998');
    const ledger = await t.call<{ list: { type: string }[] }>('GET', '/api/app/wallet/ledger', {
      token: alice.token,
    });
    expect(ledger.body.data.list.filter((e) => e.type === 'ieo')).toHaveLength(3);
    const before = await state();
    const again = await t.call('POST', `/api/admin/ieo/projects/${project.id}/settle`, {
      token: admin,
      body: {},
    });
    expect(again.status).toBe(409);
    expect(await state()).toEqual(before);
    const p = await t.call<Project>('GET', `/api/app/ieo/projects/${project.id}`);
    expect(p.body.data.status).toBe('ended');
  });
});
