import { PGlite } from '@electric-sql/pglite';

export const INT8 = 20;
export const NUMERIC = 1700;
export const identity = (value: string) => value;

/**
 * One PGlite in `dataDir` (or in memory). int8 and NUMERIC come back as strings, exactly as
 * node-postgres returns them, so query code never sees a lossy JS number. Used in-thread and by the
 * worker thread (pglite-worker.ts), so both give the same values.
 */
export function createPGlite(dataDir: string | undefined): Promise<PGlite> {
  return PGlite.create(dataDir ?? 'memory://', {
    parsers: { [INT8]: identity, [NUMERIC]: identity },
  });
}
