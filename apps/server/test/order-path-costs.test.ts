// Two per-request costs taken off the order path (issue 9, docs/benchmarks.md): the order body is
// hashed only when an idempotency key is given (so a repeat with another body is still a conflict),
// and a bearer token's sha-256 is computed once per token string (bounded), while an ended session
// is still refused at once.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuthCache } from '../src/account/auth-cache.ts';
import { sha256, TokenStore } from '../src/account/tokens.ts';
import type { Db } from '../src/db/db.ts';
import { BACKENDS, deposit, registerUser, type TestApp, testApp } from './helpers/testApp.ts';

describe('the session cache keeps each token hash', () => {
  it('hashes a token string once, bounded by dropping the oldest', () => {
    const cache = new AuthCache(1000, 100, () => 0, 2);
    let calls = 0;
    const hash = (t: string) => {
      calls += 1;
      return sha256(t);
    };
    expect(cache.hashOf('a', hash)).toBe(sha256('a'));
    expect(cache.hashOf('a', hash)).toBe(sha256('a'));
    expect(calls).toBe(1);
    cache.hashOf('b', hash);
    cache.hashOf('c', hash);
    expect(calls).toBe(3);
    // 'a' was the oldest of three in a cache of two: hashed again, 'c' still known.
    cache.hashOf('a', hash);
    cache.hashOf('c', hash);
    expect(calls).toBe(4);
  });
});

describe.each(BACKENDS)('order path costs on %s', (backend) => {
  let t: TestApp;
  let user: { token: string; id: string };
  beforeAll(async () => {
    t = await testApp(backend);
    const u = await registerUser(t, 'costs@example.com');
    user = { token: u.token, id: u.user.id };
    await deposit(t, user.id, 'USDC', 10_000_000_000n);
  });
  afterAll(async () => {
    await t.close();
  });

  const order = { symbol: 'BTC_USDC', side: 'buy', type: 'limit', price: '90000.00', quantity: '0.001' };
  const place = (body: unknown, headers?: Record<string, string>) =>
    t.call<{ id: string }>('POST', '/api/app/spot/orders', {
      token: user.token,
      body,
      lang: 'en',
      ...(headers ? { headers } : {}),
    });

  it('without a key every order is new; with a key or a client order id a repeat is the first order and another body a conflict', async () => {
    const [a, b] = [await place(order), await place(order)];
    expect(a.body.code).toBe(0);
    expect(b.body.code).toBe(0);
    expect(a.body.data.id).not.toBe(b.body.data.id);

    const k = { 'idempotency-key': 'costs-1' };
    const first = await place(order, k);
    expect((await place(order, k)).body.data.id).toBe(first.body.data.id);
    const other = await place({ ...order, quantity: '0.002' }, k);
    expect(other.status).toBe(409);
    expect(other.body.code).toBe(2003);

    const withCid = { ...order, client_order_id: 'costs-c1' };
    const c = await place(withCid);
    expect((await place(withCid)).body.data.id).toBe(c.body.data.id);
    expect((await place({ ...withCid, price: '90001.00' })).body.code).toBe(2003);
  });

  it('a token whose hash is known is refused as soon as its session ends', async () => {
    const u = await registerUser(t, 'costs-out@example.com');
    expect((await t.call('GET', '/api/app/wallet/balances', { token: u.token })).status).toBe(200);
    expect((await t.call('POST', '/api/app/account/logout', { token: u.token })).body.code).toBe(0);
    const after = await t.call('GET', '/api/app/wallet/balances', { token: u.token });
    expect(after.status).toBe(401);
    expect(after.body.code).toBe(411);
  });

  it('requests that miss the session cache together share one query; a lookup crossing a revocation is not remembered', async () => {
    let queries = 0;
    const counted = new Proxy(t.db, {
      get(target, prop, receiver) {
        const v = Reflect.get(target, prop, receiver);
        if (prop !== 'selectFrom') return typeof v === 'function' ? v.bind(target) : v;
        return (...a: unknown[]) => {
          queries += 1;
          return (v as (...x: unknown[]) => unknown).apply(target, a);
        };
      },
    }) as Db;
    const store = new TokenStore(counted, t.clock);
    const token = await store.issue('user', user.id);
    const all = await Promise.all(Array.from({ length: 50 }, () => store.userSession(token)));
    expect(new Set(all.map((s) => s.status))).toEqual(new Set(['active']));
    expect(queries).toBe(1);
    await store.userSession(token);
    expect(queries).toBe(1); // cached

    // A lookup in flight when a revocation is seen: answered, but the next request reads again.
    store.cache.forget({ type: 'subject', subjectId: 'nobody' }); // empties nothing of ours
    const other = await store.issue('user', user.id);
    const inFlight = store.userSession(other);
    store.forget({ type: 'subject', subjectId: user.id });
    expect((await inFlight).status).toBe('active');
    const before = queries;
    await store.userSession(other);
    expect(queries).toBe(before + 1);
    await store.revokeAll('user', user.id, t.db);
    expect((await store.userSession(other)).status).toBe('ended');
  });
});
