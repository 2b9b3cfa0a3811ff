import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { kycDb } from '../src/kyc/tables.ts';
import { BACKENDS, registerUser, type TestApp, testApp } from './helpers/testApp.ts';
import { adminToken, kycBody, PNG, rows, upload } from './kyc-support.ts';

// ADR 061: identity documents are private uploads, readable by their owner and by operators only.

const JPEG = Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46, 0, 1]);
const WEBP = Uint8Array.from([...Buffer.from('RIFF'), 4, 0, 0, 0, ...Buffer.from('WEBPVP8 ')]);

async function uploadBytes(t: TestApp, token: string, bytes: Uint8Array, query: string) {
  const fd = new FormData();
  fd.append('file', new Blob([Buffer.from(bytes)]), 'x');
  const res = new Response(fd);
  return t.app.inject({
    method: 'POST',
    url: `/api/app/images/upload${query}`,
    payload: Buffer.from(await res.arrayBuffer()),
    headers: { 'content-type': res.headers.get('content-type') ?? '', authorization: `Bearer ${token}` },
  });
}

describe.each(BACKENDS)('private uploads on %s', (backend) => {
  let t: TestApp;
  let owner: string;
  let other: string;
  let admin: string;
  beforeAll(async () => {
    t = await testApp(backend);
    owner = (await registerUser(t, 'priv1@example.com')).token;
    other = (await registerUser(t, 'priv2@example.com')).token;
    admin = await adminToken(t);
  });
  afterAll(async () => {
    await t?.close();
  });

  const get = (url: string, token?: string) =>
    t.app.inject({ method: 'GET', url, headers: token ? { authorization: `Bearer ${token}` } : {} });

  it('an avatar upload stays public: same path shape and URL as before, served under /uploads/', async () => {
    const res = await uploadBytes(t, owner, PNG, '');
    expect(res.statusCode).toBe(200);
    const { path, url } = res.json().data as { path: string; url: string };
    expect(path).toMatch(/^\d{6}\/[a-f0-9]{32}\.png$/);
    expect(url).toBe(`http://127.0.0.1:8080/uploads/${path}`);
    const explicit = await uploadBytes(t, owner, PNG, '?purpose=avatar');
    expect(explicit.json().data.path).toMatch(/^\d{6}\/[a-f0-9]{32}\.png$/);
    const served = await get(`/uploads/${path}`);
    expect(served.statusCode).toBe(200);
  });

  it('a kyc upload is stored outside the static root under an opaque id', async () => {
    const id = await upload(t, owner);
    expect(id).toMatch(/^[a-f0-9]{32}$/);
    expect(existsSync(join(t.dataDir, 'private', id))).toBe(true);
    const publicFiles = readdirSync(join(t.dataDir, 'uploads'), { recursive: true }).map(String);
    expect(publicFiles.some((f) => f.includes(id))).toBe(false);
  });

  it('refuses an unknown purpose or extra query fields with 422; nothing is stored', async () => {
    const before = (await rows(t, 'user_uploads')).length;
    for (const q of ['?purpose=passport', '?purpose=kyc&x=1', '?purpose=KYC']) {
      const res = await uploadBytes(t, owner, PNG, q);
      expect(res.statusCode, q).toBe(422);
    }
    expect(await rows(t, 'user_uploads')).toHaveLength(before);
  });

  it('the owner reads it with its type and private, no-store; png, jpeg and webp', async () => {
    for (const [bytes, type] of [
      [PNG, 'image/png'],
      [JPEG, 'image/jpeg'],
      [WEBP, 'image/webp'],
    ] as const) {
      const up = await uploadBytes(t, owner, bytes, '?purpose=kyc');
      const { path, url } = up.json().data as { path: string; url: string };
      expect(url).toBe(`/api/app/images/private/${path}`);
      const res = await get(url, owner);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe(type);
      expect(res.headers['cache-control']).toBe('private, no-store');
      expect(Buffer.from(res.rawPayload)).toEqual(Buffer.from(bytes));
    }
  });

  it('anonymous gets 401; another user, an operator token on the user route and unknown ids get 404', async () => {
    const id = await upload(t, owner);
    const url = `/api/app/images/private/${id}`;
    expect((await get(url)).statusCode).toBe(401);
    const foreign = await get(url, other);
    const unknown = await get(`/api/app/images/private/${'b'.repeat(32)}`, owner);
    expect(foreign.statusCode).toBe(404);
    expect(unknown.statusCode).toBe(404);
    // Same answer for "not yours" and "does not exist": the id's existence does not leak.
    expect(foreign.json()).toEqual(unknown.json());
    expect((await get(url, admin)).statusCode).toBe(401);
  });

  it('a public upload cannot be read or submitted as a private one', async () => {
    const path = (await uploadBytes(t, owner, PNG, '')).json().data.path as string;
    expect((await get(`/api/app/images/private/${encodeURIComponent(path)}`, owner)).statusCode).toBe(404);
    const res = await t.call('POST', '/api/app/kyc', {
      token: owner,
      body: { ...(await kycBody(t, owner)), front_image: path },
      lang: 'en',
    });
    expect(res.status).toBe(422);
    expect(res.body.errors?.front_image).toBeDefined();
  });

  it('traversal attempts and odd ids are 404 for the owner and the operator', async () => {
    const id = await upload(t, owner);
    for (const bad of [
      '..%2f..%2fetc%2fpasswd',
      '%2e%2e%2fuploads',
      `${id}%00.png`,
      `${id.toUpperCase()}`,
      `${id}.png`,
      `..%2fprivate%2f${id}`,
    ]) {
      expect((await get(`/api/app/images/private/${bad}`, owner)).statusCode, bad).toBe(404);
    }
    for (const bad of ['../../etc/passwd', '..%2f..%2fetc%2fpasswd', '%2e%2e']) {
      const res = await get(`/api/app/images/private/${bad}`, owner);
      expect([400, 404], bad).toContain(res.statusCode);
      expect(res.headers['content-type']).not.toMatch(/^image\//);
    }
  });

  it('the public /uploads/ path does not serve private files', async () => {
    const id = await upload(t, owner);
    for (const url of [
      `/uploads/${id}`,
      `/uploads/../private/${id}`,
      `/uploads/..%2fprivate%2f${id}`,
      `/uploads/%2e%2e/private/${id}`,
      `/private/${id}`,
    ]) {
      const res = await get(url, owner);
      expect(res.headers['content-type'] ?? '', url).not.toMatch(/^image\//);
      expect(Buffer.from(res.rawPayload).includes(Buffer.from(PNG)), url).toBe(false);
    }
  });

  it('the operator reads every side of an application; users and bad sides/ids get 401/404', async () => {
    const body = await kycBody(t, owner);
    const sub = await t.call<{ id: string }>('POST', '/api/app/kyc', { token: owner, body });
    expect(sub.status).toBe(200);
    const appId = sub.body.data.id;
    const list = await t.call<{
      list: { id: string; front_url: string; back_url: string; face_url: string }[];
    }>('GET', '/api/admin/kyc', { token: admin });
    const item = list.body.data.list.find((i) => i.id === appId);
    for (const url of [item?.front_url, item?.back_url, item?.face_url]) {
      const res = await get(url ?? '', admin);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/png');
      expect(res.headers['cache-control']).toBe('private, no-store');
    }
    const front = `/api/admin/kyc/${appId}/images/front`;
    expect((await get(front)).statusCode).toBe(401);
    expect((await get(front, owner)).statusCode).toBe(401);
    for (const bad of [
      `/api/admin/kyc/${appId}/images/selfie`,
      `/api/admin/kyc/${appId}/images/..%2f..%2fetc%2fpasswd`,
      '/api/admin/kyc/999999/images/front',
      '/api/admin/kyc/abc/images/front',
      '/api/admin/kyc/..%2f1/images/front',
    ]) {
      expect((await get(bad, admin)).statusCode, bad).toBe(404);
    }
  });

  it('an application from before ADR 061 (public paths) is still shown to the operator', async () => {
    const legacy = await registerUser(t, 'priv3@example.com');
    const path = (await uploadBytes(t, legacy.token, PNG, '')).json().data.path as string;
    const row = await kycDb(t.db)
      .insertInto('kyc_applications')
      .values({
        user_id: legacy.user.id,
        status: 'under_audit',
        country: 'DE',
        family_name: 'Alt',
        given_name: 'Anna',
        document_type: 'passport',
        document_number: 'C01X00T47',
        front_image: path,
        back_image: null,
        face_image: path,
        submitted_at: '1',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const res = await get(`/api/admin/kyc/${row.id}/images/front`, admin);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['cache-control']).toBe('private, no-store');
  });

  it('a passport application has no back image: 404 for the operator', async () => {
    const body = await kycBody(t, other, { document_type: 'passport', back_image: undefined });
    const sub = await t.call<{ id: string }>('POST', '/api/app/kyc', { token: other, body });
    expect(sub.status).toBe(200);
    expect((await get(`/api/admin/kyc/${sub.body.data.id}/images/back`, admin)).statusCode).toBe(404);
    expect((await get(`/api/admin/kyc/${sub.body.data.id}/images/face`, admin)).statusCode).toBe(200);
  });
});
