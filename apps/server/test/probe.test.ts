import { existsSync, readdirSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, registerUser, type TestApp, testApp } from './helpers/testApp.ts';

// Odd inputs found by probing the built server: each must answer inside the envelope, without a
// 500 and without touching the file system or the database.

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);

/** Sends raw bytes over a socket and returns the whole answer (the server closes after errors). */
function raw(port: number, request: string | Buffer): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let answer = '';
    socket.on('data', (chunk) => {
      answer += chunk.toString('utf8');
    });
    socket.on('end', () => resolve(answer));
    socket.on('error', reject);
    socket.end(request);
  });
}

function bodyOf(answer: string): unknown {
  return JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4));
}

describe.each(BACKENDS)('odd inputs on %s', (backend) => {
  let t: TestApp;
  let token: string;
  const uploads = () => {
    const dir = join(t.dataDir, 'uploads');
    return existsSync(dir) ? readdirSync(dir, { recursive: true }).length : 0;
  };

  beforeAll(async () => {
    t = await testApp(backend, { withDist: true });
    token = (await registerUser(t, 'probe@example.com')).token;
    writeFileSync(join(t.dataDir, 'secret.txt'), 'do not serve');
  });
  afterAll(async () => {
    await t?.close();
  });

  it('path traversal and NUL in static paths are a 404 envelope, never a file or a 500', async () => {
    for (const url of [
      '/uploads/../secret.txt',
      '/uploads/..%2fsecret.txt',
      '/uploads/%2e%2e/secret.txt',
      '/uploads/%2e%2e/%2e%2e/%2e%2e/etc/passwd',
      '/uploads/%00',
      '/admin/..%2f..%2fsecret.txt',
      '/%2e%2e/secret.txt',
    ]) {
      const res = await t.app.inject({ method: 'GET', url, headers: { 'accept-language': 'en' } });
      expect(res.body, url).not.toContain('do not serve');
      expect(res.statusCode, url).not.toBe(500);
      if (res.statusCode !== 200)
        expect(res.json(), url).toEqual({ code: 404, data: null, message: 'Not found' });
    }
  });

  it('a URL that cannot be decoded is a localised 400 envelope', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/app/%zz',
      headers: { 'accept-language': 'en' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 400, data: null, message: 'The request could not be read' });
  });

  it('a plain GET on /ws is an envelope, not an empty 404', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/ws', headers: { 'accept-language': 'zh_CN' } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 400, data: null, message: '无法读取该请求' });
  });

  it('multipart without boundary, cut off, or with the file under another field: 422, nothing stored', async () => {
    const before = uploads();
    const auth = { authorization: `Bearer ${token}`, 'accept-language': 'en' };
    const noBoundary = await t.app.inject({
      method: 'POST',
      url: '/api/app/images/upload',
      headers: { ...auth, 'content-type': 'multipart/form-data' },
      payload: 'abc',
    });
    expect(noBoundary.statusCode).toBe(422);
    expect(noBoundary.json().errors).toEqual({ body: ['Send the request body as multipart/form-data'] });

    const cut = await t.app.inject({
      method: 'POST',
      url: '/api/app/images/upload',
      headers: { ...auth, 'content-type': 'multipart/form-data; boundary=xyz' },
      payload: Buffer.concat([
        Buffer.from('--xyz\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\n'),
        PNG,
      ]),
    });
    expect(cut.statusCode).toBe(422);
    expect(cut.json().errors).toEqual({ body: ['Send the request body as multipart/form-data'] });

    const fd = new FormData();
    fd.append('avatar', new Blob([PNG], { type: 'image/png' }), '../../../etc/passwd.png');
    const form = new Response(fd);
    const other = await t.app.inject({
      method: 'POST',
      url: '/api/app/images/upload',
      headers: { ...auth, 'content-type': form.headers.get('content-type') ?? '' },
      payload: Buffer.from(await form.arrayBuffer()),
    });
    expect(other.statusCode).toBe(422);
    expect(other.json().errors).toEqual({ file: ['Please choose a file'] });
    expect(uploads()).toBe(before);

    // Multipart is parsed only where a file is taken (ADR 229): elsewhere it is a wrong body type.
    const loginForm = new Response(fd);
    const elsewhere = await t.app.inject({
      method: 'POST',
      url: '/api/app/account/login',
      headers: { 'accept-language': 'en', 'content-type': loginForm.headers.get('content-type') ?? '' },
      payload: Buffer.from(await loginForm.arrayBuffer()),
    });
    expect(elsewhere.statusCode).toBe(422);
    expect(elsewhere.json().code).toBe(422);
    expect(uploads()).toBe(before);
  });

  it('a traversal file name is ignored: the stored name is random, inside the uploads folder', async () => {
    const fd = new FormData();
    fd.append('file', new Blob([PNG], { type: 'image/png' }), '../../../../tmp/evil.png');
    const form = new Response(fd);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/app/images/upload',
      headers: { authorization: `Bearer ${token}`, 'content-type': form.headers.get('content-type') ?? '' },
      payload: Buffer.from(await form.arrayBuffer()),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.path).toMatch(/^\d{6}\/[0-9a-f]{32}\.png$/);
  });

  it('routes without input ignore query parameters of any type', async () => {
    for (const url of [
      '/api/app/config',
      '/api/health',
      '/api/app/account/area_code',
      '/api/app/country',
      '/api/app/market/coins',
      '/api/app/leverages',
      '/api/app/wallet/withdraw/coins',
    ]) {
      const plain = await t.app.inject({ method: 'GET', url, headers: { 'accept-language': 'en' } });
      const odd = await t.app.inject({
        method: 'GET',
        url: `${url}?page=abc&limit[]=1&x=%00&lang=%E2%9C%93`,
        headers: { 'accept-language': 'en' },
      });
      expect(odd.statusCode, url).toBe(200);
      const strip = (body: { data: unknown }) => JSON.stringify(body.data).replace(/"server_time":\d+/, '');
      expect(strip(odd.json()), url).toBe(strip(plain.json()));
    }
  });

  it('a 10 MB JSON body is a 413 envelope', async () => {
    const users = await t.count('users');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/app/account/register',
      headers: { 'content-type': 'application/json', 'accept-language': 'en' },
      payload: `{"account":"${'x'.repeat(10 * 1024 * 1024)}"}`,
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ code: 413, data: null, message: 'The request is too large' });
    expect(await t.count('users')).toBe(users);
  });
});

describe('requests Node refuses before Fastify (real socket)', () => {
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    t = await testApp('pglite');
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    port = typeof address === 'object' && address ? address.port : 0;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('oversize headers are a 431 envelope', async () => {
    const answer = await raw(port, `GET /api/app/${'a'.repeat(20_000)} HTTP/1.1\r\nHost: x\r\n\r\n`);
    expect(answer.startsWith('HTTP/1.1 431')).toBe(true);
    expect(bodyOf(answer)).toEqual({ code: 431, data: null, message: 'Die Anfrage ist zu groß' });
  });

  it('broken framing is a 400 envelope', async () => {
    const answer = await raw(
      port,
      'POST /api/app/account/login HTTP/1.1\r\nHost: x\r\nContent-Length: abc\r\n\r\n{}',
    );
    expect(answer.startsWith('HTTP/1.1 400')).toBe(true);
    expect(bodyOf(answer)).toEqual({
      code: 400,
      data: null,
      message: 'Die Anfrage konnte nicht gelesen werden',
    });
  });
});
