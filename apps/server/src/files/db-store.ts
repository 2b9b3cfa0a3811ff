import { Readable } from 'node:stream';
import { type Kysely, sql } from 'kysely';
import type { Db } from '../db/db.ts';
import type { Database } from '../db/schema.ts';
import { checkKey, type FileStore } from './store.ts';

/**
 * `0760_stored_files` (ADR 240): the files of a cluster, in the database every process shares. The
 * content is stored without compression (uploads are JPEG/PNG/WebP, bundles zips: nothing to gain)
 * and out of line, so a slice of a large bundle is read without reading the whole value.
 */
async function up(db: Kysely<Database>): Promise<void> {
  await sql`
    create table stored_files (
      key text primary key,
      content bytea not null,
      size int8 not null,
      created_at int8 not null
    )`.execute(db);
  await sql`alter table stored_files alter column content set storage external`.execute(db);
}
export const STORED_FILES_MIGRATION = { version: '0760_stored_files', up } as const;

type FileTables = {
  stored_files: { key: string; content: Uint8Array; size: string; created_at: string };
};

/** Bundles stream out in slices of this size: one query per MiB, never 50 MB in one answer. */
const SLICE = 1024 * 1024;

/** node-postgres answers a Buffer, PGlite a Uint8Array: both become a Buffer without a copy. */
const asBuffer = (v: Uint8Array): Buffer =>
  Buffer.isBuffer(v) ? v : Buffer.from(v.buffer, v.byteOffset, v.byteLength);

/** Files as rows of `stored_files` (PostgreSQL or PGlite): the adapter of the cluster roles. */
export function dbFileStore(database: Db, now: () => number = Date.now): FileStore {
  const db = database.withTables<FileTables>() as unknown as Kysely<FileTables>;
  const sizeOf = async (key: string) => {
    const row = await db
      .selectFrom('stored_files')
      .select('size')
      .where('key', '=', checkKey(key))
      .executeTakeFirst();
    return row === undefined ? undefined : Number(row.size);
  };
  const slice = async (key: string, from: number, length: number) => {
    const r = await sql<{ part: Uint8Array }>`
      select substring(content from ${from + 1} for ${length}) as part from stored_files where key = ${key}`.execute(
      db,
    );
    const part = r.rows[0]?.part;
    return part === undefined ? undefined : asBuffer(part);
  };
  return {
    kind: 'db',
    diskDir: undefined,
    async put(key, bytes) {
      // A repeated key violates the primary key: the insert throws, as the file system's does.
      await db
        .insertInto('stored_files')
        .values({
          key: checkKey(key),
          content: bytes,
          size: String(bytes.byteLength),
          created_at: String(now()),
        })
        .execute();
    },
    async get(key) {
      const row = await db
        .selectFrom('stored_files')
        .select('content')
        .where('key', '=', checkKey(key))
        .executeTakeFirst();
      return row === undefined ? undefined : asBuffer(row.content);
    },
    async stream(key) {
      const size = await sizeOf(key);
      if (size === undefined) return undefined;
      async function* slices() {
        for (let from = 0; from < size!; from += SLICE) {
          const part = await slice(key, from, Math.min(SLICE, size! - from));
          // Files are never changed, only deleted: one gone mid-way ends the answer with an error.
          if (part === undefined || part.length === 0) throw new Error(`${key} vanished while read`);
          yield part;
        }
      }
      return Readable.from(slices(), { objectMode: false });
    },
    size: sizeOf,
    async exists(key) {
      return (await sizeOf(key)) !== undefined;
    },
    async delete(key) {
      await db.deleteFrom('stored_files').where('key', '=', checkKey(key)).execute();
    },
  };
}
