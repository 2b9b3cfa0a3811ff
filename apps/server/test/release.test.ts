import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ed25519 } from '@noble/curves/ed25519';
import { hexToBytes } from '@noble/hashes/utils';
import Fastify, { type FastifyInstance } from 'fastify';
import { strToU8, zipSync } from 'fflate';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '../src/db/db.ts';
import { registerEnvelope } from '../src/http/envelope.ts';
import { AppError } from '../src/http/errors.ts';
import { zodValidatorCompiler } from '../src/http/validation.ts';
import { DEV_RELEASE_PUBLIC_KEY, DEV_RELEASE_SIGNING_SEED } from '../src/release/dev-key.ts';
import { loadReleaseKey } from '../src/release/keys.ts';
import { rolloutBucket } from '../src/release/rollout.ts';
import { releaseRoutes } from '../src/release/routes.ts';
import { compareNative, compareSemver } from '../src/release/versions.ts';
import { BACKENDS, freshDatabase, registerUser, type TestApp, testApp } from './helpers/testApp.ts';

const LANG_TEXT = {
  de: 'Schnellere Charts',
  en: 'Faster charts',
  zh_CN: '更快的图表',
  zh_TW: '更快的圖表',
  es: 'Gráficos más rápidos',
  fr: 'Graphiques plus rapides',
  it: 'Grafici più veloci',
};

function bundle(tag = 'v1'): Uint8Array {
  return zipSync({
    'index.html': strToU8(`<!doctype html><title>${tag}</title>`),
    'assets/app.js': strToU8(tag),
  });
}

async function form(fields: Record<string, string>, file?: Uint8Array, fileField = 'bundle') {
  const fd = new FormData();
  for (const [k, v] of Object.entries(fields)) fd.append(k, v);
  if (file)
    fd.append(
      fileField,
      new Blob([file as Uint8Array<ArrayBuffer>], { type: 'application/zip' }),
      'bundle.zip',
    );
  const res = new Response(fd);
  return {
    payload: Buffer.from(await res.arrayBuffer()),
    headers: { 'content-type': res.headers.get('content-type') ?? '' },
  };
}

/** What `npm run release` does offline: sign the exact zip bytes with the operator's seed. */
function sign(bytes: Uint8Array, seedHex = DEV_RELEASE_SIGNING_SEED): string {
  return Buffer.from(ed25519.sign(bytes, hexToBytes(seedHex))).toString('hex');
}

function fields(over: Record<string, string> = {}): Record<string, string> {
  return {
    version: '1.0.0',
    platform: 'android',
    min_native_version: '1.0',
    rollout_percent: '100',
    release_content: JSON.stringify(LANG_TEXT),
    ...over,
  };
}

interface Envelope<T = unknown> {
  code: number;
  data: T;
  message: string;
  errors?: Record<string, string[]>;
}

