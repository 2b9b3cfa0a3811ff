// Shared by the benchmark and Lighthouse scripts: start the BUILT server (apps/server/dist, from
// `npm run build`) in a fresh data folder on a free port, and stop it again.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

export const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

/** `--name value` from the command line, or the fallback. */
export function arg(name, fallback) {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : fallback;
}

export async function freePort() {
  return new Promise((ok, fail) => {
    const srv = createServer();
    srv.once('error', fail);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => ok(port));
    });
  });
}

/**
 * Polls `probe` every `everyMs` until it gives something other than undefined (a throw counts as
 * "not yet") and returns that; throws after `ms` naming `what`.
 */
export async function waitUntil(what, probe, ms = 120_000, everyMs = 250) {
  const until = Date.now() + ms;
  for (;;) {
    const v = await probe().catch(() => undefined);
    if (v !== undefined) return v;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, everyMs));
  }
}

/** Polls `url` until it answers below 500, the child exits, or two minutes pass. */
export async function waitFor(url, child, what) {
  const up = await waitUntil(`${what} to start`, async () => {
    if (child.exitCode !== null) return 'exited';
    return (await fetch(url)).status < 500 ? 'up' : undefined;
  });
  if (up === 'exited') throw new Error(`${what} exited early (run npm run build first)`);
}

/** Node's flags for the server, as `npm start` passes them (package.json; ADR 229). */
export const SERVER_NODE_FLAGS = ['--max-semi-space-size=64'];

/**
 * The built exchange on a free port. `env` adds to (or, as undefined, removes from) the
 * environment; DATABASE_URL is dropped unless `env` sets it, so a run never writes into a shared
 * database by accident. Returns the base URL and `stop()`, which also deletes the data folder.
 */
export async function startBuiltServer(env = {}, { label = 'exchange', onStop } = {}) {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), `ex-${label}-`));
  const childEnv = { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn' };
  delete childEnv.DATABASE_URL;
  for (const [k, v] of Object.entries(env)) {
    if (v === undefined) delete childEnv[k];
    else childEnv[k] = v;
  }
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, join(root, 'apps/server/dist/main.js')], {
    cwd: root,
    env: childEnv,
    // BENCH_SERVER_STDERR=1 shows the servers' error stream (diagnostics while benchmarking).
    stdio: ['ignore', 'ignore', process.env.BENCH_SERVER_STDERR ? 'inherit' : 'ignore'],
  });
  const base = `http://127.0.0.1:${port}`;
  await waitFor(`${base}/api/health`, child, `${label} server`);
  return {
    base,
    port,
    async stop() {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await new Promise((r) => child.once('exit', r));
      }
      rmSync(dataDir, { recursive: true, force: true });
      await onStop?.();
    },
  };
}

/** A fresh database on DATABASE_URL's server, dropped again by `drop()`. */
export async function freshPostgres() {
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error('--db postgres needs DATABASE_URL');
  const name = `bench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const u = new URL(url);
  u.pathname = `/${name}`;
  return {
    url: u.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

/**
 * An engine and `gateways` gateways over NATS_URL on a fresh PostgreSQL database (ADR 172), each
 * the built server in its own process. Returns the engine's base URL, the gateways' and `stop()`.
 */
export async function startBuiltCluster(env, gateways, label) {
  if (!process.env.NATS_URL || !process.env.DATABASE_URL)
    throw new Error('a cluster needs NATS_URL and DATABASE_URL');
  const db = await freshPostgres();
  const cluster = {
    ...env,
    DATABASE_URL: db.url,
    NATS_URL: process.env.NATS_URL,
    NATS_PREFIX: `${label}${randomBytes(3).toString('hex')}`,
  };
  const engine = await startBuiltServer({ ...cluster, ROLE: 'engine' }, { label: `${label}-engine` });
  const started = [];
  for (let i = 0; i < gateways; i++)
    started.push(await startBuiltServer({ ...cluster, ROLE: 'gateway' }, { label: `${label}-gw${i}` }));
  return {
    base: engine.base,
    gateways: started,
    async stop() {
      for (const g of started) await g.stop();
      await engine.stop();
      await db.drop();
    },
  };
}
