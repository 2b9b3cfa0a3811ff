// Issue 12 item 4 (ADR 202): HMAC-SHA256 signed requests with an API key. A signed request places
// an order; a wrong signature, a stale timestamp, a replay, a key without trade permission, a
// foreign IP and a deleted key are each refused with their own code and nothing changes.
import { createHmac } from 'node:crypto';
import { apiSignPayload } from '@ex/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, deposit, PASSWORD, registerUser, type TestApp, testApp } from './helpers/testApp.ts';

type Key = { id: string; api_key: string; secret: string; permissions: string[] };
const ORDER = { symbol: 'BTC_USDC', side: 'buy', type: 'limit', price: '90000.00', quantity: '0.01' };

describe.each(BACKENDS)('API keys on %s', (backend) => {
  let t: TestApp;
  let user: { token: string; id: string };

  beforeAll(async () => {
    t = await testApp(backend);
    const u = await registerUser(t, 'bot@example.com');
    user = { token: u.token, id: u.user.id };
    await deposit(t, user.id, 'USDC', 10_000_000_000n);
  });
  afterAll(async () => {
    await t?.close();
  });

  const createKey = async (body: Record<string, unknown>) => {
    const r = await t.call<Key>('POST', '/api/app/apikeys', {
      token: user.token,
      body: { password: PASSWORD, ...body },
    });
    expect(r.status).toBe(200);
    return r.body.data;
  };

  /** Sends a signed request the way docs/api.md describes; `tweak` breaks one part of it. */
  const signed = async (
    key: Key,
    method: 'GET' | 'POST',
    path: string,
    body?: unknown,
    tweak: { ts?: number; signature?: string; ip?: string; recvWindow?: string } = {},
  ) => {
    const raw = body === undefined ? '' : JSON.stringify(body);
    const timestamp = String(tweak.ts ?? t.clock.now());
    const recvWindow = tweak.recvWindow ?? '5000';
    const signature =
      tweak.signature ??
      createHmac('sha256', key.secret)
        .update(apiSignPayload({ timestamp, method, path, recvWindow, body: raw }))
        .digest('hex');
    const res = await t.app.inject({
      method,
      url: path,
      headers: {
        'x-ex-apikey': key.api_key,
        'x-ex-timestamp': timestamp,
        'x-ex-recv-window': recvWindow,
        'x-ex-signature': signature,
        'accept-language': 'en',
        ...(raw ? { 'content-type': 'application/json' } : {}),
      },
      ...(raw ? { payload: raw } : {}),
      ...(tweak.ip ? { remoteAddress: tweak.ip } : {}),
    });
    return { status: res.statusCode, body: res.json() as { code: number; message: string; data: unknown } };
  };

  const openOrders = async () =>
    (await t.call<{ list: unknown[] }>('GET', '/api/app/spot/orders?status=open', { token: user.token })).body
      .data.list.length;
  const usdc = async () => {
    const r = await t.call<{ spot: { coin: string; available: string }[] }>(
      'GET',
      '/api/app/wallet/balances',
      {
        token: user.token,
      },
    );
    return r.body.data.spot.find((s) => s.coin === 'USDC')?.available;
  };

  it('creation needs the login password; the secret is shown once and never listed', async () => {
    const bad = await t.call('POST', '/api/app/apikeys', {
      token: user.token,
      body: { label: 'x', permissions: ['read'], password: 'wrong-pass1' },
    });
    expect(bad.body.code).toBe(1030);
    const key = await createKey({ label: 'reader', permissions: ['read'] });
    expect(key.secret).toMatch(/^[0-9a-f]{64}$/);
    const list = await t.call<Record<string, unknown>[]>('GET', '/api/app/apikeys', { token: user.token });
    expect(list.body.data.map((k) => k.api_key)).toContain(key.api_key);
    expect(JSON.stringify(list.body.data)).not.toContain(key.secret);
  });

  it('a signed request with a trade key places an order', async () => {
    const key = await createKey({ label: 'trader', permissions: ['read', 'trade'] });
    const res = await signed(key, 'POST', '/api/app/spot/orders', ORDER);
    expect(res.body.code).toBe(0);
    expect(res.body.data).toMatchObject({ symbol: 'BTC_USDC', side: 'buy' });
    expect(await openOrders()).toBe(1);
    const read = await signed(key, 'GET', '/api/app/spot/orders?status=open');
    expect(read.body.code).toBe(0);
  });

  it('refuses each broken request with its own code and changes nothing', async () => {
    const trader = await createKey({ label: 't2', permissions: ['trade'] });
    const reader = await createKey({ label: 'r2', permissions: ['read'] });
    const pinned = await createKey({ label: 'ip', permissions: ['trade'], ip_allow: ['10.1.2.3'] });
    const deleted = await createKey({ label: 'gone', permissions: ['trade'] });
    expect((await t.call('DELETE', `/api/app/apikeys/${deleted.id}`, { token: user.token })).body.code).toBe(
      0,
    );
    const orders = await openOrders();
    const funds = await usdc();

    const other = { ...ORDER, price: '90001.00' };
    expect(
      (await signed(trader, 'POST', '/api/app/spot/orders', other, { signature: 'ab'.repeat(32) })).body.code,
    ).toBe(3401);
    expect(
      (await signed(trader, 'POST', '/api/app/spot/orders', other, { ts: t.clock.now() - 6_000 })).body.code,
    ).toBe(3402);
    expect(
      (await signed(trader, 'POST', '/api/app/spot/orders', other, { recvWindow: '600000' })).body.code,
    ).toBe(3402);
    expect((await signed(reader, 'POST', '/api/app/spot/orders', other)).body.code).toBe(3404);
    const fromElsewhere = await signed(pinned, 'POST', '/api/app/spot/orders', other, { ip: '10.9.9.9' });
    expect(fromElsewhere).toMatchObject({ status: 403, body: { code: 3405 } });
    expect((await signed(deleted, 'POST', '/api/app/spot/orders', other)).body.code).toBe(3400);
    // A key never reaches account settings, not even with every permission.
    const all = await createKey({ label: 'all', permissions: ['read', 'trade', 'withdraw'] });
    expect((await signed(all, 'GET', '/api/app/apikeys')).body.code).toBe(3404);
    expect(
      (
        await signed(all, 'POST', '/api/app/user/password', {
          old_password: PASSWORD,
          password: 'Other12345',
          password_confirmation: 'Other12345',
        })
      ).body.code,
    ).toBe(3404);
    expect(await openOrders()).toBe(orders);
    expect(await usdc()).toBe(funds);

    // The same signed request twice: the first places, the replay is refused.
    const ts = t.clock.now();
    expect((await signed(trader, 'POST', '/api/app/spot/orders', other, { ts })).body.code).toBe(0);
    const replay = await signed(trader, 'POST', '/api/app/spot/orders', other, { ts });
    expect(replay).toMatchObject({
      status: 401,
      body: { code: 3403, message: 'This signed request was already used' },
    });
    expect(await openOrders()).toBe(orders + 1);
    // The pinned key works from its own address.
    expect((await signed(pinned, 'POST', '/api/app/spot/orders', ORDER, { ip: '10.1.2.3' })).body.code).toBe(
      0,
    );
  });

  it("deleting another user's key is a 404 and leaves it working", async () => {
    const key = await createKey({ label: 'mine', permissions: ['read'] });
    const other = await registerUser(t, 'thief@example.com');
    const res = await t.call('DELETE', `/api/app/apikeys/${key.id}`, { token: other.token });
    expect(res.status).toBe(404);
    expect((await signed(key, 'GET', '/api/app/wallet/balances')).body.code).toBe(0);
  });
});