describe.each(BACKENDS)('releases on %s', (backend) => {
  let t: TestApp;
  let app: FastifyInstance;
  let adminToken = '';
  let publicKey = '';

  beforeAll(async () => {
    t = await testApp(backend);
    app = t.app;
    await t.services.admins.createAdmin('ops@example.com', 'operator-pass-1');
    const login = await t.call<{ token: string }>('POST', '/api/admin/login', {
      body: { email: 'ops@example.com', password: 'operator-pass-1' },
    });
    adminToken = login.body.data.token;
    const key = await t.call<{ public_key: string }>('GET', '/api/app/update/public-key');
    publicKey = key.body.data.public_key;
  });

  afterAll(async () => {
    await t?.close();
  });

  async function publish(f: Record<string, string>, file?: Uint8Array, lang = 'en', fileField = 'bundle') {
    // Signed offline with the DEV/TEST seed, whose public half the test server checks against.
    const signed = file && f.signature === undefined ? { ...f, signature: sign(file) } : f;
    const body = await form(signed, file, fileField);
    const res = await app.inject({
      method: 'POST',
      url: '/api/admin/releases',
      headers: { ...body.headers, authorization: `Bearer ${adminToken}`, 'accept-language': lang },
      payload: body.payload,
    });
    return { status: res.statusCode, body: res.json() as Envelope<Record<string, string>> };
  }

  async function check(body: Record<string, unknown>, lang = 'en') {
    const res = await app.inject({
      method: 'POST',
      url: '/api/app/update',
      headers: { 'accept-language': lang },
      payload: body,
    });
    return { status: res.statusCode, body: res.json() as Envelope<Record<string, string> | null> };
  }

  async function count(): Promise<number> {
    const r = await sql<{ n: string }>`select count(*) as n from releases`.execute(t.db);
    return Number(r.rows[0]?.n);
  }

  function storedFiles(): string[] {
    try {
      return readdirSync(join(t.dataDir, 'releases'));
    } catch {
      return [];
    }
  }

  const device = (id: string, over: Record<string, unknown> = {}) => ({
    platform: 'android',
    device_id: id,
    app_version: '0.0.1',
    plugin_version: '7.51.21',
    native_version: '1.0.0',
    ...over,
  });

  it('answers null while no release exists', async () => {
    expect(await check(device('d-1'))).toEqual({
      status: 200,
      body: expect.objectContaining({ code: 0, data: null }),
    });
  });

  describe('publishing validation (nothing stored on any refusal)', () => {
    it.each([
      ['missing bundle', fields(), undefined, 'bundle', 'This field is required'],
      [
        'not a zip',
        fields(),
        strToU8('hello'),
        'bundle',
        'The bundle must be a zip archive containing index.html',
      ],
      [
        'zip without index.html',
        fields(),
        zipSync({ 'a.txt': strToU8('x') }),
        'bundle',
        'The bundle must be a zip',
      ],
      ['bad version', fields({ version: '1.0' }), bundle(), 'version', 'The version must look like 1.2.3'],
      ['missing version', fields({ version: '' }), bundle(), 'version', 'This field is required'],
      [
        'bad platform',
        fields({ platform: 'web' }),
        bundle(),
        'platform',
        'The platform must be android or ios',
      ],
      [
        'bad native',
        fields({ min_native_version: 'abc' }),
        bundle(),
        'min_native_version',
        'The minimum native',
      ],
      [
        'rollout > 100',
        fields({ rollout_percent: '101' }),
        bundle(),
        'rollout_percent',
        'The rollout must be',
      ],
      [
        'rollout fraction',
        fields({ rollout_percent: '30.5' }),
        bundle(),
        'rollout_percent',
        'The rollout must be',
      ],
      [
        'rollout negative',
        fields({ rollout_percent: '-1' }),
        bundle(),
        'rollout_percent',
        'The rollout must be',
      ],
      [
        'notes not JSON',
        fields({ release_content: '{' }),
        bundle(),
        'release_content',
        'Release notes must be',
      ],
      [
        'notes missing a language',
        fields({ release_content: JSON.stringify({ ...LANG_TEXT, it: undefined }) }),
        bundle(),
        'release_content',
        'Release notes must be',
      ],
      [
        'notes with an unknown language',
        fields({ release_content: JSON.stringify({ ...LANG_TEXT, pt: 'x' }) }),
        bundle(),
        'release_content',
        'Release notes must be',
      ],
      ['unknown field', { ...fields(), channel: 'beta' }, bundle(), 'channel', 'Unknown field'],
    ])('%s -> 422', async (_name, f, file, field, message) => {
      const before = await count();
      const res = await publish(f, file as Uint8Array | undefined);
      expect(res.status).toBe(422);
      expect(res.body.code).toBe(422);
      expect(res.body.errors?.[field]?.[0]).toContain(message);
      expect(res.body.message).toBe(Object.values(res.body.errors ?? {})[0]?.[0]);
      expect(await count()).toBe(before);
      expect(storedFiles()).toEqual([]);
    });

    it('localises the field errors', async () => {
      const de = await publish(fields({ platform: 'web' }), bundle(), 'de');
      expect(de.body.errors?.platform).toEqual(['Die Plattform muss android oder ios sein']);
      const zh = await publish(fields({ platform: 'web' }), bundle(), 'zh_CN');
      expect(zh.body.errors?.platform).toEqual(['平台必须是 android 或 ios']);
      // From the server catalogue, whose French typography packages/i18n checks: the list of
      // languages does not break away from its colon.
      const fr = await publish(fields({ release_content: '{' }), bundle(), 'fr');
      expect(fr.body.errors?.release_content).toEqual([
        'Les notes de version doivent être un objet JSON avec un texte pour chaque langue\u00a0: de, en, zh_CN, zh_TW, es, fr, it',
      ]);
    });

    it('refuses JSON instead of multipart', async () => {
      const res = await app.inject({
        method: 'POST',
        url: '/api/admin/releases',
        headers: { authorization: `Bearer ${adminToken}`, 'accept-language': 'en' },
        payload: { version: '1.0.0' },
      });
      expect(res.statusCode).toBe(422);
      expect((res.json() as Envelope).errors?.body).toEqual(['Send the release as multipart/form-data']);
    });

    it('needs an operator token (a user token is refused)', async () => {
      const user = await registerUser(t, 'release-user@example.com');
      for (const headers of [{}, { authorization: `Bearer ${user.token}` }]) {
        const body = await form(fields(), bundle());
        const res = await app.inject({
          method: 'POST',
          url: '/api/admin/releases',
          headers: { ...body.headers, ...headers },
          payload: body.payload,
        });
        expect(res.statusCode).toBe(401);
        const list = await app.inject({ method: 'GET', url: '/api/admin/releases', headers });
        expect(list.statusCode).toBe(401);
      }
      expect(await count()).toBe(0);
      expect(storedFiles()).toEqual([]);
    });
  });

  describe('publishing and the update answer', () => {
    const bytes = bundle('android-1.0.0');
    let androidId = '';

    it('publishes a bundle and returns md5, sha256 and an ed25519 signature', async () => {
      const res = await publish(fields(), bytes);
      expect(res.status).toBe(200);
      const r = res.body.data;
      androidId = r.id!;
      expect(r).toEqual({
        id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        version: '1.0.0',
        md5: createHash('md5').update(bytes).digest('hex'),
        sha256: createHash('sha256').update(bytes).digest('hex'),
        signature: expect.stringMatching(/^[0-9a-f]{128}$/),
        download_path: `/api/app/update/bundles/${r.id}.zip`,
      });
      expect(ed25519.verify(hexToBytes(r.signature!), bytes, hexToBytes(publicKey))).toBe(true);
      expect(storedFiles()).toEqual([`${r.id}.zip`]);
    });

    it('serves the stored bundle byte for byte', async () => {
      const res = await app.inject({ method: 'GET', url: `/api/app/update/bundles/${androidId}.zip` });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/zip');
      expect(new Uint8Array(res.rawPayload)).toEqual(bytes);
      const missing = await app.inject({
        method: 'GET',
        url: '/api/app/update/bundles/00000000-0000-0000-0000-000000000000.zip',
      });
      expect(missing.statusCode).toBe(404);
      const traversal = await app.inject({ method: 'GET', url: '/api/app/update/bundles/..%2F..%2Fetc.zip' });
      expect(traversal.statusCode).toBe(422);
    });

    it('exposes the public key the apps are built with (the DEV/TEST key without RELEASE_PUBLIC_KEY)', async () => {
      const res = await app.inject({ method: 'GET', url: '/api/app/update/public-key' });
      expect((res.json() as Envelope).data).toEqual({ algorithm: 'ed25519', public_key: publicKey });
      expect(publicKey).toBe(DEV_RELEASE_PUBLIC_KEY);
      // ADR 128: the server no longer generates or keeps a private signing key.
      expect(readdirSync(t.dataDir)).not.toContain('release-signing-key');
    });

    it('refuses a version that is not newer than the latest of the platform', async () => {
      for (const v of ['1.0.0', '0.9.0', '1.0.0-rc.1']) {
        const res = await publish(fields({ version: v }), bundle());
        expect(res.status).toBe(422);
        expect(res.body.errors?.version?.[0]).toContain('newer than 1.0.0');
      }
      expect(await count()).toBe(1);
    });

    it('answers the device with the release, localised by Accept-Language', async () => {
      const en = await check(device('d-1'));
      expect(en.body.data).toEqual({
        latest_version: '1.0.0',
        release_content: 'Faster charts',
        download_path: `/api/app/update/bundles/${androidId}.zip`,
        md5_sum: createHash('md5').update(bytes).digest('hex'),
        sha256: createHash('sha256').update(bytes).digest('hex'),
        signature: expect.stringMatching(/^[0-9a-f]{128}$/),
      });
      expect((await check(device('d-1'), 'de')).body.data?.release_content).toBe('Schnellere Charts');
      expect((await check(device('d-1'), 'zh-TW,zh;q=0.9')).body.data?.release_content).toBe('更快的圖表');
      expect((await check(device('d-1'), 'pt')).body.data?.release_content).toBe('Schnellere Charts');
    });

    it('answers per platform', async () => {
      expect((await check(device('d-1', { platform: 'ios' }))).body.data).toBeNull();
      expect((await check(device('d-1', { platform: 'web' }))).body.data).toBeNull();
      const ios = await publish(fields({ platform: 'ios', version: '0.5.0' }), bundle('ios'));
      expect(ios.status).toBe(200);
      expect((await check(device('d-1', { platform: 'ios' }))).body.data?.latest_version).toBe('0.5.0');
      expect((await check(device('d-1'))).body.data?.latest_version).toBe('1.0.0');
    });

    it('honours the minimum native version and falls back to an older release', async () => {
      const res = await publish(fields({ version: '1.1.0', min_native_version: '2.0' }), bundle('1.1.0'));
      expect(res.status).toBe(200);
      expect((await check(device('d-1', { native_version: '2.0.0' }))).body.data?.latest_version).toBe(
        '1.1.0',
      );
      expect((await check(device('d-1', { native_version: '2.1' }))).body.data?.latest_version).toBe('1.1.0');
      expect((await check(device('d-1', { native_version: '1.9.9' }))).body.data?.latest_version).toBe(
        '1.0.0',
      );
      // A client that does not say its native version only gets releases without a real minimum.
      const { native_version: _omit, ...noNative } = device('d-1');
      expect((await check(noNative)).body.data).toBeNull();
    });

    it('validates the check body like every endpoint', async () => {
      const res = await check({ platform: 'android', device_id: 'd' }, 'en');
      expect(res.status).toBe(422);
      expect(Object.keys(res.body.errors ?? {}).sort()).toEqual(['app_version', 'plugin_version']);
      const unknown = await check({ ...device('d'), extra: 1 });
      expect(unknown.status).toBe(422);
    });

    it('lists releases for the operator', async () => {
      const res = await app.inject({
        method: 'GET',
        url: '/api/admin/releases?page=1&limit=2',
        headers: { authorization: `Bearer ${adminToken}` },
      });
      const body = res.json() as Envelope<{ list: { version: string; platform: string }[]; total: number }>;
      expect(body.data.total).toBe(3);
      expect(body.data.list.map((r) => `${r.platform}@${r.version}`)).toEqual(['android@1.1.0', 'ios@0.5.0']);
      const ios = await app.inject({
        method: 'GET',
        url: '/api/admin/releases?platform=ios',
        headers: { authorization: `Bearer ${adminToken}` },
      });
      expect((ios.json() as Envelope<{ total: number }>).data.total).toBe(1);
    });
  });

  describe('staged rollout', () => {
    const devices = Array.from({ length: 1000 }, (_, i) => `device-${i.toString(36)}-${(i * 7919) % 1000}`);
    let id = '';

    it('gives a 30% release to about 30% of 1,000 devices, the same answer every time', async () => {
      const res = await publish(fields({ version: '2.0.0', rollout_percent: '30' }), bundle('2.0.0'));
      expect(res.status).toBe(200);
      id = res.body.data.id!;
      const first = new Map<string, string | undefined>();
      for (const d of devices) {
        const r = await check(device(d, { native_version: '2.0' }));
        first.set(d, r.body.data?.latest_version);
      }
      const updated = [...first.values()].filter((v) => v === '2.0.0').length;
      expect(updated).toBeGreaterThanOrEqual(250);
      expect(updated).toBeLessThanOrEqual(350);
      // The others keep getting the previous full release, not nothing.
      expect([...first.values()].filter((v) => v === '1.1.0').length).toBe(1000 - updated);
      for (const d of devices.slice(0, 200)) {
        const again = await check(device(d, { native_version: '2.0' }));
        expect(again.body.data?.latest_version).toBe(first.get(d));
      }
      expect(devices.filter((d) => rolloutBucket(d, id) < 30).length).toBe(updated);
    });

    it('widening the rollout only adds devices', async () => {
      const before = devices.filter((d) => rolloutBucket(d, id) < 30);
      const res = await app.inject({
        method: 'POST',
        url: `/api/admin/releases/${id}/rollout`,
        headers: { authorization: `Bearer ${adminToken}` },
        payload: { rollout_percent: 60 },
      });
      expect(res.statusCode).toBe(200);
      for (const d of before) {
        expect((await check(device(d, { native_version: '2.0' }))).body.data?.latest_version).toBe('2.0.0');
      }
      const now = devices.filter((d) => rolloutBucket(d, id) < 60).length;
      expect(now).toBeGreaterThan(before.length);
      expect(now).toBeGreaterThanOrEqual(550);
      expect(now).toBeLessThanOrEqual(650);
    });
  });
});

