// The group commit's statement runs as a named statement on PostgreSQL (parsed once per connection,
// issue 9): the text insertBatch writes is registered, node-postgres sends it with its name, and it
// gives the same rows as the unnamed statement did. PostgreSQL only (PGlite parses in-process).
import { CompiledQuery, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '../src/db/db.ts';
import { runOften } from '../src/db/db.ts';
import { insertBatch } from '../src/engine/commit.ts';
import { RowBatch } from '../src/engine/projector.ts';
import { freshDatabase } from './helpers/testApp.ts';

describe.skipIf(!process.env.DATABASE_URL)('named statements on PostgreSQL', () => {
  let handle: DbHandle;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    ({ handle, drop } = await freshDatabase('postgres'));
  });
  afterAll(async () => {
    await drop();
  });

  const commandsBatch = (from: number, n: number) => {
    const rows = new RowBatch();
    for (let i = 0; i < n; i++) {
      const seq = String(from + i);
      rows.commands.push({ seq, type: 'noop', body: `{"type":"noop","n":${seq}}`, ts: '1700000000000' });
    }
    return rows;
  };

  /** The prepared statements of the connection the pool hands out next (sequential use: the same one). */
  const prepared = async () =>
    (
      await sql<{
        name: string;
        statement: string;
      }>`select name, statement from pg_prepared_statements`.execute(handle.db)
    ).rows;

  it('sends the batch INSERT by name and parses it once per connection, rows exactly as given', async () => {
    const first = insertBatch(commandsBatch(1, 3))!;
    await first.execute(handle.db);
    // Same tables and columns, other rows: the same text, so the same name.
    const second = insertBatch(commandsBatch(4, 2))!;
    expect(second.sql).toBe(first.sql);
    await second.execute(handle.db);
    const named = (await prepared()).filter((p) => p.statement === first.sql);
    expect(named).toHaveLength(1);
    expect(named[0]!.name).toMatch(/^often_\d+$/);
    const { rows } = await sql<{
      seq: string;
      type: string;
      body: string;
    }>`select seq, type, body from engine_commands order by seq`.execute(handle.db);
    expect(rows.map((r) => [String(r.seq), r.type, r.body])).toEqual(
      [1, 2, 3, 4, 5].map((n) => [String(n), 'noop', `{"type":"noop","n":${n}}`]),
    );
  });

  it('leaves every other statement unnamed', async () => {
    await handle.db.executeQuery(CompiledQuery.raw('select 1 as one', []));
    expect((await prepared()).some((p) => p.statement === 'select 1 as one')).toBe(false);
  });

  it('a registered text that fails runs like any failing statement and the connection stays usable', async () => {
    const text = 'select 1 / $1::int as x';
    runOften(text);
    await expect(handle.db.executeQuery(CompiledQuery.raw(text, ['0']))).rejects.toThrow(/division by zero/);
    const ok = await handle.db.executeQuery<{ x: number }>(CompiledQuery.raw(text, ['1']));
    expect(ok.rows[0]!.x).toBe(1);
  });
});
