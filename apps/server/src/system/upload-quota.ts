// Per-user upload quota and the free-space guard (ADR 123). Without them one account can fill the
// data folder's disk, and a full disk stops the database and the journal with it: the whole exchange.

import { statfs } from 'node:fs/promises';
import { dirname } from 'node:path';
import { type Kysely, sql } from 'kysely';
import type { Db } from '../db/db.ts';
import type { Database } from '../db/schema.ts';
import { AppError } from '../http/errors.ts';

export interface UploadLimits {
  maxFilesPerUser: number;
  maxBytesPerUser: number;
  /** Uploads stop while the data folder's disk has less than this free (after the upload). */
  minFreeBytes: number;
}

/**
 * `0510_upload_quota`: the size of every recorded upload, so a user's total is one SUM. Rows from
 * before count 0 bytes (their files still count against the file quota).
 */
async function up(db: Kysely<Database>): Promise<void> {
  await sql`alter table user_uploads add column bytes int8 not null default 0`.execute(db);
}
export const UPLOAD_QUOTA_MIGRATION = { version: '0510_upload_quota', up } as const;

type UploadTables = {
  user_uploads: { path: string; user_id: string; bytes: string; created_at: string };
  users: { id: string };
};

/** Free bytes for an unprivileged writer on the disk holding `dir` (its nearest existing ancestor). */
export async function freeBytes(dir: string): Promise<bigint> {
  let at = dir;
  for (;;) {
    try {
      const s = await statfs(at, { bigint: true });
      return s.bavail * s.bsize;
    } catch (error) {
      const parent = dirname(at);
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT' || parent === at) throw error;
      at = parent;
    }
  }
}

const MB = 1024 * 1024;

export class UploadQuota {
  private readonly db: Kysely<UploadTables>;

  constructor(
    db: Db,
    /**
     * The folder on whose disk uploads land (the file store's `diskDir`); undefined when they go
     * to the database (ADR 240): then only the per-user quota applies, the database's own disk is
     * the operator's to watch.
     */
    private readonly diskDir: string | undefined,
    private readonly limits: UploadLimits,
    private readonly now: () => number,
    /** Tests replace the disk probe; production asks the kernel (statfs). */
    private readonly probe: (dir: string) => Promise<bigint> = freeBytes,
  ) {
    this.db = db.withTables<UploadTables>() as unknown as Kysely<UploadTables>;
  }

  /** Refuses when writing `size` more bytes would leave less than the configured free space. */
  async checkDisk(size: number): Promise<void> {
    if (this.diskDir === undefined) return;
    const free = await this.probe(this.diskDir);
    if (free - BigInt(size) < BigInt(this.limits.minFreeBytes)) throw new AppError('UPLOAD_DISK_FULL');
  }

  /**
   * Records `path` for the user if the file fits the quota, before anything is written: count and
   * sum are read under a lock on the user's row, so parallel uploads of one user are checked one
   * after the other and cannot overshoot together (on every node, since the lock is in the database).
   */
  async reserve(userId: string, path: string, size: number): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx.selectFrom('users').select('id').where('id', '=', userId).forUpdate().executeTakeFirst();
      const used = await trx
        .selectFrom('user_uploads')
        .select((eb) => [
          eb.fn.countAll<string>().as('files'),
          eb.fn.coalesce(eb.fn.sum<string>('bytes'), sql<string>`0`).as('bytes'),
        ])
        .where('user_id', '=', userId)
        .executeTakeFirstOrThrow();
      if (Number(used.files) + 1 > this.limits.maxFilesPerUser) {
        throw new AppError('UPLOAD_QUOTA_FILES', { max: this.limits.maxFilesPerUser });
      }
      if (BigInt(used.bytes) + BigInt(size) > BigInt(this.limits.maxBytesPerUser)) {
        throw new AppError('UPLOAD_QUOTA_BYTES', { max: Math.floor(this.limits.maxBytesPerUser / MB) });
      }
      await trx
        .insertInto('user_uploads')
        .values({ path, user_id: userId, bytes: String(size), created_at: String(this.now()) })
        .execute();
    });
  }

  /** Gives the reservation back when the file could not be written. */
  async release(path: string): Promise<void> {
    await this.db.deleteFrom('user_uploads').where('path', '=', path).execute();
  }
}
