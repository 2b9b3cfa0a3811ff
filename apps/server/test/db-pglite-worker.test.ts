// PGlite in a worker thread (ADR 171) keeps the in-thread dialect's semantics: one connection, a
// transaction owns it from BEGIN to COMMIT/ROLLBACK, int8/NUMERIC as strings, PostgreSQL error
// fields, bytea and dates by structured clone; a dead worker rejects instead of hanging.
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Worker } from 'node:worker_threads';
import { messages } from '@electric-sql/pglite';
import { Kysely, sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type DbHandle, openPGlite, pgliteInWorker } from '../src/db/db.ts';
import { PGliteDialect } from '../src/db/pglite-dialect.ts';
import { PGliteThread } from '../src/db/pglite-thread.ts';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
// biome-ignore lint/suspicious/noExplicitAny: raw SQL tables outside the app schema
type AnyDb = Kysely<any>;

describe.each([
  ['in-thread', false],
  ['worker thread', true],
])('PGlite %s through the Kysely dialect', (_name, worker) => {
  let handle: DbHandle;
  let db: AnyDb;
  // One PGlite per mode (its start is the slow part); every test starts from empty tables.
  beforeAll(async () => {
    handle = await openPGlite(undefined, { worker });
    db = handle.db as unknown as AnyDb;
    await sql`create table log (id serial primary key, who text not null)`.execute(db);
    await sql`create table t (id int primary key, email text unique, amount numeric(36,18), big int8, blob bytea, at timestamptz, doc jsonb)`.execute(
      db,
    );
  });
  beforeEach(async () => {
    await sql`truncate log, t restart identity`.execute(db);
  });
  afterAll(async () => {
    await handle.close();
  });

  it('runs transactions concurrently with plain queries without interleaving them', async () => {
    const work: Promise<unknown>[] = [];
    for (let i = 0; i < 6; i++) {
      work.push(
        db.transaction().execute(async (trx) => {
          await trx
            .insertInto('log')
            .values({ who: `trx${i}-begin` })
            .execute();
          await sleep(3);
          const mid = await trx
            .selectFrom('log')
            .select('who')
            .orderBy('id', 'desc')
            .limit(1)
            .executeTakeFirst();
          await trx
            .insertInto('log')
            .values({ who: `trx${i}-end` })
            .execute();
          return mid?.who;
        }),
      );
      work.push(
        db
          .insertInto('log')
          .values({ who: `plain${i}` })
          .execute(),
      );
      work.push(db.selectFrom('log').select(sql<string>`count(*)`.as('n')).execute());
    }
    const results = await Promise.all(work);
    // Inside each transaction the last row it saw was its own BEGIN row: nothing slipped in between.
    for (let i = 0; i < 6; i++) expect(results[i * 3]).toBe(`trx${i}-begin`);
    const rows = (await db.selectFrom('log').select('who').orderBy('id').execute()).map(
      (r) => r.who as string,
    );
    expect(rows).toHaveLength(18);
    for (let i = 0; i < 6; i++) {
      const at = rows.indexOf(`trx${i}-begin`);
      expect(rows[at + 1]).toBe(`trx${i}-end`);
    }
  });

  it('rolls a failed transaction back and frees the connection', async () => {
    await expect(
      db.transaction().execute(async (trx) => {
        await trx.insertInto('log').values({ who: 'lost' }).execute();
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    const rows = await db.selectFrom('log').selectAll().execute();
    expect(rows).toEqual([]);
  });

  it('keeps the PostgreSQL error fields of a unique violation (23505)', async () => {
    await db.insertInto('t').values({ id: 1, email: 'a@example.com' }).execute();
    const error = (await db
      .insertInto('t')
      .values({ id: 2, email: 'a@example.com' })
      .execute()
      .catch((e: unknown) => e)) as Record<string, unknown> & Error;
    expect(error).toBeInstanceOf(messages.DatabaseError);
    expect(error.code).toBe('23505');
    expect(error.message).toBe('duplicate key value violates unique constraint "t_email_key"');
    expect(error.constraint).toBe('t_email_key');
    expect(error.table).toBe('t');
    expect(error.detail).toBe('Key (email)=(a@example.com) already exists.');
    expect(error.severity).toBe('ERROR');
    // The failed statement inside a transaction aborts it; the connection is usable afterwards.
    await expect(
      db.transaction().execute(async (trx) => {
        await trx.insertInto('t').values({ id: 3, email: 'a@example.com' }).execute();
      }),
    ).rejects.toMatchObject({ code: '23505' });
    expect(await db.selectFrom('t').select('id').execute()).toEqual([{ id: 1 }]);
  });

  it('returns int8 and NUMERIC as strings, bytea as bytes, timestamptz as Date, jsonb as objects', async () => {
    const at = new Date('2026-11-25T12:00:00.123Z');
    await db
      .insertInto('t')
      .values([
        {
          id: 1,
          amount: '123456789012345678.123456789012345678',
          big: '9223372036854775807',
          blob: Buffer.from([0, 1, 2, 255]),
          at,
          doc: JSON.stringify({ a: [1, 'x'] }),
        },
        { id: 2, amount: '0.000000000000000001', big: '-1', blob: new Uint8Array([7, 0, 7]), at, doc: null },
      ])
      .execute();
    const rows = await db.selectFrom('t').selectAll().orderBy('id').execute();
    expect(rows[0]!.amount).toBe('123456789012345678.123456789012345678');
    expect(rows[0]!.big).toBe('9223372036854775807');
    expect(rows[1]!.amount).toBe('0.000000000000000001');
    expect(rows[1]!.big).toBe('-1');
    expect(rows[0]!.blob).toBeInstanceOf(Uint8Array);
    expect([...rows[0]!.blob]).toEqual([0, 1, 2, 255]);
    expect([...rows[1]!.blob]).toEqual([7, 0, 7]);
    expect(rows[0]!.at).toBeInstanceOf(Date);
    expect(rows[0]!.at.getTime()).toBe(at.getTime());
    expect(rows[0]!.doc).toEqual({ a: [1, 'x'] });
    const count = await sql<{ n: string; s: string }>`select count(*) as n, sum(amount) as s from t`.execute(
      db,
    );
    expect(count.rows[0]).toEqual({ n: '2', s: '123456789012345678.123456789012345679' });
  });

  it('reports affected rows for INSERT, UPDATE and DELETE', async () => {
    const inserted = await db
      .insertInto('log')
      .values([{ who: 'a' }, { who: 'b' }, { who: 'c' }])
      .executeTakeFirst();
    expect(inserted.numInsertedOrUpdatedRows).toBe(3n);
    const updated = await db.updateTable('log').set({ who: 'z' }).where('who', '!=', 'a').executeTakeFirst();
    expect(updated.numUpdatedRows).toBe(2n);
    const deleted = await db.deleteFrom('log').executeTakeFirst();
    expect(deleted.numDeletedRows).toBe(3n);
  });
});

describe('PGlite worker thread lifecycle', () => {
  const dirs: string[] = [];
  afterAll(() => {
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  });

  const workerOf = (thread: PGliteThread) => (thread as unknown as { worker: Worker }).worker;

  it('a worker that dies rejects the pending query and every later one; destroy still returns', async () => {
    const thread = await PGliteThread.start(undefined);
    const db = new Kysely<unknown>({ dialect: new PGliteDialect(thread) });
    const slow = sql`select pg_sleep(5)`.execute(db);
    await sleep(100);
    await workerOf(thread).terminate();
    await expect(slow).rejects.toThrow(/PGlite worker exited/);
    await expect(sql`select 1`.execute(db)).rejects.toThrow(/PGlite worker exited/);
    await expect(
      db.transaction().execute(async (trx) => {
        await sql`select 1`.execute(trx);
      }),
    ).rejects.toThrow(/PGlite worker exited/);
    await db.destroy();
  });

  it('destroy closes PGlite in the worker and ends the thread', async () => {
    const thread = await PGliteThread.start(undefined);
    const db = new Kysely<unknown>({ dialect: new PGliteDialect(thread) });
    expect((await sql<{ n: number }>`select 1 as n`.execute(db)).rows).toEqual([{ n: 1 }]);
    const exited = new Promise<number>((r) => workerOf(thread).once('exit', r));
    await db.destroy();
    await exited;
    expect(thread.closed).toBe(true);
    await expect(thread.query('select 1')).rejects.toThrow(/closed/);
  });

  it('locks a data folder while open; the data survives a close; a stale lock is taken over', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ex-pglite-worker-'));
    dirs.push(dir);
    const folder = join(dir, 'pglite');
    expect(pgliteInWorker(folder, undefined)).toBe(true);
    expect(pgliteInWorker(folder, '0')).toBe(false);
    expect(pgliteInWorker(undefined, undefined)).toBe(false);
    expect(pgliteInWorker(undefined, '1')).toBe(true);

    const first = await openPGlite(folder, { worker: true });
    await sql`create table kept (v text)`.execute(first.db);
    await sql`insert into kept values ('still here')`.execute(first.db);
    expect(readFileSync(`${folder}.lock`, 'utf8')).toBe(`${process.pid}\n`);
    // A second PGlite on the same folder (worker or in-thread) is refused while the first owns it.
    await expect(openPGlite(folder, { worker: true })).rejects.toThrow(/already open in this process/);
    await expect(openPGlite(folder, { worker: false })).rejects.toThrow(/already open in this process/);
    await first.close();
    expect(existsSync(`${folder}.lock`)).toBe(false);
    await expect(sql`select 1`.execute(first.db)).rejects.toThrow();

    writeFileSync(`${folder}.lock`, '999999999\n'); // a process that is gone
    const second = await openPGlite(folder, { worker: true });
    try {
      const kept = await sql<{ v: string }>`select v from kept`.execute(second.db);
      expect(kept.rows).toEqual([{ v: 'still here' }]);
    } finally {
      await second.close();
    }
  });

  it('a live process owning the lock refuses the open', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ex-pglite-worker-'));
    dirs.push(dir);
    const folder = join(dir, 'pglite');
    writeFileSync(`${folder}.lock`, `${process.ppid}\n`);
    await expect(openPGlite(folder)).rejects.toThrow(`in use by process ${process.ppid}`);
    expect(readFileSync(`${folder}.lock`, 'utf8')).toBe(`${process.ppid}\n`);
  });

  it('a folder PGlite cannot open rejects the start', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ex-pglite-worker-'));
    dirs.push(dir);
    const notAFolder = join(dir, 'file');
    writeFileSync(notAFolder, 'x');
    await expect(PGliteThread.start(join(notAFolder, 'pglite'))).rejects.toThrow();
  });
});
