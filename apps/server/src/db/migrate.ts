import { type Kysely, sql } from 'kysely';
import type { Migration } from './migrations/index.ts';
import type { Database } from './schema.ts';

// Any constant works; it only has to be the same on every node so two starting nodes serialise.
const MIGRATION_LOCK_ID = 7_246_001;

/**
 * Applies the pending migrations in one transaction under an advisory lock: a crash leaves either
 * all of them or none, and two nodes starting together do not race.
 */
export async function runMigrations(
  db: Kysely<Database>,
  migrations: readonly Migration[],
): Promise<string[]> {
  return db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(${sql.lit(MIGRATION_LOCK_ID)})`.execute(trx);
    await sql`create table if not exists schema_migrations (version text primary key, applied_at int8 not null)`.execute(
      trx,
    );
    const done = await sql<{ version: string }>`select version from schema_migrations`.execute(trx);
    const applied = new Set(done.rows.map((r) => r.version));
    const ran: string[] = [];
    for (const migration of migrations) {
      if (applied.has(migration.version)) continue;
      await migration.up(trx);
      await sql`insert into schema_migrations (version, applied_at) values (${migration.version}, ${Date.now()})`.execute(
        trx,
      );
      ran.push(migration.version);
    }
    return ran;
  });
}
