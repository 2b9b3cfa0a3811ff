import type { Clock } from '../clock.ts';
import type { Db } from '../db/db.ts';
import { AttemptStore, type Counter, type Next } from './attempts.ts';

/**
 * Counts failures per key inside a fixed window and locks the key once the limit is reached. The
 * counts are rows shared by every process (account/attempts.ts, ADR 228): N gateways do not give
 * an attacker N times the tries, and a restart forgets nothing.
 *
 * Use `attempt` before checking a secret, not `lockedForMs` then `fail` after it: the check of a
 * password takes ~50 ms, and parallel guesses would all pass a lock that is only set afterwards
 * (issue 7 item 6). `attempt` reads and counts the try under the key's row lock, so parallel tries
 * (on any process) are counted one after another; `reset` after a right answer takes it back.
 */
export class FailureLimiter {
  private readonly store: AttemptStore;

  constructor(
    db: Db,
    private readonly clock: Clock,
    scope: string,
    private readonly limit: number,
    private readonly windowMs: number,
  ) {
    this.store = new AttemptStore(db, scope);
  }

  /** Milliseconds the counter locks for at `now`, or 0 (and whether its window is over). */
  private lockOf(c: Counter | undefined, now: number): { ms: number; expired: boolean } {
    if (c === undefined) return { ms: 0, expired: true };
    const elapsed = now - c.first;
    if (elapsed >= this.windowMs) return { ms: 0, expired: true };
    return { ms: c.count >= this.limit ? this.windowMs - elapsed : 0, expired: false };
  }

  /** Milliseconds until the key may try again, or 0 when it is not locked. */
  async lockedForMs(key: string): Promise<number> {
    const now = this.clock.now();
    return this.store.change([key], now, ([c]) => {
      const lock = this.lockOf(c, now);
      return { result: lock.ms, next: [lock.expired ? null : undefined] };
    });
  }

  /**
   * Claims one try: 0 when it may go ahead (and is already counted as a failure), else the
   * milliseconds until the key may try again (nothing counted).
   */
  async attempt(key: string): Promise<number> {
    const now = this.clock.now();
    return this.store.change([key], now, ([c]) => {
      const lock = this.lockOf(c, now);
      if (lock.ms > 0) return { result: lock.ms, next: [undefined] };
      return { result: 0, next: [this.counted(c, lock.expired, now)] };
    });
  }

  async fail(key: string): Promise<void> {
    const now = this.clock.now();
    await this.store.change([key], now, ([c]) => ({
      result: undefined,
      next: [this.counted(c, this.lockOf(c, now).expired, now)],
    }));
  }

  private counted(c: Counter | undefined, expired: boolean, now: number): Counter {
    return expired || c === undefined
      ? { count: 1, first: now, last: now }
      : { ...c, count: c.count + 1, last: now };
  }

  async reset(key: string): Promise<void> {
    await this.store.change([key], this.clock.now(), () => ({ result: undefined, next: [null] }));
  }
}

/**
 * Events per key in a fixed window (code sends per client or device), counted in the shared table
 * (ADR 228) so every gateway spends one budget. `take` reads and counts under the key's row lock,
 * so parallel requests, on any process, cannot all slip under the limit.
 */
export class WindowCounter {
  private readonly store: AttemptStore;

  constructor(
    db: Db,
    private readonly clock: Clock,
    scope: string,
    private readonly limit: number,
    private readonly windowMs: number,
  ) {
    this.store = new AttemptStore(db, scope);
  }

  /** True when the event is within the limit (and counted); false when refused (not counted). */
  async take(key: string): Promise<boolean> {
    const now = this.clock.now();
    return this.store.change([key], now, ([c]) => {
      if (c === undefined || now - c.first >= this.windowMs)
        return { result: true, next: [{ count: 1, first: now, last: now }] };
      if (c.count >= this.limit) return { result: false, next: [undefined] };
      return { result: true, next: [{ ...c, count: c.count + 1, last: now }] };
    });
  }
}

export interface LoginThrottleOptions {
  /** Failures of one (account, client) pair after which that pair must solve a captcha. */
  pairStepUpAfter: number;
  /** Failures of one account from all clients after which every client must solve a captcha. */
  accountStepUpAfter: number;
  /** Longest wait between tries of one pair that has not solved a captcha. */
  maxDelayMs: number;
  /** Failures are forgotten this long after the last one. */
  windowMs: number;
}

