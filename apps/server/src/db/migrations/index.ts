import type { Kysely } from 'kysely';
import type { Database } from '../schema.ts';
import * as m0001 from './0001_accounts.ts';
import * as m0010 from './0010_engine.ts';

export interface Migration {
  version: string;
  up(db: Kysely<Database>): Promise<void>;
}

// Migrations only run raw SQL; the Database type is just what the runner holds. The two first
// schemas live here; every domain keeps its own migration beside its code, and the composition
// root lists them all in order (apps/server/src/migrations.ts): the database layer imports no domain.
export const CORE_MIGRATIONS = {
  accounts: { version: '0001_accounts', up: m0001.up },
  engine: { version: '0010_engine', up: m0010.up },
} as const satisfies Record<string, Migration>;
