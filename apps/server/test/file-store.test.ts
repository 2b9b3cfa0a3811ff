// ADR 240: the file-store port. One contract, run on the file system adapter and on the database
// adapter (PGlite, and PostgreSQL when DATABASE_URL is set); then a whole app with FILE_STORE=db:
// uploads, their serving, the operator's views and release bundles, with nothing in DATA_DIR.

import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { ed25519 } from '@noble/curves/ed25519';
import { hexToBytes } from '@noble/hashes/utils';
import { strToU8, zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { openPGlite } from '../src/db/db.ts';
import { dbFileStore } from '../src/files/db-store.ts';
import { fsFileStore } from '../src/files/fs-store.ts';
import type { FileStore } from '../src/files/store.ts';
import { migrate } from '../src/migrations.ts';
import { DEV_RELEASE_SIGNING_SEED } from '../src/release/dev-key.ts';
import { BACKENDS, freshDatabase, registerUser, type TestApp, testApp } from './helpers/testApp.ts';
import { adminToken, kycBody, PNG, upload } from './kyc-support.ts';

async function drain(stream: Readable): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const part of stream) parts.push(Buffer.from(part as Uint8Array));
  return Buffer.concat(parts);
}

// PGlite in a worker thread too (the server's default with a data folder, ADR 171): bytes cross
// the thread boundary by structured clone.
const ADAPTERS = ['fs', ...BACKENDS.map((b) => `db on ${b}` as const), 'db on pglite in a worker'] as const;

describe.each(ADAPTERS)('file store contract: %s', (adapter) => {
  let store: FileStore;
  let cleanup: () => Promise<void>;
  let root: string | undefined;

  beforeAll(async () => {
    if (adapter === 'fs') {
      const dir = mkdtempSync(join(tmpdir(), 'ex-files-'));
      root = dir;
      store = fsFileStore(dir);
      cleanup = async () => rmSync(dir, { recursive: true, force: true });
    } else if (adapter === 'db on pglite in a worker') {
      const handle = await openPGlite(undefined, { worker: true });
      await migrate(handle.db);
      store = dbFileStore(handle.db);
      cleanup = () => handle.close();
    } else {
      const { handle, drop } = await freshDatabase(adapter === 'db on pglite' ? 'pglite' : 'postgres');
      store = dbFileStore(handle.db);
      cleanup = drop;
    }
  });
  afterAll(async () => {
    await cleanup?.();
  });

  it('stores bytes under a key and gives them back whole, with size and existence', async () => {
    const bytes = Buffer.from(Array.from({ length: 512 }, (_, i) => i % 256));
    await store.put('uploads/202611/0123456789abcdef0123456789abcdef.png', bytes);
    expect(await store.get('uploads/202611/0123456789abcdef0123456789abcdef.png')).toEqual(bytes);
    expect(await store.size('uploads/202611/0123456789abcdef0123456789abcdef.png')).toBe(512);
    expect(await store.exists('uploads/202611/0123456789abcdef0123456789abcdef.png')).toBe(true);
    const streamed = await store.stream('uploads/202611/0123456789abcdef0123456789abcdef.png');
    expect(streamed && (await drain(streamed))).toEqual(bytes);
  });

  it('a missing key is undefined or false, never an error; deleting it is no error either', async () => {
    expect(await store.get('private/ffffffffffffffffffffffffffffffff')).toBeUndefined();
    expect(await store.size('private/ffffffffffffffffffffffffffffffff')).toBeUndefined();
    expect(await store.exists('private/ffffffffffffffffffffffffffffffff')).toBe(false);
    expect(await store.stream('private/ffffffffffffffffffffffffffffffff')).toBeUndefined();
    await store.delete('private/ffffffffffffffffffffffffffffffff');
    // A folder is not a file.
    expect(await store.get('uploads')).toBeUndefined();
    expect(await store.exists('uploads')).toBe(false);
  });

  it('refuses to store a key twice and keeps the first content', async () => {
    const key = `private/${randomBytes(16).toString('hex')}`;
    await store.put(key, Buffer.from('first'), { private: true });
    await expect(store.put(key, Buffer.from('second'), { private: true })).rejects.toThrow();
    expect((await store.get(key))?.toString()).toBe('first');
  });

  it('deletes a file', async () => {
    const key = `private/${randomBytes(16).toString('hex')}`;
    await store.put(key, Buffer.from('x'), { private: true });
    await store.delete(key);
    expect(await store.exists(key)).toBe(false);
    expect(await store.get(key)).toBeUndefined();
    // The key is free again afterwards.
    await store.put(key, Buffer.from('y'), { private: true });
    expect((await store.get(key))?.toString()).toBe('y');
  });

  it('streams a bundle larger than one slice exactly, and an empty file as nothing', async () => {
    const big = randomBytes(3 * 1024 * 1024 + 17);
    const key = `releases/${crypto.randomUUID()}.zip`;
    await store.put(key, big);
    expect(await store.size(key)).toBe(big.length);
    const stream = await store.stream(key);
    expect(stream).toBeDefined();
    expect((await drain(stream!)).equals(big)).toBe(true);
    expect((await store.get(key))?.equals(big)).toBe(true);
    await store.put('releases/empty.zip', new Uint8Array(0));
    expect(await store.size('releases/empty.zip')).toBe(0);
    expect(await drain((await store.stream('releases/empty.zip'))!)).toHaveLength(0);
  });

  it('refuses keys that are not plain relative paths', async () => {
    for (const key of [
      '../escape',
      '/etc/passwd',
      'uploads/../x',
      'a//b',
      '.hidden',
      'uploads/',
      '',
      'a\\b',
    ]) {
      await expect(store.put(key, Buffer.from('x')), key).rejects.toThrow(/not a file store key/);
      await expect(store.get(key), key).rejects.toThrow(/not a file store key/);
    }
  });

  it.runIf(adapter === 'fs')('file system: the old folders and modes, no temporary file left', async () => {
    const id = randomBytes(16).toString('hex');
    await store.put(`private/${id}`, Buffer.from('p'), { private: true });
    await store.put(`uploads/202612/${id}.png`, Buffer.from('q'));
    expect(statSync(join(root!, 'private', id)).mode & 0o777).toBe(0o600);
    expect(statSync(join(root!, 'uploads', '202612', `${id}.png`)).mode & 0o777).toBe(0o644);
    expect(store.diskDir).toBe(root);
    const all = readdirSync(root!, { recursive: true }).map(String);
    expect(all.filter((f) => f.endsWith('.tmp'))).toEqual([]);
  });

  it.runIf(adapter !== 'fs')("database: not on this machine's disk, so no free-space probe", () => {
    expect(store.diskDir).toBeUndefined();
    expect(store.kind).toBe('db');
  });
});

