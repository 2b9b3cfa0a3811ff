import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { lockDataFolder } from './data-lock.ts';
import { runMigrations } from './migrate.ts';
import type { Migration } from './migrations/index.ts';
import { PGliteDialect, type PGliteLike } from './pglite-dialect.ts';
import { createPGlite, INT8, identity, NUMERIC } from './pglite-instance.ts';
import { PGliteThread } from './pglite-thread.ts';
import type { Database } from './schema.ts';

export type Db = Kysely<Database>;

/** The storage port: one Kysely instance over PGlite or PostgreSQL, same SQL for both. */
export interface DbHandle {
  db: Db;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
}

/**
 * Whether PGlite runs in a worker thread (ADR 171): by default with a data folder (the server) and
 * in-thread in memory (tests); PGLITE_WORKER=0 keeps it in-thread, PGLITE_WORKER=1 forces the worker.
 */
export function pgliteInWorker(dataDir: string | undefined, env = process.env.PGLITE_WORKER): boolean {
  if (env === '0') return false;
  if (env === '1') return true;
  return dataDir !== undefined;
}

/**
 * PGlite in `dataDir` (or in memory when `dataDir` is undefined), in a worker thread or in-thread
 * (`pgliteInWorker`). int8 and NUMERIC come back as strings (pglite-instance.ts). A data folder is
 * locked while open (data-lock.ts).
 */
export async function openPGlite(
  dataDir: string | undefined,
  options: { worker?: boolean } = {},
): Promise<DbHandle> {
  const inWorker = options.worker ?? pgliteInWorker(dataDir);
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const unlock = dataDir ? lockDataFolder(dataDir) : () => {};
  let pglite: PGliteLike;
  try {
    pglite = inWorker ? await PGliteThread.start(dataDir) : await createPGlite(dataDir);
  } catch (error) {
    unlock();
    throw error;
  }
  const db = new Kysely<Database>({ dialect: new PGliteDialect(pglite) });
  return {
    db,
    kind: 'pglite',
    close: async () => {
      try {
        await db.destroy();
      } finally {
        unlock();
      }
    },
  };
}

/**
 * Statement texts run often enough to keep parsed on each PostgreSQL connection (issue 9): the
 * group commit's one INSERT, whose text depends only on which tables and column sets a batch
 * fills. PostgreSQL's log said parse took 0.27 ms of each 0.9 ms commit statement when it was
 * sent unnamed (docs/benchmarks.md, eleventh session). Bounded: past `MAX_NAMED` texts the rest
 * run unnamed, as before. PGlite ignores this (its dialect parses in-process).
 */
const named = new Map<string, string>();
const MAX_NAMED = 64;

/** Asks for `text` to run as a named (parsed once per connection) statement on PostgreSQL. */
export function runOften(text: string): void {
  if (named.size < MAX_NAMED && !named.has(text)) named.set(text, `often_${named.size}`);
}

type QueryFn = (...args: unknown[]) => unknown;

/** Sends registered texts with their name (node-postgres then prepares them once per client). */
function nameOftenRun(client: pg.PoolClient): void {
  const query = client.query.bind(client) as QueryFn;
  (client as unknown as { query: QueryFn }).query = (text: unknown, ...rest: unknown[]) => {
    const name = typeof text === 'string' ? named.get(text) : undefined;
    return name === undefined
      ? query(text, ...rest)
      : query({ name, text, values: rest[0] }, ...rest.slice(1));
  };
}

/** node-postgres pool; `searchPath` pins every pooled connection to one schema (used by tests). */
export async function openPostgres(url: string, searchPath?: string): Promise<DbHandle> {
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    ...(searchPath ? { options: `-c search_path=${searchPath}` } : {}),
    types: {
      getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
        oid === INT8 || oid === NUMERIC
          ? identity
          : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
    },
  });
  pool.on('connect', nameOftenRun);
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return { db, kind: 'postgres', close: () => db.destroy() };
}

export async function openDatabase(
  options: { databaseUrl?: string; dataDir: string },
  migrations: readonly Migration[],
): Promise<DbHandle> {
  const handle = options.databaseUrl
    ? await openPostgres(options.databaseUrl)
    : await openPGlite(join(options.dataDir, 'pglite'));
  await runMigrations(handle.db, migrations);
  return handle;
}

export async function ping(db: Db): Promise<void> {
  await sql`select 1`.execute(db);
}
