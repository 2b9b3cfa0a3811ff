#!/usr/bin/env node
// `npm run release -- --version 1.2.0 [--platform android|ios|all] [--rollout 100] [--min-native 1.0]
//   [--notes notes.json] [--skip-build] [--key-file path] [--otp 123456]`
// `npm run release -- --sign bundle.zip --key-file path`: prints the signature of a zip to paste into
//   the console's Publish form (and writes bundle.zip.sig), without building or uploading.
// `npm run release -- --generate-key path`: makes a new offline signing key (mode 600) and prints
//   its public half for RELEASE_PUBLIC_KEY (server) and VITE_UPDATE_PUBLIC_KEY (store builds).
// Builds the web app with the server's update public key baked in, zips apps/web/dist, signs the
// zip HERE with the operator's ed25519 key (ADR 128: the server only verifies), and registers the
// bundle through the admin API (one release per platform). Environment: RELEASE_API (default
// http://127.0.0.1:8080), ADMIN_EMAIL, ADMIN_PASSWORD, ADMIN_OTP (once TOTP is on), and the key as
// RELEASE_SIGNING_KEY (64 hex) or --key-file (a file holding the 64 hex seed). Without a key the
// public DEV/TEST key is used, and only when the server itself runs on it (the demo).
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { ed25519 } from '@noble/curves/ed25519';
import { bytesToHex, hexToBytes } from '@noble/hashes/utils';
import { zipSync } from 'fflate';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const dist = join(root, 'apps/web/dist');
const LANGS = ['de', 'en', 'zh_CN', 'zh_TW', 'es', 'fr', 'it'];
const DEFAULT_NOTES = {
  de: 'Fehlerbehebungen und Verbesserungen',
  en: 'Bug fixes and improvements',
  zh_CN: '问题修复和改进',
  zh_TW: '問題修復和改進',
  es: 'Correcciones de errores y mejoras',
  fr: 'Corrections de bugs et améliorations',
  it: 'Correzioni di bug e miglioramenti',
};

function fail(message) {
  console.error(`release: ${message}`);
  process.exit(1);
}

const { values: args } = parseArgs({
  options: {
    version: { type: 'string' },
    platform: { type: 'string', default: 'all' },
    rollout: { type: 'string', default: '100' },
    'min-native': { type: 'string', default: '1.0' },
    notes: { type: 'string' },
    'skip-build': { type: 'boolean', default: false },
    'key-file': { type: 'string' },
    'generate-key': { type: 'string' },
    sign: { type: 'string' },
    otp: { type: 'string' },
  },
});

// The public DEV/TEST seed: must equal apps/server/src/release/dev-key.ts (this script runs without
// a TypeScript loader). Anyone can sign with it, so only a demo server accepts it.
const DEV_SEED = '306cfa453d0dc41ae4bde46ac550e3a4348e393b516f0b959749364b0eaf71ee';
const SEED_RE = /^[0-9a-fA-F]{64}$/;

if (args['generate-key']) {
  const seed = randomBytes(32).toString('hex');
  // wx: never overwrite a key that may already be baked into shipped apps; 600: the owner only.
  try {
    writeFileSync(args['generate-key'], `${seed}\n`, { mode: 0o600, flag: 'wx' });
  } catch (error) {
    fail(`cannot create ${args['generate-key']} (${error.code}); an existing key is never overwritten`);
  }
  const pub = bytesToHex(ed25519.getPublicKey(hexToBytes(seed)));
  console.log(`release: new signing key in ${args['generate-key']} (keep it offline, back it up)`);
  console.log(`release: RELEASE_PUBLIC_KEY=${pub}`);
  console.log(`release: VITE_UPDATE_PUBLIC_KEY=${pub}`);
  process.exit(0);
}

function loadSeed() {
  if (args['key-file']) {
    const text = readFileSync(args['key-file'], 'utf8').trim();
    if (!SEED_RE.test(text)) fail(`${args['key-file']} must hold a 64 hex ed25519 seed`);
    return text.toLowerCase();
  }
  const env = process.env.RELEASE_SIGNING_KEY?.trim();
  if (env) {
    if (!SEED_RE.test(env)) fail('RELEASE_SIGNING_KEY must be 64 hex characters (an ed25519 seed)');
    return env.toLowerCase();
  }
  return null;
}
const seed = loadSeed();

if (args.sign) {
  if (!seed) fail('give the release signing key: --key-file path or RELEASE_SIGNING_KEY (64 hex)');
  const bytes = readFileSync(args.sign);
  const sig = bytesToHex(ed25519.sign(bytes, hexToBytes(seed)));
  writeFileSync(`${args.sign}.sig`, `${sig}\n`);
  console.log(`release: public key ${bytesToHex(ed25519.getPublicKey(hexToBytes(seed)))}`);
  console.log(sig);
  process.exit(0);
}

