// Issue 7 item 8: an admin token alone must not ship code to every installed app. Bundles are
// signed offline (`npm run release` with a key the operator holds); the server only verifies the
// upload against the release PUBLIC key, refuses anything else and stores nothing, and in
// production holds no private key at all. Attacks run against the real app on PGlite and, with
// DATABASE_URL, on PostgreSQL.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ed25519 } from '@noble/curves/ed25519';
import { hexToBytes } from '@noble/hashes/utils';
import Fastify, { type FastifyInstance } from 'fastify';
import { strToU8, zipSync } from 'fflate';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { DbHandle } from '../src/db/db.ts';
import { registerEnvelope } from '../src/http/envelope.ts';
import { AppError } from '../src/http/errors.ts';
import { zodValidatorCompiler } from '../src/http/validation.ts';
import { DEV_RELEASE_PUBLIC_KEY, DEV_RELEASE_SIGNING_SEED } from '../src/release/dev-key.ts';
import { loadReleaseKey } from '../src/release/keys.ts';
import { releaseRoutes } from '../src/release/routes.ts';
import { BACKENDS, freshDatabase, type TestApp, testApp } from './helpers/testApp.ts';

const NOTES = { de: 'a', en: 'b', zh_CN: 'c', zh_TW: 'd', es: 'e', fr: 'f', it: 'g' };
/** The operator's own offline key (production): nobody but the operator has this seed. */
const OPERATOR_SEED = createHash('sha256').update('operator offline release key (test)').digest('hex');
const OPERATOR_PUBLIC = Buffer.from(ed25519.getPublicKey(hexToBytes(OPERATOR_SEED))).toString('hex');
/** What an attacker with an admin token but without the release key can sign with. */
const ATTACKER_SEED = createHash('sha256').update('attacker key').digest('hex');

const sign = (bytes: Uint8Array, seed: string) =>
  Buffer.from(ed25519.sign(bytes, hexToBytes(seed))).toString('hex');

function bundle(tag: string): Uint8Array {
  return zipSync({ 'index.html': strToU8(`<!doctype html><title>${tag}</title>`), 'app.js': strToU8(tag) });
}

async function multipart(fields: Record<string, string>, file: Uint8Array) {
  const fd = new FormData();
  for (const [k, v] of Object.entries(fields)) fd.append(k, v);
  fd.append('bundle', new Blob([file as Uint8Array<ArrayBuffer>], { type: 'application/zip' }), 'b.zip');
  const res = new Response(fd);
  return {
    payload: Buffer.from(await res.arrayBuffer()),
    headers: { 'content-type': res.headers.get('content-type') ?? '' },
  };
}

function releaseFields(version: string, signature?: string): Record<string, string> {
  return {
    version,
    platform: 'android',
    min_native_version: '1.0',
    rollout_percent: '100',
    release_content: JSON.stringify(NOTES),
    ...(signature === undefined ? {} : { signature }),
  };
}

interface Envelope<T = unknown> {
  code: number;
  data: T;
  message: string;
  errors?: Record<string, string[]>;
}

async function upload(app: FastifyInstance, auth: string, fields: Record<string, string>, file: Uint8Array) {
  const body = await multipart(fields, file);
  const res = await app.inject({
    method: 'POST',
    url: '/api/admin/releases',
    headers: { ...body.headers, authorization: auth, 'accept-language': 'en' },
    payload: body.payload,
  });
  return { status: res.statusCode, body: res.json() as Envelope<Record<string, string>> };
}