describe('FILE_STORE setting', () => {
  it('unset: fs for ROLE=all, db for the cluster roles; an explicit value wins', () => {
    expect(loadConfig({}).fileStore).toBe('fs');
    const cluster = { NATS_URL: 'nats://x', DATABASE_URL: 'postgres://u@h/db' };
    expect(loadConfig({ ...cluster, ROLE: 'engine' }).fileStore).toBe('db');
    expect(loadConfig({ ...cluster, ROLE: 'gateway' }).fileStore).toBe('db');
    expect(loadConfig({ FILE_STORE: 'db' }).fileStore).toBe('db');
    expect(loadConfig({ ...cluster, ROLE: 'gateway', FILE_STORE: 'fs' }).fileStore).toBe('fs');
    expect(() => loadConfig({ FILE_STORE: 's3' })).toThrow();
  });
});

async function multipartImage(bytes: Uint8Array) {
  const fd = new FormData();
  fd.append('file', new Blob([Buffer.from(bytes)]), 'x.png');
  const res = new Response(fd);
  return {
    payload: Buffer.from(await res.arrayBuffer()),
    contentType: res.headers.get('content-type') ?? '',
  };
}

describe.each(BACKENDS)('an app with FILE_STORE=db on %s', (backend) => {
  let t: TestApp;
  let owner: string;
  let other: string;
  let admin: string;
  beforeAll(async () => {
    // A free-space floor no disk has: the database adapter does not consult the disk at all.
    t = await testApp(backend, { env: { FILE_STORE: 'db', UPLOAD_MIN_FREE_MB: '100000000' } });
    owner = (await registerUser(t, 'files1@example.com')).token;
    other = (await registerUser(t, 'files2@example.com')).token;
    admin = await adminToken(t);
  });
  afterAll(async () => {
    await t?.close();
  });

  const get = (url: string, token?: string) =>
    t.app.inject({ method: 'GET', url, headers: token ? { authorization: `Bearer ${token}` } : {} });

  it('a public upload is a row, served under /uploads/ with its type and a day of caching', async () => {
    const body = await multipartImage(PNG);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/app/images/upload',
      payload: body.payload,
      headers: { 'content-type': body.contentType, authorization: `Bearer ${owner}` },
    });
    expect(res.statusCode).toBe(200);
    const { path } = res.json().data as { path: string };
    const served = await get(`/uploads/${path}`);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['cache-control']).toBe('public, max-age=86400');
    expect(served.rawPayload.equals(Buffer.from(PNG))).toBe(true);
    // Only the exact public shape; a private id is never reachable under /uploads/.
    const priv = await upload(t, owner);
    for (const url of [`/uploads/${priv}`, `/uploads/private/${priv}`, `/uploads/${path}x`, '/uploads/']) {
      expect((await get(url)).statusCode, url).toBe(404);
    }
    expect(existsSync(join(t.dataDir, 'uploads'))).toBe(false);
    expect(existsSync(join(t.dataDir, 'private'))).toBe(false);
  });

  it('a private upload is served to its owner only; the operator sees it in the application', async () => {
    const id = await upload(t, owner);
    const mine = await get(`/api/app/images/private/${id}`, owner);
    expect(mine.statusCode).toBe(200);
    expect(mine.headers['content-type']).toBe('image/png');
    expect(mine.headers['cache-control']).toBe('private, no-store');
    expect((await get(`/api/app/images/private/${id}`, other)).statusCode).toBe(404);
    expect((await get(`/api/app/images/private/${id}`)).statusCode).toBe(401);
    const sub = await t.call<{ id: string }>('POST', '/api/app/kyc', {
      token: owner,
      body: await kycBody(t, owner),
    });
    expect(sub.status).toBe(200);
    const list = await t.call<{ list: { id: string }[] }>('GET', '/api/admin/kyc', { token: admin });
    const appId = list.body.data.list[0]!.id;
    const front = await get(`/api/admin/kyc/${appId}/images/front`, admin);
    expect(front.statusCode).toBe(200);
    expect(front.headers['content-type']).toBe('image/png');
  });

  it('a support screenshot is read from the store for the operator', async () => {
    const image = await upload(t, owner);
    const ticket = await t.call<{ id: string }>('POST', '/api/app/support/tickets', {
      token: owner,
      body: { subject: 'Screenshot', body: 'See the picture', image },
    });
    expect(ticket.status).toBe(200);
    const shown = await get(`/api/admin/support/tickets/${ticket.body.data.id}/images/${image}`, admin);
    expect(shown.statusCode).toBe(200);
    expect(shown.headers['content-type']).toBe('image/png');
  });

  it('a release bundle is stored in the database and downloaded from it', async () => {
    const zip = zipSync({ 'index.html': strToU8('<!doctype html><title>db</title>') });
    const fd = new FormData();
    const fields = {
      version: '9.0.0',
      platform: 'android',
      min_native_version: '1.0',
      rollout_percent: '100',
      release_content: JSON.stringify(
        Object.fromEntries(['de', 'en', 'zh_CN', 'zh_TW', 'es', 'fr', 'it'].map((l) => [l, 'Notes'])),
      ),
      signature: Buffer.from(ed25519.sign(zip, hexToBytes(DEV_RELEASE_SIGNING_SEED))).toString('hex'),
    };
    for (const [k, v] of Object.entries(fields)) fd.append(k, v);
    fd.append('bundle', new Blob([Buffer.from(zip)], { type: 'application/zip' }), 'bundle.zip');
    const res = new Response(fd);
    const published = await t.app.inject({
      method: 'POST',
      url: '/api/admin/releases',
      payload: Buffer.from(await res.arrayBuffer()),
      headers: { 'content-type': res.headers.get('content-type') ?? '', authorization: `Bearer ${admin}` },
    });
    expect(published.statusCode, published.body).toBe(200);
    const { download_path } = published.json().data as { download_path: string };
    const download = await get(download_path);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/zip');
    expect(download.rawPayload.equals(Buffer.from(zip))).toBe(true);
    expect(existsSync(join(t.dataDir, 'releases'))).toBe(false);
  });
});

describe('an app with the file system adapter keeps the free-space guard', () => {
  let t: TestApp;
  afterAll(async () => {
    await t?.close();
  });
  it('refuses an upload when the floor is above the free space', async () => {
    t = await testApp('pglite', { env: { UPLOAD_MIN_FREE_MB: '100000000' } });
    const { token } = await registerUser(t, 'files3@example.com');
    const body = await multipartImage(PNG);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/app/images/upload?purpose=kyc',
      payload: body.payload,
      headers: { 'content-type': body.contentType, authorization: `Bearer ${token}` },
    });
    expect(res.statusCode).toBe(503);
  });
});