const api = (process.env.RELEASE_API ?? 'http://127.0.0.1:8080').replace(/\/$/, '');
const email = process.env.ADMIN_EMAIL;
const password = process.env.ADMIN_PASSWORD;
if (!email || !password) fail('set ADMIN_EMAIL and ADMIN_PASSWORD (the operator account)');
const version = args.version ?? JSON.parse(readFileSync(join(root, 'apps/web/package.json'), 'utf8')).version;
const platforms = args.platform === 'all' ? ['android', 'ios'] : [args.platform];
if (!platforms.every((p) => p === 'android' || p === 'ios')) fail('--platform must be android, ios or all');
const notes = args.notes ? JSON.parse(readFileSync(args.notes, 'utf8')) : DEFAULT_NOTES;
for (const l of LANGS)
  if (typeof notes[l] !== 'string' || !notes[l].trim()) fail(`notes lack a text for ${l}`);

async function call(method, path, { token, json, form } = {}) {
  const headers = { 'accept-language': 'en' };
  if (token) headers.authorization = `Bearer ${token}`;
  if (json) headers['content-type'] = 'application/json';
  const res = await fetch(`${api}${path}`, {
    method,
    headers,
    body: json ? JSON.stringify(json) : form,
  }).catch((error) => fail(`cannot reach ${api} (${error.cause?.code ?? error.message}); set RELEASE_API`));
  const body = await res.json().catch(() => ({ code: res.status, message: res.statusText }));
  if (body.code !== 0) {
    const details = body.errors ? `\n${JSON.stringify(body.errors, null, 2)}` : '';
    fail(`${method} ${path}: ${body.message}${details}`);
  }
  return body.data;
}

// 1. The key the shipped apps verify bundles with must be the server's release public key, and the
//    key we sign with here must be its private half.
const { public_key: publicKey } = await call('GET', '/api/app/update/public-key');
if (process.env.VITE_UPDATE_PUBLIC_KEY && process.env.VITE_UPDATE_PUBLIC_KEY !== publicKey) {
  fail(`VITE_UPDATE_PUBLIC_KEY differs from the server's key ${publicKey}: devices would refuse this bundle`);
}
const devPublic = bytesToHex(ed25519.getPublicKey(hexToBytes(DEV_SEED)));
let signingSeed = seed;
if (!signingSeed) {
  if (publicKey !== devPublic) {
    fail('give the release signing key: --key-file path or RELEASE_SIGNING_KEY (64 hex)');
  }
  console.warn('release: signing with the public DEV/TEST key (the server runs on it: demo only)');
  signingSeed = DEV_SEED;
}
if (bytesToHex(ed25519.getPublicKey(hexToBytes(signingSeed))) !== publicKey) {
  fail(`the signing key is not the private half of the server's release key ${publicKey}`);
}

// 2. Build.
if (!args['skip-build']) {
  const built = spawnSync('npm', ['run', 'build', '-w', '@ex/web'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, VITE_UPDATE_PUBLIC_KEY: publicKey },
  });
  if (built.status !== 0) fail('the web build failed');
}

// 3. Zip dist/ with index.html at the top, as the live updater expects.
function files(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path) : [path];
  });
}
const entries = {};
for (const file of files(dist)) entries[relative(dist, file).split('\\').join('/')] = readFileSync(file);
if (!entries['index.html']) fail(`${dist}/index.html is missing: build the web app first`);
const zip = zipSync(entries, { level: 9 });
// The signature covers the exact bytes uploaded; devices check it with the key baked into them.
const signature = bytesToHex(ed25519.sign(zip, hexToBytes(signingSeed)));
console.log(`release: bundle ${version}, ${Object.keys(entries).length} files, ${zip.length} bytes, signed`);

// 4. Register it, once per platform.
const otp = args.otp ?? process.env.ADMIN_OTP;
const { token } = await call('POST', '/api/admin/login', {
  json: { email, password, ...(otp ? { otp } : {}) },
});
for (const platform of platforms) {
  const form = new FormData();
  form.append('version', version);
  form.append('platform', platform);
  form.append('min_native_version', args['min-native']);
  form.append('rollout_percent', args.rollout);
  form.append('release_content', JSON.stringify(notes));
  form.append('signature', signature);
  form.append('bundle', new Blob([zip], { type: 'application/zip' }), `bundle-${version}.zip`);
  const r = await call('POST', '/api/admin/releases', { token, form });
  console.log(`release: ${platform} ${r.version} id=${r.id} md5=${r.md5} sha256=${r.sha256}`);
  console.log(`release:   ${api}${r.download_path}`);
}
// Short operator sessions (ADR 126): end this one now rather than leave it for 15 minutes.
await call('POST', '/api/admin/logout', { token });