describe.each(BACKENDS)('offline-signed releases on %s', (backend) => {
  let t: TestApp;
  let auth = '';

  beforeAll(async () => {
    t = await testApp(backend);
    await t.services.admins.createAdmin('ops@example.com', 'operator-pass-1');
    const login = await t.call<{ token: string }>('POST', '/api/admin/login', {
      body: { email: 'ops@example.com', password: 'operator-pass-1' },
    });
    auth = `Bearer ${login.body.data.token}`;
  });
  afterAll(async () => {
    await t?.close();
  });

  async function stored(): Promise<{ rows: number; files: string[] }> {
    const r = await sql<{ n: string }>`select count(*) as n from releases`.execute(t.db);
    let files: string[] = [];
    try {
      files = readdirSync(join(t.dataDir, 'releases'));
    } catch {}
    return { rows: Number(r.rows[0]?.n), files };
  }

  const good = bundle('1.0.0');
  const flipped = Uint8Array.from(good);
  flipped[flipped.length - 30] = (flipped[flipped.length - 30] ?? 0) ^ 1;

  it.each([
    ['no signature at all (the old upload)', () => releaseFields('1.0.0'), good, 'This field is required'],
    ['a signature that is not hex', () => releaseFields('1.0.0', 'zz'.repeat(64)), good, 'must be 128 hex'],
    ['a short signature', () => releaseFields('1.0.0', 'ab'.repeat(32)), good, 'must be 128 hex'],
    [
      'signed with a key other than the release key (a stolen admin token)',
      () => releaseFields('1.0.0', sign(good, ATTACKER_SEED)),
      good,
      'does not verify',
    ],
    [
      'a valid signature of other bytes (bundle swapped after signing)',
      () => releaseFields('1.0.0', sign(good, DEV_RELEASE_SIGNING_SEED)),
      flipped,
      'does not verify',
    ],
  ])('refuses %s and stores nothing', async (_name, makeFields, file, message) => {
    const before = await stored();
    const res = await upload(t.app, auth, makeFields(), file);
    expect(res.status).toBe(422);
    expect(res.body.errors?.signature?.[0]).toContain(message);
    expect(await stored()).toEqual(before);
    expect(before).toEqual({ rows: 0, files: [] });
    const answer = await t.call('POST', '/api/app/update', {
      body: {
        platform: 'android',
        device_id: 'd1',
        app_version: '0.0.1',
        plugin_version: '7',
        native_version: '1.0',
      },
    });
    expect(answer.body.data).toBeNull();
  });

  it('names the key it checks against, in the caller language', async () => {
    const res = await upload(t.app, auth, releaseFields('1.0.0', sign(good, ATTACKER_SEED)), good);
    expect(res.body.errors?.signature).toEqual([
      `The signature does not verify for this bundle with the release public key ${DEV_RELEASE_PUBLIC_KEY.slice(0, 16)}…`,
    ]);
  });

  it('accepts the correctly signed bundle and serves it with that signature', async () => {
    const signature = sign(good, DEV_RELEASE_SIGNING_SEED);
    const res = await upload(t.app, auth, releaseFields('1.0.0', signature.toUpperCase()), good);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.signature).toBe(signature);
    const answer = await t.call<{ signature: string; download_path: string; sha256: string }>(
      'POST',
      '/api/app/update',
      {
        body: {
          platform: 'android',
          device_id: 'd1',
          app_version: '0.0.1',
          plugin_version: '7',
          native_version: '1.0',
        },
      },
    );
    expect(answer.body.data.signature).toBe(signature);
    const served = await t.app.inject({ method: 'GET', url: answer.body.data.download_path });
    const bytes = new Uint8Array(served.rawPayload);
    expect(bytes).toEqual(good);
    // What a device does with the key baked into its build.
    expect(
      ed25519.verify(hexToBytes(answer.body.data.signature), bytes, hexToBytes(DEV_RELEASE_PUBLIC_KEY)),
    ).toBe(true);
    // The server made no key of its own, now or ever.
    expect(readdirSync(t.dataDir)).not.toContain('release-signing-key');
    expect((await stored()).rows).toBe(1);
  });

  it('refuses an old signed bundle re-uploaded as a newer version (a rollback), storing nothing', async () => {
    const before = await stored();
    const replay = await upload(
      t.app,
      auth,
      releaseFields('9.9.9', sign(good, DEV_RELEASE_SIGNING_SEED)),
      good,
    );
    expect(replay.status).toBe(422);
    expect(replay.body.errors?.bundle).toEqual([
      'These exact bytes were already published as 1.0.0: sign and upload a new build',
    ]);
    expect(await stored()).toEqual(before);
    // A new build signed by the key holder is a normal release.
    const next = bundle('1.1.0');
    const ok = await upload(t.app, auth, releaseFields('1.1.0', sign(next, DEV_RELEASE_SIGNING_SEED)), next);
    expect(ok.status).toBe(200);
  });
});

