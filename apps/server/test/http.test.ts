import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, registerUser, type TestApp, testApp } from './helpers/testApp.ts';

describe.each(BACKENDS)('envelope and plumbing on %s', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await testApp(backend, { withDist: true });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('unknown API routes are a localised 404 envelope', async () => {
    for (const [lang, message] of [
      ['de', 'Nicht gefunden'],
      ['en', 'Not found'],
      ['zh_CN', '未找到'],
    ]) {
      const res = await t.call('GET', '/api/app/nothing', { lang });
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ code: 404, data: null, message });
    }
    const post = await t.call('POST', '/api/app/nothing', { body: {} });
    expect(post.status).toBe(404);
    expect(post.body.code).toBe(404);
  });

  it('an oversize body is a 413 envelope and changes nothing', async () => {
    const users = await t.count('users');
    const res = await t.call('POST', '/api/app/account/register', {
      body: { type: 'email', account: 'big@example.com', password: 'x'.repeat(1_100_000) },
      lang: 'en',
    });
    expect(res.status).toBe(413);
    expect(res.body).toEqual({ code: 413, data: null, message: 'The request is too large' });
    expect(await t.count('users')).toBe(users);
  });

  it('a JSON number where a string is required is a 422', async () => {
    const res = await t.call('POST', '/api/app/account/login', {
      body: { type: 'email', account: 'a@example.com', password: 12345678 },
      lang: 'en',
    });
    expect(res.status).toBe(422);
    expect(res.body.errors?.password).toEqual(['Wrong type: text expected']);
  });

  it('a body on a route with no body schema is ignored, an empty JSON body is "no body"', async () => {
    const res = await t.call('POST', '/api/app/captcha', {
      body: '',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.status).toBe(200);
  });

  it('publishes the OpenAPI document with the paths', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json() as { openapi: string; paths: Record<string, Record<string, unknown>> };
    expect(doc.openapi).toBe('3.1.0');
    for (const path of [
      '/api/app/config',
      '/api/app/captcha',
      '/api/app/account/captcha',
      '/api/app/account/register',
      '/api/app/account/login',
      '/api/app/account/forget',
      '/api/app/account/logout',
      '/api/app/user/info',
      '/api/app/user/trade-password',
      '/api/app/user/password',
      '/api/app/user/profile',
      '/api/app/account/area_code',
      '/api/app/country',
      '/api/app/images/upload',
      '/api/app/market/coins',
      '/api/app/leverages',
      '/api/app/wallet/withdraw/coins',
      '/api/app/update',
      '/api/health',
      '/api/admin/login',
      '/api/admin/outbox',
      '/api/admin/users/{id}/ban',
    ]) {
      expect(doc.paths, path).toHaveProperty([path]);
    }
    const register = doc.paths['/api/app/account/register']?.post as { requestBody?: unknown };
    expect(JSON.stringify(register.requestBody)).toContain('password_confirmation');
  });

  it('serves the web app with SPA fallback, the admin console under /admin/, files as files', async () => {
    const root = await t.app.inject({ method: 'GET', url: '/' });
    expect(root.statusCode).toBe(200);
    expect(root.body).toContain('<title>web</title>');
    const deep = await t.app.inject({ method: 'GET', url: '/Login?x=1' });
    expect(deep.body).toContain('<title>web</title>');
    const js = await t.app.inject({ method: 'GET', url: '/app.js' });
    expect(js.body).toBe('console.log(1)');
    const missingFile = await t.app.inject({ method: 'GET', url: '/missing.js' });
    expect(missingFile.statusCode).toBe(404);
    const admin = await t.app.inject({ method: 'GET', url: '/admin/outbox' });
    expect(admin.body).toContain('<title>admin</title>');
    const adminRoot = await t.app.inject({ method: 'GET', url: '/admin' });
    expect(adminRoot.statusCode).toBe(301);
    expect(root.headers['content-security-policy']).toContain("img-src 'self' data:");
  });

  it('puts the page policy on documents and the REST security set on API answers (ADR 229)', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/' });
    expect(page.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(page.headers['referrer-policy']).toBe('no-referrer');
    for (const url of ['/api/app/market/coins', '/api/app/no-such-route']) {
      const api = await t.app.inject({ method: 'GET', url });
      expect(api.headers['content-security-policy'], url).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(api.headers['x-frame-options'], url).toBe('DENY');
      expect(api.headers['x-content-type-options'], url).toBe('nosniff');
      expect(api.headers['cache-control'], url).toBe('no-store');
      expect(api.headers['strict-transport-security'], url).toBe(page.headers['strict-transport-security']);
      expect(api.headers['content-type'], url).toMatch(/^application\/json/);
      // The document-only headers stay off JSON answers.
      expect(api.headers['x-dns-prefetch-control'], url).toBeUndefined();
      expect(api.headers['cross-origin-opener-policy'], url).toBeUndefined();
    }
  });

  it('answers CORS preflights for the native app', async () => {
    const res = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/app/account/login',
      headers: { origin: 'capacitor://localhost', 'access-control-request-method': 'POST' },
    });
    expect(res.statusCode).toBe(204);
    expect(res.headers['access-control-allow-origin']).toBe('*');
    expect(res.headers['access-control-allow-headers']).toContain('idempotency-key');
    expect(res.headers['access-control-max-age']).toBe('600');
  });

  it('puts CORS headers on answers to a cross-origin call, and none without an origin', async () => {
    const cross = await t.app.inject({
      method: 'GET',
      url: '/api/app/market/coins',
      headers: { origin: 'capacitor://localhost' },
    });
    expect(cross.statusCode).toBe(200);
    expect(cross.headers['access-control-allow-origin']).toBe('*');
    expect(cross.headers['access-control-allow-methods']).toBe('GET, POST, PUT, DELETE, OPTIONS');
    const same = await t.app.inject({ method: 'GET', url: '/api/app/market/coins' });
    expect(same.statusCode).toBe(200);
    expect(same.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('acknowledges websocket ops', async () => {
    const ws = await t.app.injectWS('/ws');
    const replies: Record<string, unknown>[] = [];
    const next = () =>
      new Promise<Record<string, unknown>>((resolve) => {
        ws.once('message', (data: Buffer) => resolve(JSON.parse(data.toString())));
      });
    const send = async (msg: unknown) => {
      const reply = next();
      ws.send(typeof msg === 'string' ? msg : JSON.stringify(msg));
      replies.push(await reply);
    };
    await send({ op: 'ping', id: '1' });
    await send({ op: 'subscribe', channels: ['depth:BTC_USDC'] });
    await send({ op: 'unsubscribe', channels: ['depth:BTC_USDC'] });
    await send({ op: 'auth', token: 'nope' });
    await send('not json');
    const { token } = await registerUser(t, 'ws@example.com');
    await send({ op: 'auth', token, id: 'a' });
    ws.terminate();
    expect(replies).toEqual([
      { op: 'pong', code: 0, id: '1' },
      { op: 'subscribed', code: 0, channels: ['depth:BTC_USDC'] },
      { op: 'unsubscribed', code: 0, channels: ['depth:BTC_USDC'] },
      { op: 'error', code: 401 },
      { op: 'error', code: 422, message: 'malformed JSON' },
      { op: 'authed', code: 0, id: 'a' },
    ]);
  });
});

describe('missing dist folders and server faults', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await testApp('pglite');
  });
  afterAll(async () => {
    await t?.close();
  });

  it('serves a short note instead of crashing when the web app is not built', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/Login' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('not built yet');
    const admin = await t.app.inject({ method: 'GET', url: '/admin/' });
    expect(admin.body).toContain('The admin console is not built yet');
  });

  it('a thrown error is a generic 500 envelope without details', async () => {
    // Simulate an outage: the database goes away under a running app.
    await t.db.destroy();
    const res = await t.call('GET', '/api/health', { lang: 'en' });
    expect(res.status).toBe(500);
    expect(res.body).toEqual({
      code: 500,
      data: null,
      message: 'Something went wrong, please try again later',
    });
  });
});
