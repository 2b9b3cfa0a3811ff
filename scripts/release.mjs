#!/usr/bin/env node
// `npm run release -- --version 1.2.0 [--platform android|ios|all] [--rollout 100] [--min-native 1.0]
//   [--notes notes.json] [--skip-build]`
// Builds the web app with the server's update public key baked in, zips apps/web/dist, and registers
// the bundle through the admin API (one release per platform). Environment: RELEASE_API (default
// http://127.0.0.1:8080), ADMIN_EMAIL, ADMIN_PASSWORD.
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
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
  },
});

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

// 1. The key the shipped apps verify bundles with must be the server's signing key.
const { public_key: publicKey } = await call('GET', '/api/app/update/public-key');
if (process.env.VITE_UPDATE_PUBLIC_KEY && process.env.VITE_UPDATE_PUBLIC_KEY !== publicKey) {
  fail(`VITE_UPDATE_PUBLIC_KEY differs from the server's key ${publicKey}: devices would refuse this bundle`);
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
console.log(`release: bundle ${version}, ${Object.keys(entries).length} files, ${zip.length} bytes`);

// 4. Register it, once per platform.
const { token } = await call('POST', '/api/admin/login', { json: { email, password } });
for (const platform of platforms) {
  const form = new FormData();
  form.append('version', version);
  form.append('platform', platform);
  form.append('min_native_version', args['min-native']);
  form.append('rollout_percent', args.rollout);
  form.append('release_content', JSON.stringify(notes));
  form.append('bundle', new Blob([zip], { type: 'application/zip' }), `bundle-${version}.zip`);
  const r = await call('POST', '/api/admin/releases', { token, form });
  console.log(`release: ${platform} ${r.version} id=${r.id} md5=${r.md5} sha256=${r.sha256}`);
  console.log(`release:   ${api}${r.download_path}`);
}