describe('release limits (standalone app with a 64 KiB bundle limit)', () => {
  let handle: DbHandle;
  let app: FastifyInstance;
  let dataDir: string;
  const ADMIN = 'Bearer admin-test-token';

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'ex-release-'));
    handle = (await freshDatabase('pglite')).handle;
    app = Fastify({ logger: false });
    app.setValidatorCompiler(zodValidatorCompiler);
    registerEnvelope(app);
    await app.register(releaseRoutes, {
      db: handle.db,
      dataDir,
      releaseKey: loadReleaseKey({ production: false }),
      requireAdmin: async (request) => {
        if (request.headers.authorization !== ADMIN) throw new AppError('UNAUTHORIZED');
      },
      maxBundleBytes: 64 * 1024,
    });
    await app.ready();
  });

  afterAll(async () => {
    await app?.close();
    await handle?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('answers an oversize bundle with 413 like every oversize body, storing nothing', async () => {
    const body = await form(fields(), new Uint8Array(70 * 1024).fill(1));
    const res = await app.inject({
      method: 'POST',
      url: '/api/admin/releases',
      headers: { ...body.headers, authorization: ADMIN },
      payload: body.payload,
    });
    expect(res.statusCode).toBe(413);
    expect((res.json() as Envelope).code).toBe(413);
    const n = await sql<{ n: string }>`select count(*) as n from releases`.execute(handle.db);
    expect(Number(n.rows[0]?.n)).toBe(0);
  });

  it('accepts a bundle signed offline with the DEV seed: the key built into a default app', async () => {
    const bytes = bundle();
    const body = await form({ ...fields(), signature: sign(bytes) }, bytes);
    const res = await app.inject({
      method: 'POST',
      url: '/api/admin/releases',
      headers: { ...body.headers, authorization: ADMIN },
      payload: body.payload,
    });
    const sig = (res.json() as Envelope<{ signature: string }>).data.signature;
    expect(ed25519.verify(hexToBytes(sig), bytes, hexToBytes(DEV_RELEASE_PUBLIC_KEY))).toBe(true);
  });
});

