import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { migrate } from './migrate.ts';
import { PGliteDialect } from './pglite-dialect.ts';
import type { Database } from './schema.ts';

export type Db = Kysely<Database>;

/** The storage port: one Kysely instance over PGlite or PostgreSQL, same SQL for both. */
export interface DbHandle {
  db: Db;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
}

const INT8 = 20;
const NUMERIC = 1700;
const identity = (value: string) => value;

/**
 * PGlite in `dataDir` (or in memory when `dataDir` is undefined). int8 and NUMERIC come back as
 * strings, exactly as node-postgres returns them, so query code never sees a lossy JS number.
 */
export async function openPGlite(dataDir: string | undefined): Promise<DbHandle> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const pglite = await PGlite.create(dataDir ?? 'memory://', {
    parsers: { [INT8]: identity, [NUMERIC]: identity },
  });
  const db = new Kysely<Database>({ dialect: new PGliteDialect(pglite) });
  return { db, kind: 'pglite', close: () => db.destroy() };
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
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return { db, kind: 'postgres', close: () => db.destroy() };
}

export async function openDatabase(options: { databaseUrl?: string; dataDir: string }): Promise<DbHandle> {
  const handle = options.databaseUrl
    ? await openPostgres(options.databaseUrl)
    : await openPGlite(join(options.dataDir, 'pglite'));
  await migrate(handle.db);
  return handle;
}

export async function ping(db: Db): Promise<void> {
  await sql`select 1`.execute(db);
}