describe('production: the server holds no private release key', () => {
  let handle: DbHandle;
  let dataDir: string;
  const apps: FastifyInstance[] = [];
  const ADMIN = 'Bearer admin-test-token';

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'ex-release-prod-'));
    handle = (await freshDatabase('pglite')).handle;
  });
  afterEach(() => {
    vi.unstubAllEnvs();
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    await handle?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  async function productionApp(): Promise<FastifyInstance> {
    const app = Fastify({ logger: false });
    apps.push(app);
    app.setValidatorCompiler(zodValidatorCompiler);
    registerEnvelope(app);
    await app.register(releaseRoutes, {
      db: handle.db,
      dataDir,
      production: true,
      requireAdmin: async (request) => {
        if (request.headers.authorization !== ADMIN) throw new AppError('UNAUTHORIZED');
      },
    });
    await app.ready();
    return app;
  }

  it('refuses to start without RELEASE_PUBLIC_KEY, or with the public DEV/TEST key', async () => {
    vi.stubEnv('RELEASE_PUBLIC_KEY', '');
    await expect(productionApp()).rejects.toThrow(/RELEASE_PUBLIC_KEY is required in production/);
    vi.stubEnv('RELEASE_PUBLIC_KEY', DEV_RELEASE_PUBLIC_KEY);
    await expect(productionApp()).rejects.toThrow(/DEV\/TEST key/);
    expect(() => loadReleaseKey({ production: true, envPublicKey: 'ff'.repeat(32) })).toThrow(/64 hex/);
    // The private seed in a production server's environment is refused even with a good public key.
    vi.stubEnv('RELEASE_PUBLIC_KEY', OPERATOR_PUBLIC);
    vi.stubEnv('RELEASE_SIGNING_KEY', OPERATOR_SEED);
    await expect(productionApp()).rejects.toThrow(
      /RELEASE_SIGNING_KEY must not be given to a production server/,
    );
  });

  it('verifies against the operator public key only: the DEV seed is refused, no key is written', async () => {
    vi.stubEnv('RELEASE_PUBLIC_KEY', OPERATOR_PUBLIC);
    const app = await productionApp();
    const key = await app.inject({ method: 'GET', url: '/api/app/update/public-key' });
    expect((key.json() as Envelope<{ public_key: string }>).data.public_key).toBe(OPERATOR_PUBLIC);

    const bytes = bundle('prod-1.0.0');
    const devSigned = await upload(
      app,
      ADMIN,
      releaseFields('1.0.0', sign(bytes, DEV_RELEASE_SIGNING_SEED)),
      bytes,
    );
    expect(devSigned.status).toBe(422);
    expect(devSigned.body.errors?.signature?.[0]).toContain('does not verify');
    const n = await sql<{ n: string }>`select count(*) as n from releases`.execute(handle.db);
    expect(Number(n.rows[0]?.n)).toBe(0);

    const ok = await upload(app, ADMIN, releaseFields('1.0.0', sign(bytes, OPERATOR_SEED)), bytes);
    expect(ok.status).toBe(200);
    // Nothing secret on the server: only the bundle it was given.
    expect(readdirSync(dataDir)).toEqual(['releases']);
    expect('sign' in loadReleaseKey({ production: true, envPublicKey: OPERATOR_PUBLIC })).toBe(false);
  });
});

describe('npm run release: the operator side of offline signing', () => {
  const script = join(__dirname, '../../../scripts/release.mjs');
  const run = (args: string[], env: Record<string, string> = {}) =>
    spawnSync(process.execPath, [script, ...args], { encoding: 'utf8', env: { ...process.env, ...env } });
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'ex-release-key-'));
  });
  afterAll(() => {
    rmSync(dir, { recursive: true, force: true });
  });

  it('--generate-key writes a 0600 key, never over an existing one, and prints its public half', () => {
    const keyFile = join(dir, 'release.key');
    const made = run(['--generate-key', keyFile]);
    expect(made.status, made.stderr).toBe(0);
    expect(statSync(keyFile).mode & 0o777).toBe(0o600);
    const seed = readFileSync(keyFile, 'utf8').trim();
    const pub = Buffer.from(ed25519.getPublicKey(hexToBytes(seed))).toString('hex');
    expect(made.stdout).toContain(`RELEASE_PUBLIC_KEY=${pub}`);
    const again = run(['--generate-key', keyFile]);
    expect(again.status).toBe(1);
    expect(readFileSync(keyFile, 'utf8').trim()).toBe(seed);

    // --sign: the signature a production server with that public key accepts for these bytes.
    const zip = join(dir, 'bundle.zip');
    const bytes = bundle('signed-by-script');
    writeFileSync(zip, bytes);
    const signed = run(['--sign', zip, '--key-file', keyFile]);
    expect(signed.status, signed.stderr).toBe(0);
    const signature = signed.stdout.trim().split('\n').at(-1)!;
    expect(loadReleaseKey({ production: true, envPublicKey: pub }).verify(bytes, signature)).toBe(true);
    expect(readFileSync(`${zip}.sig`, 'utf8').trim()).toBe(signature);
    // Without a key there is nothing to sign with.
    expect(run(['--sign', zip], { RELEASE_SIGNING_KEY: '' }).status).toBe(1);
  });
});
