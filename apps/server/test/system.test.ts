import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, registerUser, type TestApp, testApp } from './helpers/testApp.ts';

const PNG = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 73, 72, 68, 82]);
const JPEG = Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 0, 16, 74, 70, 73, 70]);
const WEBP = new Uint8Array([...Buffer.from('RIFF'), 0, 0, 0, 0, ...Buffer.from('WEBPVP8 ')]);

async function multipart(file: Uint8Array | null, name = 'file', filename = 'a.png', type = 'image/png') {
  const fd = new FormData();
  if (file) fd.append(name, new Blob([Buffer.from(file)], { type }), filename);
  else fd.append('note', 'no file');
  const res = new Response(fd);
  return {
    payload: Buffer.from(await res.arrayBuffer()),
    headers: { 'content-type': res.headers.get('content-type') ?? '' },
  };
}

describe.each(BACKENDS)('system endpoints on %s', (backend) => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await testApp(backend);
    token = (await registerUser(t, 'img@example.com')).token;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('config, health', async () => {
    const config = await t.call<Record<string, unknown>>('GET', '/api/app/config');
    expect(config.body.data).toEqual({
      captcha: false,
      image_base_url: 'http://127.0.0.1:8080/uploads/',
      langs: ['de', 'en', 'zh_CN', 'zh_TW', 'es', 'fr', 'it'],
      default_lang: 'de',
      server_time: t.clock.now(),
      // The in-app browser's allowed hosts: the image host by default (ADR 201).
      webview_hosts: ['127.0.0.1:8080'],
    });
    const health = await t.call('GET', '/api/health');
    expect(health.body.data).toMatchObject({ status: 'ok', db: 'ok' });
  });

  it('captcha returns a key and an SVG data URL', async () => {
    const res = await t.call<{ key: string; image: string }>('POST', '/api/app/captcha');
    expect(res.body.data.key).toMatch(/^[0-9a-f]{32}$/);
    expect(res.body.data.image).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(await t.count('captchas')).toBeGreaterThan(0);
  });

  it('area codes and countries are named in the request language', async () => {
    const de = await t.call<{ code: string; country: string; name: string }[]>(
      'GET',
      '/api/app/account/area_code',
    );
    expect(de.body.data).toContainEqual({ code: '+49', country: 'DE', name: 'Deutschland' });
    const zh = await t.call<{ code: string; name: string }[]>('GET', '/api/app/country', { lang: 'zh_TW' });
    expect(zh.body.data).toContainEqual({ code: 'DE', name: '德國' });
    const en = await t.call<{ code: string; name: string }[]>('GET', '/api/app/country', { lang: 'en' });
    expect(en.body.data).toContainEqual({ code: 'DE', name: 'Germany' });
  });

  it('market coins, leverages and withdraw coins come from configuration with decimal strings', async () => {
    const coins = await t.call<Record<string, unknown>[]>('GET', '/api/app/market/coins');
    const symbols = coins.body.data.map((c) => c.symbol);
    for (const base of ['BTC', 'ETH', 'SOL', 'BNB', 'XRP', 'DOGE']) {
      expect(symbols).toContain(`${base}_USDC`);
      expect(symbols).toContain(`${base}_USDC_PERP`);
    }
    const btc = coins.body.data.find((c) => c.symbol === 'BTC_USDC');
    expect(btc).toMatchObject({
      base: 'BTC',
      quote: 'USDC',
      kind: 'spot',
      price_scale: 2,
      qty_scale: 5,
      tick_size: '0.01',
    });
    expect(typeof btc?.last).toBe('string');
    const lev = await t.call<{ values: number[]; by_symbol: Record<string, number[]> }>(
      'GET',
      '/api/app/leverages',
    );
    expect(lev.body.data.values).toContain(100);
    expect(lev.body.data.by_symbol.DOGE_USDC_PERP).not.toContain(50);
    const w = await t.call('GET', '/api/app/wallet/withdraw/coins');
    expect(w.body.data).toEqual([
      { coin: 'USDC', networks: [{ network: 'TRC20', fee: '1', min: '10', max: '100000' }] },
    ]);
  });

  it('update answers null until a release exists; bad input is a 422', async () => {
    const res = await t.call('POST', '/api/app/update', {
      body: { platform: 'android', device_id: 'd1', app_version: '0.0.2', plugin_version: '1.0.0' },
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toBeNull();
    const bad = await t.call('POST', '/api/app/update', { body: { platform: 'symbian' }, lang: 'en' });
    expect(bad.status).toBe(422);
    expect(bad.body.errors?.device_id).toEqual(['This field is required']);
  });

  describe('image upload', () => {
    const uploads = () => {
      const dir = join(t.dataDir, 'uploads');
      return existsSync(dir) ? readdirSync(dir, { recursive: true }).length : 0;
    };

    it('needs a token', async () => {
      const body = await multipart(PNG);
      const res = await t.app.inject({ method: 'POST', url: '/api/app/images/upload', ...body });
      expect(res.statusCode).toBe(401);
      expect(res.json().code).toBe(401);
    });

    it.each([
      ['png', PNG],
      ['jpg', JPEG],
      ['webp', WEBP],
    ])('stores a %s by its magic bytes and returns path and url', async (ext, bytes) => {
      const body = await multipart(bytes, 'file', 'whatever.bin', 'application/octet-stream');
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/app/images/upload',
        headers: { ...body.headers, authorization: `Bearer ${token}` },
        payload: body.payload,
      });
      expect(res.statusCode).toBe(200);
      const data = res.json().data as { path: string; url: string };
      expect(data.path).toMatch(new RegExp(`^\\d{6}/[0-9a-f]{32}\\.${ext}$`));
      expect(data.url).toBe(`http://127.0.0.1:8080/uploads/${data.path}`);
      expect(readFileSync(join(t.dataDir, 'uploads', data.path))).toEqual(Buffer.from(bytes));
      const served = await t.app.inject({ method: 'GET', url: `/uploads/${data.path}` });
      expect(served.statusCode).toBe(200);
    });

    it('refuses a non-image (even named .png), an oversize file, a missing file and JSON', async () => {
      const before = uploads();
      const auth = { authorization: `Bearer ${token}`, 'accept-language': 'en' };
      const text = await multipart(Uint8Array.from(Buffer.from('<svg onload=alert(1)>')), 'file', 'x.png');
      const r1 = await t.app.inject({
        method: 'POST',
        url: '/api/app/images/upload',
        headers: { ...text.headers, ...auth },
        payload: text.payload,
      });
      expect(r1.statusCode).toBe(400);
      expect(r1.json()).toMatchObject({ code: 1101, message: 'Only JPEG, PNG or WebP images are allowed' });

      const big = new Uint8Array(5 * 1024 * 1024 + 10);
      big.set(PNG);
      const large = await multipart(big);
      const r2 = await t.app.inject({
        method: 'POST',
        url: '/api/app/images/upload',
        headers: { ...large.headers, ...auth },
        payload: large.payload,
      });
      expect(r2.statusCode).toBe(413);
      expect(r2.json()).toMatchObject({ code: 413, message: 'The request is too large' });

      const none = await multipart(null);
      const r3 = await t.app.inject({
        method: 'POST',
        url: '/api/app/images/upload',
        headers: { ...none.headers, ...auth },
        payload: none.payload,
      });
      expect(r3.statusCode).toBe(422);
      expect(r3.json().errors).toEqual({ file: ['Please choose a file'] });

      const json = await t.call('POST', '/api/app/images/upload', { token, body: { file: 'x' }, lang: 'de' });
      expect(json.status).toBe(422);
      expect(json.body.errors).toEqual({
        body: ['Senden Sie den Inhalt der Anfrage als multipart/form-data'],
      });
      expect(uploads()).toBe(before);
    });
  });
});
