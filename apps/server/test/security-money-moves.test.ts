import { ResultCode } from '@ex/core';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { runAudit } from '../src/audit.ts';
import { armFailpoint, failpoint } from '../src/exchange/failpoints.ts';
import { ieoProjectBody } from './helpers/earn.ts';
import { BACKENDS, deposit, registerUser, type TestApp, testApp } from './helpers/testApp.ts';
import { adminToken } from './kyc-support.ts';

// Issue 7 items 11 and 15 (ADRs 114, 115): a crash between a ledger move and its row, injected at
// a named failpoint, then the retry or the recovery completes exactly once and the audit holds.
// Everything goes over HTTP against a real server, on PGlite and on PostgreSQL when configured.

interface Bal {
  spot: { coin: string; available: string; frozen: string }[];
}
interface Page<T> {
  list: T[];
  total: number;
}
interface Recovered {
  exchange: number;
  otc: number;
  ieo: number;
}

const HOUR = 3_600_000;
const DAY = 86_400_000;

describe.each(BACKENDS)('crash-safe money moves on %s', (backend) => {
  let t: TestApp;
  let admin: string;
  let alice: { token: string; id: string };
  let bob: { token: string; id: string };
  let carol: { token: string; id: string };

  const coin = async (u: { token: string }, c: string) =>
    (await t.call<Bal>('GET', '/api/app/wallet/balances', { token: u.token })).body.data.spot.find(
      (s) => s.coin === c,
    )!.available;
  const recover = async () => {
    const r = await t.call<Recovered>('POST', '/api/admin/money-moves/recover', { token: admin });
    expect(r.status).toBe(200);
    return r.body.data;
  };
  const auditClean = async () => expect((await runAudit(t.db)).problems).toEqual([]);

  beforeAll(async () => {
    t = await testApp(backend);
    admin = await adminToken(t);
    const users = [];
    for (const e of ['mm-a', 'mm-b', 'mm-c']) {
      const u = await registerUser(t, `${e}@example.com`);
      users.push({ token: u.token, id: u.user.id });
      for (const [asset, amount] of [
        ['USDC', 1_000_000_000n],
        ['BTC', 100_000_000n],
      ] as const) {
        await deposit(t, u.user.id, asset, amount);
      }
    }
    [alice, bob, carol] = users as [typeof alice, typeof bob, typeof carol];
    const p = await t.services.engine.submit(({ ts }) => ({
      type: 'priceUpdate',
      ts,
      symbol: 'BTC_USDC_PERP',
      indexPrice: 5_000_000n,
    }));
    expect(p.code).toBe(ResultCode.OK);
  });
  afterEach(() => {
    // A point a test armed but did not reach must not fire in the next test.
    for (const name of [
      'exchange.after-in',
      'exchange.before-row',
      'otc.after-in',
      'otc.before-row',
      'ieo.after-pay',
      'ieo.after-deliver',
    ]) {
      armFailpoint(name);
      try {
        failpoint(name);
      } catch {}
    }
  });
  afterAll(async () => {
    await t?.close();
  });

  it('flash exchange: a crash after the user paid in is completed once by recovery', async () => {
    await t.call('POST', '/api/admin/treasury/fund', {
      token: admin,
      body: { coin: 'USDC', amount: '10000' },
    });
    const q = await t.call<{ quote_id: string; receive: string }>('POST', '/api/app/exchange/quote', {
      token: alice.token,
      body: { from: 'BTC', to: 'USDC', amount: '0.01' },
    });
    expect(q.status).toBe(200);
    expect(q.body.data.receive).toBe('499.000000');
    armFailpoint('exchange.after-in');
    const crash = await t.call('POST', '/api/app/exchange/execute', {
      token: alice.token,
      body: { quote_id: q.body.data.quote_id },
    });
    expect(crash.status).toBe(500);
    // Paid in, nothing out yet, no record shown.
    expect(await coin(alice, 'BTC')).toBe('0.99000000');
    expect(await coin(alice, 'USDC')).toBe('1000.000000');
    const hist = () => t.call<Page<unknown>>('GET', '/api/app/exchange/history', { token: alice.token });
    expect((await hist()).body.data.total).toBe(0);
    // The same quote cannot be executed again: recovery finishes the record instead.
    const again = await t.call('POST', '/api/app/exchange/execute', {
      token: alice.token,
      body: { quote_id: q.body.data.quote_id },
    });
    expect(again.status).toBe(404);
    expect(await recover()).toEqual({ exchange: 1, otc: 0, ieo: 0 });
    expect(await coin(alice, 'USDC')).toBe('1499.000000');
    expect(await coin(alice, 'BTC')).toBe('0.99000000');
    expect((await hist()).body.data.total).toBe(1);
    expect(await recover()).toEqual({ exchange: 0, otc: 0, ieo: 0 });
    expect(await coin(alice, 'USDC')).toBe('1499.000000');
    await auditClean();
  });

  it('flash exchange: a crash after both moves only writes the row on recovery', async () => {
    const q = await t.call<{ quote_id: string }>('POST', '/api/app/exchange/quote', {
      token: bob.token,
      body: { from: 'BTC', to: 'USDC', amount: '0.01' },
    });
    armFailpoint('exchange.before-row');
    const crash = await t.call('POST', '/api/app/exchange/execute', {
      token: bob.token,
      body: { quote_id: q.body.data.quote_id },
    });
    expect(crash.status).toBe(500);
    expect(await coin(bob, 'USDC')).toBe('1499.000000');
    expect(await recover()).toEqual({ exchange: 1, otc: 0, ieo: 0 });
    expect(await coin(bob, 'USDC')).toBe('1499.000000');
    expect(await coin(bob, 'BTC')).toBe('0.99000000');
    await auditClean();
  });

  it('OTC: a crashed sell is recovered once; a crashed rejection refunds once on retry', async () => {
    const ad = await t.call<{ id: string }>('POST', '/api/admin/otc/ads', {
      token: admin,
      body: {
        side: 'sell',
        coin: 'BTC',
        fiat: 'USD',
        price: '50000.00',
        min: '0.001',
        max: '0.5',
        payment_methods: ['Bank transfer'],
      },
    });
    expect(ad.status).toBe(200);
    armFailpoint('otc.after-in');
    const place = await t.call('POST', '/api/app/otc/orders', {
      token: carol.token,
      body: {
        ad_id: ad.body.data.id,
        quantity: '0.1',
        payment_method: 'Bank transfer',
        bank: 'B',
        phone: '+4915112345',
      },
    });
    expect(place.status, JSON.stringify(place.body)).toBe(500);
    expect(await coin(carol, 'BTC')).toBe('0.90000000');
    const mine = () =>
      t.call<Page<{ id: string; status: string }>>('GET', '/api/app/otc/orders', { token: carol.token });
    expect((await mine()).body.data.total).toBe(0);
    expect(await recover()).toEqual({ exchange: 0, otc: 1, ieo: 0 });
    const list = (await mine()).body.data;
    expect(list.total).toBe(1);
    expect(list.list[0]!.status).toBe('review');
    expect(await coin(carol, 'BTC')).toBe('0.90000000');

    const id = list.list[0]!.id;
    const review = (body: unknown) =>
      t.call('POST', `/api/admin/otc/orders/${id}/review`, { token: admin, body });
    armFailpoint('otc.before-row');
    expect((await review({ action: 'reject', reason: 'no payment' })).status).toBe(500);
    expect(await coin(carol, 'BTC')).toBe('1.00000000');
    // Another decision cannot start while the first is unfinished; the same one finishes it.
    expect((await review({ action: 'complete' })).status).toBe(409);
    const done = await review({ action: 'reject', reason: 'no payment' });
    expect(done.status).toBe(200);
    expect(done.body.data).toMatchObject({ status: 'rejected', reason: 'no payment' });
    expect(await coin(carol, 'BTC')).toBe('1.00000000');
    expect((await review({ action: 'reject' })).status).toBe(409);
    await auditClean();
  });

  it('OTC: a crashed completion of a buy delivers once, via recovery', async () => {
    await t.call('POST', '/api/admin/treasury/fund', {
      token: admin,
      body: { coin: 'BTC', amount: '1', purpose: 'otc' },
    });
    const ad = await t.call<{ id: string }>('POST', '/api/admin/otc/ads', {
      token: admin,
      body: {
        side: 'buy',
        coin: 'BTC',
        fiat: 'USD',
        price: '50000.00',
        min: '0.001',
        max: '0.5',
        payment_methods: ['Bank transfer'],
        broker_contact: 'desk',
      },
    });
    const o = await t.call<{ id: string }>('POST', '/api/app/otc/orders', {
      token: carol.token,
      body: { ad_id: ad.body.data.id, quantity: '0.2', payment_method: 'Bank transfer' },
    });
    expect(o.status).toBe(200);
    armFailpoint('otc.before-row');
    const crash = await t.call('POST', `/api/admin/otc/orders/${o.body.data.id}/review`, {
      token: admin,
      body: { action: 'complete' },
    });
    expect(crash.status).toBe(500);
    expect(await coin(carol, 'BTC')).toBe('1.20000000');
    expect(await recover()).toEqual({ exchange: 0, otc: 1, ieo: 0 });
    expect(await coin(carol, 'BTC')).toBe('1.20000000');
    const row = await t.call<{ status: string }>('GET', `/api/app/otc/orders/${o.body.data.id}`, {
      token: carol.token,
    });
    expect(row.body.data.status).toBe('completed');
    await auditClean();
  });

  it('IEO: a crashed subscription is kept once; a crashed settlement re-settles without delivering twice', async () => {
    const now = t.clock.now();
    const p = await t.call<{ id: string }>('POST', '/api/admin/ieo/projects', {
      token: admin,
      body: ieoProjectBody(now, { name: 'Crash launch' }),
    });
    expect(p.status).toBe(200);
    const id = p.body.data.id;
    t.clock.advance(HOUR);
    const sub = (u: { token: string }, quantity: string) =>
      t.call('POST', `/api/app/ieo/projects/${id}/subscribe`, { token: u.token, body: { quantity } });
    expect((await sub(alice, '60')).status).toBe(200);
    expect((await sub(bob, '60')).status).toBe(200);
    armFailpoint('ieo.after-pay');
    const crashed = await sub(carol, '20');
    expect(crashed.status, JSON.stringify(crashed.body)).toBe(500);
    const carolUsdc = await coin(carol, 'USDC');
    const apps = (u: { token: string }) =>
      t.call<Page<{ status: string; allotted_quantity: string | null }>>('GET', '/api/app/ieo/applications', {
        token: u.token,
      });
    expect((await apps(carol)).body.data.total).toBe(0);
    expect(await recover()).toEqual({ exchange: 0, otc: 0, ieo: 1 });
    expect((await apps(carol)).body.data.list[0]!.status).toBe('applying');
    expect(await coin(carol, 'USDC')).toBe(carolUsdc);

    t.clock.advance(HOUR);
    const settle = () => t.call(`POST`, `/api/admin/ieo/projects/${id}/settle`, { token: admin, body: {} });
    armFailpoint('ieo.after-deliver');
    expect((await settle()).status).toBe(500);
    // 140 subscribed for 100: alice gets floor(60 * 100 / 140) = 42.85714285 SOL, once.
    expect(await coin(alice, 'SOL')).toBe('42.85714285');
    const re = await settle();
    expect(re.status).toBe(200);
    expect(await coin(alice, 'SOL')).toBe('42.85714285');
    expect(await coin(bob, 'SOL')).toBe('42.85714285');
    expect(await coin(carol, 'SOL')).toBe('14.28571428');
    expect((await settle()).status).toBe(409);
    expect((await apps(alice)).body.data.list[0]!.status).toBe('completed');
    await auditClean();
  });

  it('AI current products accrue pro rata: two seconds across midnight earn two seconds', async () => {
    await t.call('POST', '/api/admin/earn/treasury', { token: admin, body: { coin: 'USDC', amount: '100' } });
    const product = await t.call<{ id: string }>('POST', '/api/admin/ai/products', {
      token: admin,
      body: {
        name: 'Current 0.1 %/day',
        coin: 'USDC',
        kind: 'current',
        days: 0,
        daily_rate_min_ppm: 1000,
        daily_rate_max_ppm: 1000,
        min_amount: '1',
        max_amount: '10000',
        early_fee_bp: 0,
      },
    });
    expect(product.status).toBe(200);
    // Two seconds before the next UTC midnight.
    t.clock.advance(DAY - (t.clock.now() % DAY) - 2000);
    const usdc0 = await coin(bob, 'USDC');
    const s = await t.call<{ id: string }>('POST', '/api/app/ai/subscribe', {
      token: bob.token,
      body: { product_id: product.body.data.id, amount: '1000', days: 0 },
    });
    expect(s.status).toBe(200);
    t.clock.advance(4000);
    expect((await t.call('POST', '/api/admin/ai/accrue', { token: admin, body: {} })).status).toBe(200);
    // 1 USDC a day; 2 s of it = floor(1 000 000 * 2000 / 86 400 000) = 23 units, not 1 000 000.
    const order = await t.call<{ interest: string }>('GET', `/api/app/ai/orders/${s.body.data.id}`, {
      token: bob.token,
    });
    expect(order.body.data.interest).toBe('0.000023');
    // Redeemed two seconds into the new day: two more seconds, 23 units, and only once.
    const r = await t.call<{ interest: string; status: string }>(
      'POST',
      `/api/app/ai/orders/${s.body.data.id}/redeem`,
      { token: bob.token, body: {} },
    );
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({ interest: '0.000046', status: 'settled' });
    const micro = (v: string) => BigInt(v.replace('.', ''));
    expect(micro(await coin(bob, 'USDC'))).toBe(micro(usdc0) + 46n);
    await auditClean();
  });

  it('stores the keys ADR 114 wrote: <fx|otc|ieo>:<row id>:<step> in scope money (ADR 193)', async () => {
    // Runs after the crash tests above, which moved money in all three domains.
    const { rows } = await sql<{ key: string }>`
      select key from idempotency_keys where scope = 'money' order by key`.execute(t.db);
    const keys = rows.map((r) => r.key);
    for (const key of keys) {
      expect(key).toMatch(
        /^(fx:[\w-]+:(in|out|back)|otc:\d+:(in|out)|ieo:\d+:(pay|deliver|proceeds|refund))$/,
      );
    }
    for (const step of ['fx:', 'otc:', 'ieo:']) expect(keys.some((k) => k.startsWith(step))).toBe(true);
    for (const step of [':in', ':out', ':pay', ':deliver', ':proceeds', ':refund']) {
      expect(keys.some((k) => k.endsWith(step))).toBe(true);
    }
  });
});
