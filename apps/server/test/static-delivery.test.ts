import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cacheControlFor } from '../src/http/static.ts';
import { type TestApp, testApp } from './helpers/testApp.ts';

// Issue 11 "Must show": hashed assets compressed (br, else gzip) and immutable, no rate-limit
// headers, index.html no-cache with an ETag, and 2,000 static requests from one address in a
// minute all answered. The dist folders are built the way `npm run build` builds them: files, then
// scripts/build/precompress.mjs writing the compressed twins.
const ASSET = 'assets/index-AbC_12-9.js';
const SCRIPT = `${'export const greeting = "Hallo, Welt";\n'.repeat(200)}`;
const precompress = join(import.meta.dirname, '../../../scripts/build/precompress.mjs');

function prepare(webDist: string, adminDist: string): void {
  mkdirSync(join(webDist, 'assets'), { recursive: true });
  writeFileSync(join(webDist, ASSET), SCRIPT);
  writeFileSync(
    join(webDist, 'index.html'),
    `<!doctype html><title>web</title>${'<!-- pad -->'.repeat(200)}`,
  );
  writeFileSync(join(webDist, 'sw.js'), `self.addEventListener('fetch', () => {});\n${'//\n'.repeat(600)}`);
  writeFileSync(join(webDist, 'manifest.webmanifest'), '{"name":"Exchange"}');
  mkdirSync(join(adminDist, 'assets'), { recursive: true });
  writeFileSync(join(adminDist, 'assets/main-Zz9_8yX7.css'), `body{color:red}\n`.repeat(200));
  execFileSync(process.execPath, [precompress, webDist, adminDist], { stdio: 'ignore' });
}

describe('static delivery', () => {
  let t: TestApp;
  beforeAll(async () => {
    // Static files do not touch the database: PGlite is enough. A tight API limit proves that
    // static requests are not counted against it.
    t = await testApp('pglite', { withDist: true, prepareDist: prepare, rateLimit: { globalPerMinute: 50 } });
  });
  afterAll(() => t?.close());

  const get = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers });

  it('sends a hashed asset as brotli when accepted, immutable, without rate-limit headers', async () => {
    const res = await get(`/${ASSET}`, { 'accept-encoding': 'gzip, deflate, br' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(Object.keys(res.headers).filter((h) => h.startsWith('x-ratelimit'))).toEqual([]);
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(SCRIPT);
    expect(res.rawPayload.length).toBeLessThan(SCRIPT.length / 10);
  });

  it('sends gzip when only gzip is accepted, and the plain file when nothing is', async () => {
    const gz = await get(`/${ASSET}`, { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(SCRIPT);
    expect(gz.headers['cache-control']).toBe('public, max-age=31536000, immutable');

    const plain = await get(`/${ASSET}`, { 'accept-encoding': 'identity' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(SCRIPT);
  });

  it('sends index.html with no-cache and an ETag, compressed, and 304 when unchanged', async () => {
    const res = await get('/', { 'accept-encoding': 'br' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(res.rawPayload).toString()).toMatch(/^<!doctype html>/);
    const etag = String(res.headers.etag);
    expect(etag).toMatch(/^"[\w-]+"$/);
    const again = await get('/Login', { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  it('revalidates the service worker and the manifest (no-cache with an ETag)', async () => {
    for (const url of ['/sw.js', '/manifest.webmanifest']) {
      const res = await get(url, { 'accept-encoding': 'br' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.headers.etag).toBeTruthy();
    }
  });

  it('serves the admin console the same way', async () => {
    const css = await get('/admin/assets/main-Zz9_8yX7.css', { 'accept-encoding': 'br' });
    expect(css.headers['content-encoding']).toBe('br');
    expect(css.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const index = await get('/admin/');
    expect(index.headers['cache-control']).toBe('no-cache');
  });

  it('answers 2,000 static requests from one address in a minute (the API limit here is 50)', async () => {
    const urls = [`/${ASSET}`, '/', '/sw.js', '/Markets', '/admin/'];
    const statuses = new Map<number, number>();
    for (let i = 0; i < 2000; i += 100) {
      const batch = await Promise.all(
        Array.from({ length: 100 }, (_, j) =>
          get(urls[(i + j) % urls.length] ?? '/', { 'accept-encoding': 'br' }).then((r) => r.statusCode),
        ),
      );
      for (const s of batch) statuses.set(s, (statuses.get(s) ?? 0) + 1);
    }
    expect(Object.fromEntries(statuses)).toEqual({ 200: 2000 });
    // The API itself is still limited for the same address.
    const api = await Promise.all(Array.from({ length: 60 }, () => get('/api/app/config')));
    expect(api.some((r) => r.statusCode === 429)).toBe(true);
  });
});

describe('API compression', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await testApp('pglite');
  });
  afterAll(() => t?.close());

  it('compresses answers above 1 KB (br, else gzip) and leaves small ones alone', async () => {
    const big = await t.app.inject({
      method: 'GET',
      url: '/api/app/country',
      headers: { 'accept-encoding': 'br' },
    });
    expect(big.statusCode).toBe(200);
    expect(big.headers['content-encoding']).toBe('br');
    const body = JSON.parse(brotliDecompressSync(big.rawPayload).toString()) as {
      code: number;
      data: unknown[];
    };
    expect(body.code).toBe(0);
    expect(body.data.length).toBeGreaterThan(10);

    const gz = await t.app.inject({
      method: 'GET',
      url: '/api/app/country',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString())).toEqual(body);

    const small = await t.app.inject({
      method: 'GET',
      url: '/api/app/config',
      headers: { 'accept-encoding': 'br' },
    });
    expect(small.statusCode).toBe(200);
    expect(small.headers['content-encoding']).toBeUndefined();
  });

  it('never inflates a compressed request body (a zip bomb is refused, not unpacked)', async () => {
    const bomb = gzipSync(Buffer.alloc(50 * 1024 * 1024, 0x20));
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/app/account/login',
      headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
      payload: bomb,
    });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
  });
});

describe('cache policy', () => {
  it('keeps only content-hashed names for a year', () => {
    expect(cacheControlFor('/srv/web/dist/assets/index-C4YCO1gh.js')).toBe(
      'public, max-age=31536000, immutable',
    );
    expect(cacheControlFor('/srv/web/dist-compressed/assets/api--s6JZBe8.js.br')).toBe(
      'public, max-age=31536000, immutable',
    );
    expect(cacheControlFor('/srv/web/dist/sw.js')).toBe('no-cache');
    expect(cacheControlFor('/srv/web/dist/icons/icon-192.png')).toBe('no-cache');
    expect(cacheControlFor('/srv/data/uploads/202611/ab12.png')).toBe('public, max-age=86400');
  });
});
