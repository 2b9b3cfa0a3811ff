// Counters of tries (failed logins, wrong passwords) shared by every process on the database
// (ADR 228). They used to live in each process's memory (ADR 004), so with N gateways behind a
// balancer an attacker had N times the guesses at a password, a trade password or a reset code,
// and a restart forgot every lock. A row per (scope, key); a change reads and writes its rows
// under a row lock, so tries on two gateways at once are counted one after the other, exactly as
// the single-threaded in-memory counter did within one process.

import { type Kysely, sql } from 'kysely';
import type { Db } from '../db/db.ts';
import type { Database } from '../db/schema.ts';

/** A key's count: `first` starts its window (fixed windows), `last` is its latest try. */
export interface Counter {
  count: number;
  first: number;
  last: number;
}

/** What `change` writes for a key: a counter, null to delete it, undefined to leave it. */
export type Next = Counter | null | undefined;

interface Row {
  key: string;
  count: string | number;
  first_at: string | number;
  last_at: string | number;
}

/** Tries kept at most this long after their last one (the longest window in use is an hour). */
const KEEP_MS = 24 * 60 * 60_000;
/** One sweep of old rows every this many changes per process (bounded table under a spray). */
const SWEEP_EVERY = 500;

export class AttemptStore {
  private changes = 0;

  constructor(
    private readonly db: Db,
    private readonly scope: string,
  ) {}

  /**
   * Runs `decide` on the counters of `keys` (undefined when none), with their rows locked against
   * every other process until what it returns is written, in one transaction.
   */
  async change<T>(
    keys: readonly string[],
    now: number,
    decide: (current: (Counter | undefined)[]) => { result: T; next: Next[] },
  ): Promise<T> {
    // Locked in one order everywhere, so two processes taking the same two keys cannot deadlock.
    const order = [...new Set(keys)].sort();
    const outcome = await this.db.transaction().execute(async (trx) => {
      // A placeholder row to lock (count 0 reads as none); removed below if nothing is counted.
      for (const key of order) {
        await sql`insert into attempt_counters (scope, key, count, first_at, last_at)
          values (${this.scope}, ${key}, 0, ${String(now)}, ${String(now)})
          on conflict (scope, key) do nothing`.execute(trx);
      }
      const found = await sql<Row>`select key, count, first_at, last_at from attempt_counters
        where scope = ${this.scope} and key in (${sql.join(order)})
        order by key for update`.execute(trx);
      const byKey = new Map<string, Counter>();
      for (const r of found.rows) {
        if (Number(r.count) > 0)
          byKey.set(r.key, { count: Number(r.count), first: Number(r.first_at), last: Number(r.last_at) });
      }
      const { result, next } = decide(keys.map((k) => byKey.get(k)));
      const written = new Map<string, Next>();
      for (let i = 0; i < keys.length; i++) written.set(keys[i]!, next[i]);
      for (const key of order) {
        const n = written.get(key);
        const keep = n === undefined ? byKey.get(key) : n;
        if (keep === null || keep === undefined || keep.count <= 0) {
          await sql`delete from attempt_counters where scope = ${this.scope} and key = ${key}`.execute(trx);
        } else if (n !== undefined) {
          // An upsert, not an update: a row another process deleted while this one waited for
          // its lock (a reset, a window that ran out) is written again, so the try still counts.
          await sql`insert into attempt_counters (scope, key, count, first_at, last_at)
            values (${this.scope}, ${key}, ${keep.count}, ${String(keep.first)}, ${String(keep.last)})
            on conflict (scope, key) do update set count = excluded.count, first_at = excluded.first_at,
            last_at = excluded.last_at`.execute(trx);
        }
      }
      return result;
    });
    this.changes += 1;
    if (this.changes % SWEEP_EVERY === 0) await this.sweep(now);
    return outcome;
  }

  /** Deletes this scope's rows whose last try is older than any window. */
  async sweep(now: number): Promise<void> {
    await sql`delete from attempt_counters where scope = ${this.scope} and last_at < ${String(now - KEEP_MS)}`.execute(
      this.db,
    );
  }
}

/** `0750_attempt_counters` (ADR 228). */
async function up(db: Kysely<Database>): Promise<void> {
  await sql`
    create table attempt_counters (
      scope text not null,
      key text not null,
      count int4 not null,
      first_at int8 not null,
      last_at int8 not null,
      primary key (scope, key)
    )`.execute(db);
}

export const ATTEMPT_COUNTERS_MIGRATION = { version: '0750_attempt_counters', up } as const;
