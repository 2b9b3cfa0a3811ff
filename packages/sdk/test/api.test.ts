import { afterEach, describe, expect, it } from 'vitest';
import { createApi } from '../src/index.ts';
import { type Harness, harness, json, ok } from './server.ts';

let h: Harness;
afterEach(async () => {
  await h.server.close();
});

const user = {
  id: '1',
  nickname: 'ann',
  avatar: null,
  points: 0,
  verified: false,
  member_level: 0,
  invite_code: 'ABC123',
  email: 'a@example.com',
  phone: null,
  area_code: null,
  has_trade_password: false,
  created_at: 1,
};

describe('typed endpoint functions', () => {
  it('login stores the token, the next call sends it, logout removes it', async () => {
    h = await harness();
    const api = createApi(h.client);
    h.server.route('POST', '/api/app/account/login', (_req, res) => ok(res, { token: 'tok', user }));
    h.server.route('GET', '/api/app/user/info', (_req, res) => ok(res, user));
    h.server.route('POST', '/api/app/account/logout', (_req, res) => ok(res, null));
    const result = await api.account.login({
      type: 'email',
      account: 'a@example.com',
      password: 'secret123',
    });
    expect(result.user.invite_code).toBe('ABC123');
    expect(h.storage.map.get('token')).toBe('tok');
    await api.user.info();
    expect(h.server.requests[1]?.headers.authorization).toBe('Bearer tok');
    await api.account.logout();
    expect(h.server.requests[2]?.headers.authorization).toBe('Bearer tok');
    expect(h.storage.map.has('token')).toBe(false);
    expect(JSON.parse(h.server.requests[0]!.body.toString())).toEqual({
      type: 'email',
      account: 'a@example.com',
      password: 'secret123',
    });
  });

  it('a failed login stores nothing and hands the field errors over', async () => {
    h = await harness();
    const api = createApi(h.client);
    h.server.route('POST', '/api/app/account/register', (_req, res) =>
      json(res, 422, { code: 422, data: null, message: 'x', errors: { password: ['too short'] } }),
    );
    await expect(
      api.account.register({
        type: 'email',
        account: 'a',
        password: '1',
        password_confirmation: '1',
        code: '123456',
      }),
    ).rejects.toMatchObject({ errors: { password: ['too short'] } });
    expect(h.storage.map.has('token')).toBe(false);
  });

  it('changePassword keeps the session alive with the new token', async () => {
    h = await harness({}, { token: 'old' });
    const api = createApi(h.client);
    h.server.route('POST', '/api/app/user/password', (_req, res) => ok(res, { token: 'new' }));
    await api.user.changePassword({ old_password: 'a', password: 'b', password_confirmation: 'b' });
    expect(h.storage.map.get('token')).toBe('new');
  });

  it('hits the paths of API.md with their queries', async () => {
    h = await harness();
    const api = createApi(h.client);
    for (const [method, path] of [
      ['GET', '/api/app/config'],
      ['POST', '/api/app/captcha'],
      ['POST', '/api/app/account/captcha'],
      ['GET', '/api/app/account/area_code'],
      ['GET', '/api/app/country'],
      ['GET', '/api/app/market/coins'],
      ['GET', '/api/app/leverages'],
      ['GET', '/api/app/market/depth'],
      ['GET', '/api/app/market/klines'],
      ['GET', '/api/app/wallet/withdraw/coins'],
      ['GET', '/api/app/wallet/ledger'],
      ['POST', '/api/app/update'],
      ['DELETE', '/api/app/spot/orders/42'],
    ] as const) {
      h.server.route(method, path, (_req, res) => ok(res, null));
    }
    await api.system.config();
    await api.account.captcha();
    await api.account.sendCode({ type: 'email', account: 'a@example.com', scene: 'register' });
    await api.account.areaCodes();
    await api.system.countries();
    await api.market.coins();
    await api.market.leverages();
    await api.market.depth({ symbol: 'BTC_USDC', limit: 20 });
    await api.market.klines({ symbol: 'BTC_USDC', interval: '1m' });
    await api.wallet.withdrawCoins();
    await api.wallet.ledger({ account: 'spot', type: ['deposit', 'withdraw'], page: 1, limit: 20 });
    await expect(
      api.system.update({
        platform: 'android',
        device_id: 'd',
        app_version: '0.0.2',
        plugin_version: '0.0.1',
      }),
    ).resolves.toBeNull();
    await api.spot.cancelOrder('42');
    expect(h.server.requests.map((r) => `${r.method} ${r.url}`)).toEqual([
      'GET /api/app/config',
      'POST /api/app/captcha',
      'POST /api/app/account/captcha',
      'GET /api/app/account/area_code',
      'GET /api/app/country',
      'GET /api/app/market/coins',
      'GET /api/app/leverages',
      'GET /api/app/market/depth?symbol=BTC_USDC&limit=20',
      'GET /api/app/market/klines?symbol=BTC_USDC&interval=1m',
      'GET /api/app/wallet/withdraw/coins',
      'GET /api/app/wallet/ledger?account=spot&type=deposit&type=withdraw&page=1&limit=20',
      'POST /api/app/update',
      'DELETE /api/app/spot/orders/42',
    ]);
  });

  it('upload sends the image as multipart form data', async () => {
    h = await harness({}, { token: 't' });
    const api = createApi(h.client);
    h.server.route('POST', '/api/app/images/upload', (_req, res) =>
      ok(res, { path: 'a/b.jpg', url: 'http://img/a/b.jpg' }),
    );
    const image = new Blob([new Uint8Array([0xff, 0xd8, 0xff])], { type: 'image/jpeg' });
    await expect(api.system.upload(image, { filename: 'front.jpg' })).resolves.toEqual({
      path: 'a/b.jpg',
      url: 'http://img/a/b.jpg',
    });
    const seen = h.server.requests[0]!;
    expect(seen.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    const text = seen.body.toString('latin1');
    expect(text).toContain('name="file"; filename="front.jpg"');
    expect(text).toContain('Content-Type: image/jpeg');
  });

  it('the admin client keeps its token under admin_token and never touches the user token', async () => {
    h = await harness({ tokenKey: 'admin_token' }, { token: 'user-token' });
    const api = createApi(h.client);
    h.server.route('POST', '/api/admin/login', (_req, res) =>
      ok(res, { token: 'op-token', admin: { id: '1', email: 'op@example.com' } }),
    );
    h.server.route('GET', '/api/admin/outbox', (_req, res) =>
      ok(res, { list: [], total: 0, page: 2, limit: 10 }),
    );
    await api.admin.login({ email: 'op@example.com', password: 'pw' });
    expect(h.storage.map.get('admin_token')).toBe('op-token');
    await expect(api.admin.outbox({ page: 2, limit: 10 })).resolves.toMatchObject({ page: 2 });
    expect(h.server.requests[1]?.url).toBe('/api/admin/outbox?page=2&limit=10');
    expect(h.server.requests[1]?.headers.authorization).toBe('Bearer op-token');
    expect(h.storage.map.get('token')).toBe('user-token');
  });
});
