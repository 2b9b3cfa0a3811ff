import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { ResultCode } from '@ex/core';
import type { FastifyInstance } from 'fastify';
import { Kysely, sql } from 'kysely';
import pg from 'pg';
import { expect, inject } from 'vitest';
import type { AdminSessionPolicy } from '../../src/admin/session.ts';
import { buildApp } from '../../src/app.ts';
import { ManualClock } from '../../src/clock.ts';
import { type Config, DEFAULT_RATE_LIMIT, loadConfig, type RateLimitConfig } from '../../src/config.ts';
import { type Db, type DbHandle, openPGlite, openPostgres } from '../../src/db/db.ts';
import { PGliteDialect } from '../../src/db/pglite-dialect.ts';
import { INT8, identity, NUMERIC } from '../../src/db/pglite-instance.ts';
import type { Database } from '../../src/db/schema.ts';
import type { Services } from '../../src/deps.ts';
import { migrate } from '../../src/migrations.ts';

export type Backend = 'pglite' | 'postgres';

/** PGlite always; PostgreSQL too when DATABASE_URL is set (CI). Use with describe.each. */
export const BACKENDS: Backend[] = process.env.DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];

export interface TestAppOptions {
  captcha?: boolean;
  rateLimit?: Partial<RateLimitConfig>;
  /** Creates dist folders with an index.html so static serving can be checked. */
  withDist?: boolean;
  /** Writes more into the dist folders (after `withDist`), before the app registers them. */
  prepareDist?: (webDist: string, adminDist: string) => void;
  /** Extra environment for `loadConfig` (e.g. SMS_* pointing at a local test gateway). */
  env?: Record<string, string>;
  /**
   * Operator session lifetimes. Suites that move the clock by days keep their admin token, so the
   * default here is long; security-operator.test.ts passes the real 15 min / 8 h (ADR 126).
   */
  adminSession?: AdminSessionPolicy;
}

export interface Reply<T = unknown> {
  status: number;
  body: { code: number; data: T; message: string; errors?: Record<string, string[]> };
  headers: Record<string, unknown>;
}

export interface TestApp {
  app: FastifyInstance;
  db: Db;
  clock: ManualClock;
  services: Services;
  config: Config;
  dataDir: string;
  call<T = unknown>(
    method: 'GET' | 'POST' | 'DELETE',
    url: string,
    options?: { body?: unknown; token?: string; lang?: string; headers?: Record<string, string> },
  ): Promise<Reply<T>>;
  count(table: 'users' | 'tokens' | 'outbox' | 'verification_codes' | 'admins' | 'captchas'): Promise<number>;
  close(): Promise<void>;
}

/**
 * A fresh, migrated database: in-memory PGlite, or a new schema on DATABASE_URL's PostgreSQL (its
 * tables, sequences and data start empty). `drop()` closes it and drops the schema.
 */
