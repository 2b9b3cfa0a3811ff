import type { Generated, Insertable, Kysely, Selectable } from 'kysely';
import type { Database } from '../db/schema.ts';

export type ReleasePlatform = 'android' | 'ios';

/** Row as the drivers return it: int8 columns arrive as strings (see db/db.ts). */
export interface ReleasesTable {
  id: string;
  seq: Generated<string>;
  platform: ReleasePlatform;
  version: string;
  min_native_version: string;
  rollout_percent: number;
  /** JSON text: `{ lang: notes }` for the seven languages. */
  release_content: string;
  md5: string;
  sha256: string;
  signature: string;
  size_bytes: string;
  created_by: string | null;
  created_at: string;
}

type ReleaseDb = Kysely<Database & { releases: ReleasesTable }>;

function withReleases(db: Kysely<Database>): ReleaseDb {
  return db.withTables<{ releases: ReleasesTable }>();
}

export type ReleaseRow = Selectable<ReleasesTable>;

export async function insertRelease(db: Kysely<Database>, row: Insertable<ReleasesTable>): Promise<void> {
  await withReleases(db).insertInto('releases').values(row).execute();
}

/** Every release of a platform, newest first (publishing enforces increasing versions). */
export async function releasesOf(db: Kysely<Database>, platform: ReleasePlatform): Promise<ReleaseRow[]> {
  return withReleases(db)
    .selectFrom('releases')
    .selectAll()
    .where('platform', '=', platform)
    .orderBy('seq', 'desc')
    .execute();
}

export async function listReleases(
  db: Kysely<Database>,
  opts: { platform?: ReleasePlatform; limit: number; offset: number },
): Promise<{ list: ReleaseRow[]; total: number }> {
  let q = withReleases(db).selectFrom('releases');
  if (opts.platform) q = q.where('platform', '=', opts.platform);
  const [list, count] = await Promise.all([
    q.selectAll().orderBy('seq', 'desc').limit(opts.limit).offset(opts.offset).execute(),
    q.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { list, total: Number(count.n) };
}

export async function releaseById(db: Kysely<Database>, id: string): Promise<ReleaseRow | undefined> {
  return withReleases(db).selectFrom('releases').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function setRollout(
  db: Kysely<Database>,
  id: string,
  rolloutPercent: number,
): Promise<ReleaseRow | undefined> {
  return withReleases(db)
    .updateTable('releases')
    .set({ rollout_percent: rolloutPercent })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
}
