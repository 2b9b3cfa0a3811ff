import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Kysely } from 'kysely';
import type { TestProject } from 'vitest/node';
import { PGliteDialect } from '../../src/db/pglite-dialect.ts';
import { createPGlite } from '../../src/db/pglite-instance.ts';
import type { Database } from '../../src/db/schema.ts';
import { migrate } from '../../src/migrations.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated, empty in-memory PGlite's data folder as an uncompressed tar (testApp.ts). */
    pgliteTemplate: string;
  }
}

/**
 * Global setup of the server project (vitest.config.ts): one in-memory PGlite made by the production
 * code (createPGlite, as openPGlite does in-thread) and migrated by it, its data folder dumped to a
 * file once per run. `freshDatabase('pglite')` starts each test database from that file, about 1 s,
 * instead of initdb plus every migration, about 3.5-5 s on the 2-core CI machine, paid once per file
 * and once per test in the files that need a new database for each test. Migrating from nothing is
 * still done here on every run, by the same code, so a broken migration fails the run.
 */
export default async function setup(project: TestProject): Promise<() => void> {
  const dir = mkdtempSync(join(tmpdir(), 'ex-pglite-template-'));
  const file = join(dir, 'migrated.tar');
  const pglite = await createPGlite(undefined);
  const db = new Kysely<Database>({ dialect: new PGliteDialect(pglite) });
  try {
    await migrate(db);
    const tar = await pglite.dumpDataDir('none');
    writeFileSync(file, new Uint8Array(await tar.arrayBuffer()));
  } finally {
    await db.destroy();
  }
  project.provide('pgliteTemplate', file);
  return () => rmSync(dir, { recursive: true, force: true });
}