describe('release helpers', () => {
  it('compares bundle versions by semver precedence', () => {
    expect(compareSemver('1.10.0', '1.9.0')).toBe(1);
    expect(compareSemver('1.0.0-rc.1', '1.0.0')).toBe(-1);
    expect(compareSemver('1.0.0', '1.0.0+build')).toBe(0);
  });

  it('compares native versions loosely', () => {
    expect(compareNative('1.0', '1.0.0')).toBe(0);
    expect(compareNative('2.0', '1.9.9')).toBe(1);
    expect(compareNative('1.0', undefined)).toBe(1);
    expect(compareNative('0', undefined)).toBe(0);
  });

  it('loads the release public key: DEV by default, RELEASE_PUBLIC_KEY when set, refused when malformed', () => {
    expect(loadReleaseKey({ production: false })).toMatchObject({
      publicKeyHex: DEV_RELEASE_PUBLIC_KEY,
      source: 'dev',
    });
    const other = Buffer.from(ed25519.getPublicKey(hexToBytes('11'.repeat(32)))).toString('hex');
    expect(loadReleaseKey({ production: true, envPublicKey: other }).publicKeyHex).toBe(other);
    expect(() => loadReleaseKey({ production: false, envPublicKey: 'nothex' })).toThrow(/64 hex/);
  });
});
