// Tries counted in the database, shared by every process (ADR 228): two limiters on one database
// stand for two gateways. A brute force split across them is locked after the same number of tries
// as on one, parallel tries cannot share the last free one, and the login throttle's delays and
// captcha step-up hold across processes.

import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FailureLimiter, LoginThrottle, WindowCounter } from '../src/account/limiter.ts';
import { ManualClock } from '../src/clock.ts';
import type { Db } from '../src/db/db.ts';
import { BACKENDS, freshDatabase } from './helpers/testApp.ts';

describe.each(BACKENDS)('attempt counters on %s', (backend) => {
  let db: Db;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    const fresh = await freshDatabase(backend);
    db = fresh.handle.db;
    drop = fresh.drop;
  });
  afterAll(async () => {
    await drop();
  });

  it('locks after the limit inside the window and forgets after it', async () => {
    const clock = new ManualClock(0);
    const limiter = new FailureLimiter(db, clock, 'test-window', 3, 1000);
    for (let i = 0; i < 3; i += 1) {
      expect(await limiter.lockedForMs('k')).toBe(0);
      await limiter.fail('k');
    }
    expect(await limiter.lockedForMs('k')).toBe(1000);
    expect(await limiter.lockedForMs('other')).toBe(0);
    clock.advance(400);
    expect(await limiter.attempt('k')).toBe(600);
    clock.advance(600);
    expect(await limiter.lockedForMs('k')).toBe(0);
    expect(await limiter.attempt('k')).toBe(0);
    await limiter.reset('k');
    expect(await limiter.lockedForMs('k')).toBe(0);
  });

  it('two gateways share one count: a guess split across them is locked after the limit', async () => {
    const clock = new ManualClock(10_000);
    const a = new FailureLimiter(db, clock, 'trade-password-test', 5, 60_000);
    const b = new FailureLimiter(db, clock, 'trade-password-test', 5, 60_000);
    const answers: number[] = [];
    for (let i = 0; i < 10; i += 1) answers.push(await (i % 2 === 0 ? a : b).attempt('user-7'));
    expect(answers.slice(0, 5)).toEqual([0, 0, 0, 0, 0]);
    expect(answers.slice(5).every((ms) => ms === 60_000)).toBe(true);
    // A scope is its own: the same key elsewhere is untouched.
    expect(await new FailureLimiter(db, clock, 'other-scope', 5, 60_000).attempt('user-7')).toBe(0);
  });

  it('parallel tries on two gateways cannot share the last free try', async () => {
    const clock = new ManualClock(20_000);
    const gateways = [0, 1].map(() => new FailureLimiter(db, clock, 'parallel-test', 3, 60_000));
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) => gateways[i % 2]!.attempt('victim')),
    );
    expect(answers.filter((ms) => ms === 0)).toHaveLength(3);
  });

  it('the login throttle asks for a captcha after failures made through the other gateway', async () => {
    const clock = new ManualClock(100_000);
    const a = new LoginThrottle(db, clock, 'login-test');
    const b = new LoginThrottle(db, clock, 'login-test');
    // Three failures of one pair, alternating gateways, each after its delay.
    expect(await a.begin('alice', 'ip1', false, true)).toEqual({ ok: true });
    expect(await b.begin('alice', 'ip1', false, true)).toEqual({ ok: true });
    // The second failure owes a 1 s wait, on either gateway.
    expect(await a.begin('alice', 'ip1', false, true)).toEqual({ ok: false, need: 'wait', ms: 1000 });
    clock.advance(1000);
    expect(await a.begin('alice', 'ip1', false, true)).toEqual({ ok: true });
    // Three failures: the pair must solve a captcha, on the other gateway too; a solved one goes on.
    expect(await b.begin('alice', 'ip1', false, true)).toEqual({ ok: false, need: 'captcha' });
    expect(await b.begin('alice', 'ip1', true, true)).toEqual({ ok: true });
    // The right password: the pair starts afresh everywhere.
    await a.succeeded('alice', 'ip1');
    expect(await b.begin('alice', 'ip1', false, true)).toEqual({ ok: true });
    // Operators and users are counted apart even for one address.
    expect(await new LoginThrottle(db, clock, 'admin-login-test').begin('alice', 'ip1', false, true)).toEqual(
      {
        ok: true,
      },
    );
    // Forgotten after the window.
    clock.advance(15 * 60_000);
    expect(await a.begin('alice', 'ip1', false, true)).toEqual({ ok: true });
  });

  it('a code-send budget per client is one budget across gateways, renewed after its window', async () => {
    const clock = new ManualClock(40_000);
    const [a, b] = [0, 1].map(() => new WindowCounter(db, clock, 'code-sends-test', 4, 3_600_000));
    const taken = await Promise.all(Array.from({ length: 8 }, (_, i) => [a, b][i % 2]!.take('203.0.113.9')));
    expect(taken.filter(Boolean)).toHaveLength(4);
    expect(await a!.take('198.51.100.1')).toBe(true);
    clock.advance(3_600_000);
    expect(await b!.take('203.0.113.9')).toBe(true);
  });

  // PostgreSQL only: on PGlite one connection serialises everything, so no two changes overlap.
  it.runIf(backend === 'postgres')(
    'a try waiting on a row that another process deletes (a reset) is still counted',
    async () => {
      const clock = new ManualClock(30_000);
      const limiter = new FailureLimiter(db, clock, 'race-test', 3, 60_000);
      await limiter.fail('k');
      let waiting: Promise<number> | undefined;
      await db.transaction().execute(async (trx) => {
        await sql`select 1 from attempt_counters where scope = 'race-test' and key = 'k' for update`.execute(
          trx,
        );
        waiting = limiter.attempt('k'); // blocks on the row lock held here
        await new Promise((r) => setTimeout(r, 200));
        await sql`delete from attempt_counters where scope = 'race-test' and key = 'k'`.execute(trx);
      });
      expect(await waiting).toBe(0);
      const row = await sql<{ count: number }>`select count from attempt_counters
        where scope = 'race-test' and key = 'k'`.execute(db);
      expect(row.rows.map((r) => Number(r.count))).toEqual([1]);
    },
  );
});