export async function freshDatabase(backend: Backend): Promise<{ handle: DbHandle; drop(): Promise<void> }> {
  if (backend === 'pglite') {
    const handle = await migratedPGlite();
    return { handle, drop: () => handle.close().catch(() => {}) };
  }
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error('DATABASE_URL is not set');
  const schema = `t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  await admin.end();
  const handle = await openPostgres(url, schema);
  await migrate(handle.db);
  return {
    handle,
    drop: async () => {
      await handle.close().catch(() => {});
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      await c.query(`drop schema ${schema} cascade`);
      await c.end();
    },
  };
}

let template: Blob | undefined;

/**
 * An in-memory PGlite in the state the migrations leave: loaded from the data folder that the
 * project's global setup migrated once per run (helpers/pglite-template.ts), with the same int8 and
 * NUMERIC parsers as createPGlite; openPGlite + migrate when there is none (a config without it).
 */
async function migratedPGlite(): Promise<DbHandle> {
  const file = inject('pgliteTemplate');
  if (!file) {
    const handle = await openPGlite(undefined);
    await migrate(handle.db);
    return handle;
  }
  template ??= new Blob([readFileSync(file)]);
  const pglite = await PGlite.create('memory://', {
    loadDataDir: template,
    parsers: { [INT8]: identity, [NUMERIC]: identity },
  });
  const db = new Kysely<Database>({ dialect: new PGliteDialect(pglite) });
  return { db, kind: 'pglite', close: () => db.destroy() };
}

export async function testApp(backend: Backend, options: TestAppOptions = {}): Promise<TestApp> {
  // A fresh database per test file (a schema on PostgreSQL), gone again after close().
  const { handle, drop } = await freshDatabase(backend);
  const dataDir = mkdtempSync(join(tmpdir(), 'ex-server-test-'));
  const config: Config = {
    ...loadConfig({
      DATA_DIR: dataDir,
      CAPTCHA: options.captcha ? 'on' : 'off',
      SEED_DEMO: '0',
      ...options.env,
    }),
    // Generous by default so suites do not trip over each other; rate-limit tests lower them.
    rateLimit: {
      ...DEFAULT_RATE_LIMIT,
      globalPerMinute: 100_000,
      authPerIpPerMinute: 100_000,
      perAccountPerMinute: 100_000,
      tradePerMinute: 100_000,
      moneyPerMinute: 100_000,
      updatePerMinute: 100_000,
      codeSendsPerClientPerHour: 100_000,
      codeSendsPerTargetPerHour: 100_000,
      codeSendsPerTargetPerDay: 100_000,
      codeSendsPerAreaCodePerHour: 100_000,
      ...options.rateLimit,
    },
  };
  const webDist = join(dataDir, 'web-dist');
  const adminDist = join(dataDir, 'admin-dist');
  if (options.withDist) {
    mkdirSync(webDist, { recursive: true });
    writeFileSync(join(webDist, 'index.html'), '<!doctype html><title>web</title>');
    writeFileSync(join(webDist, 'app.js'), 'console.log(1)');
    mkdirSync(adminDist, { recursive: true });
    writeFileSync(join(adminDist, 'index.html'), '<!doctype html><title>admin</title>');
  }
  options.prepareDist?.(webDist, adminDist);
  const clock = new ManualClock();
  const { app, services } = await buildApp({
    config,
    db: handle.db,
    clock,
    logger: false,
    webDist,
    adminDist,
    adminSession: options.adminSession ?? { idleMs: 365 * 86_400_000, absoluteMs: 365 * 86_400_000 },
  });

  let closed = false;
  return {
    app,
    db: handle.db,
    clock,
    services,
    config,
    dataDir,
    async call(method, url, opts = {}) {
      const headers: Record<string, string> = { ...opts.headers };
      if (opts.lang) headers['accept-language'] = opts.lang;
      if (opts.token) headers.authorization = `Bearer ${opts.token}`;
      const res = await app.inject({
        method,
        url,
        headers,
        ...(opts.body === undefined ? {} : { payload: opts.body as string | object }),
      });
      return { status: res.statusCode, body: res.json(), headers: res.headers };
    },
    async count(table) {
      const r = await sql<{ n: string }>`select count(*) as n from ${sql.table(table)}`.execute(handle.db);
      return Number(r.rows[0]?.n);
    },
    async close() {
      if (closed) return;
      closed = true;
      await app.close();
      await drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The latest code sent to an address, read from the outbox as an operator would. */
export async function lastCode(t: TestApp, to: string): Promise<string> {
  const row = await t.db
    .selectFrom('outbox')
    .select('code')
    .where('recipient', '=', to)
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  if (!row.code) throw new Error(`no code sent to ${to}`);
  return row.code;
}

export const PASSWORD = 'secret123';

/** Registers through the API (code flow) and returns the token and user. */
export async function registerUser(t: TestApp, email: string, password = PASSWORD) {
  const sent = await t.call('POST', '/api/app/account/captcha', {
    body: { type: 'email', account: email, scene: 'register' },
  });
  if (sent.status !== 200) throw new Error(`send code failed: ${JSON.stringify(sent.body)}`);
  const code = await lastCode(t, email);
  const res = await t.call<{ token: string; user: { id: string; invite_code: string } }>(
    'POST',
    '/api/app/account/register',
    { body: { type: 'email', account: email, password, password_confirmation: password, code } },
  );
  if (res.status !== 200) throw new Error(`register failed: ${JSON.stringify(res.body)}`);
  return res.body.data;
}

/** Credits `amount` (smallest units) of `asset` to `userId`'s spot wallet through the engine. */
export async function deposit(t: TestApp, userId: string, asset: string, amount: bigint): Promise<void> {
  const r = await t.services.engine.submit(({ ts, id }) => ({
    type: 'deposit',
    ts,
    id,
    userId,
    asset,
    amount,
  }));
  if (r.code !== ResultCode.OK) throw new Error(`deposit refused: code ${r.code}`);
}

/**
 * A registered user with `deposit` USDC units on spot (100,000 USDC by default), `toContract` of it
 * (a decimal string, 50,000 by default) moved to the contract wallet through the API.
 */
export async function contractTrader(
  t: TestApp,
  email: string,
  {
    deposit: amount = 100_000_000_000n,
    toContract = '50000',
  }: { deposit?: bigint; toContract?: string } = {},
): Promise<{ token: string; id: string }> {
  const r = await registerUser(t, email);
  await deposit(t, r.user.id, 'USDC', amount);
  const tr = await t.call('POST', '/api/app/wallet/transfer', {
    token: r.token,
    body: { from: 'spot', to: 'contract', coin: 'USDC', amount: toContract },
  });
  if (tr.status !== 200) throw new Error(`transfer failed: ${JSON.stringify(tr.body)}`);
  return { token: r.token, id: r.user.id };
}

/** Sets the index price of `symbol` (BTC_USDC_PERP by default) to `ticks` through the engine. */
export const indexPrice = (t: TestApp, ticks: bigint, symbol = 'BTC_USDC_PERP') =>
  t.services.engine.submit(({ ts }) => ({ type: 'priceUpdate', ts, symbol, indexPrice: ticks }));

/** `res` is refused with HTTP `status`, business `code` and, when given, `message`. */
export function expectRefused(res: Reply, status: number, code: number, message?: string): void {
  expect(res.status).toBe(status);
  expect(res.body.code).toBe(code);
  if (message !== undefined) expect(res.body.message).toBe(message);
}