export const DEFAULT_LOGIN_THROTTLE: LoginThrottleOptions = {
  pairStepUpAfter: 3,
  accountStepUpAfter: 10,
  maxDelayMs: 15 * 60_000,
  windowMs: 15 * 60_000,
};

/** What a login try must do before its password is checked. */
export type LoginGate =
  | { ok: true }
  | { ok: false; need: 'captcha' }
  | { ok: false; need: 'wait'; ms: number };

/**
 * Failed logins without a lock that an attacker can aim at someone else (issue 7 item 7, ADR 101).
 * Failures are counted per (account, client) and per account. A pair that keeps failing waits
 * 1 s, 2 s, 4 s ... between tries (from the second failure) and, from `pairStepUpAfter` failures on, must solve a captcha; an
 * account failing from many clients asks every client for a captcha. A try with a solved captcha
 * never waits: the right password from a client that proves itself always gets in.
 */
export class LoginThrottle {
  private readonly store: AttemptStore;

  constructor(
    db: Db,
    private readonly clock: Clock,
    /** Separates the consoles' counters: an operator and a user may share an e-mail address. */
    scope: string,
    private readonly options: LoginThrottleOptions = DEFAULT_LOGIN_THROTTLE,
  ) {
    this.store = new AttemptStore(db, scope);
  }

  /** Failures still remembered at `now` (forgotten `windowMs` after the last one). */
  private live(c: Counter | undefined, now: number): Counter | undefined {
    return c !== undefined && now - c.last < this.options.windowMs ? c : undefined;
  }

  /** Delay owed after `n` failures: none after one typo, then 1 s, 2 s, 4 s, ... up to `maxDelayMs`. */
  delayMs(n: number): number {
    if (n <= 1) return 0;
    return Math.min(1000 * 2 ** Math.min(n - 2, 30), this.options.maxDelayMs);
  }

  /**
   * Decides whether a try may check its password, and if so counts it as a failure at once (parallel
   * guesses cannot share one free slot, on any process: the pair's and the account's rows are
   * locked while it decides); `succeeded` takes it back. `captchaSolved`: this try carried a
   * captcha the server accepted. `captchaAvailable`: the server can ask for one (CAPTCHA on).
   */
  async begin(
    account: string,
    client: string,
    captchaSolved: boolean,
    captchaAvailable: boolean,
  ): Promise<LoginGate> {
    const now = this.clock.now();
    return this.store.change<LoginGate>([pairKeyOf(account, client), accountKeyOf(account)], now, (found) => {
      const [pairRow, accountRow] = [this.live(found[0], now), this.live(found[1], now)];
      const pair = pairRow?.count ?? 0;
      const total = accountRow?.count ?? 0;
      // Forgotten counters are deleted whatever the answer.
      const unchanged: Next[] = [
        pairRow === undefined ? null : undefined,
        accountRow === undefined ? null : undefined,
      ];
      if (!captchaSolved) {
        if (
          captchaAvailable &&
          (pair >= this.options.pairStepUpAfter || total >= this.options.accountStepUpAfter)
        ) {
          return { result: { ok: false, need: 'captcha' }, next: unchanged };
        }
        const wait = this.delayMs(pair) - (now - (pairRow?.last ?? 0));
        if (wait > 0) return { result: { ok: false, need: 'wait', ms: wait }, next: unchanged };
      }
      return {
        result: { ok: true },
        next: [
          { count: pair + 1, first: pairRow?.first ?? now, last: now },
          { count: total + 1, first: accountRow?.first ?? now, last: now },
        ],
      };
    });
  }

  /** The password was right: the pair starts afresh and the account loses the counted try. */
  async succeeded(account: string, client: string): Promise<void> {
    const now = this.clock.now();
    await this.store.change([pairKeyOf(account, client), accountKeyOf(account)], now, ([, a]) => ({
      result: undefined,
      next: [null, a === undefined || a.count <= 1 ? null : { ...a, count: a.count - 1 }],
    }));
  }
}

const pairKeyOf = (account: string, client: string) => `pair\u001f${account}\u001f${client}`;
const accountKeyOf = (account: string) => `account\u001f${account}`;
