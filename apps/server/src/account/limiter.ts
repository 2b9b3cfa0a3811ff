import type { Clock } from '../clock.ts';

/**
 * Counts failures per key inside a fixed window and locks the key once the limit is reached.
 * In memory on purpose (see docs/adr/004-server-rate-limit-storage.md): a restart forgets
 * lockouts, which is acceptable for one node; several nodes need a shared store.
 *
 * Use `attempt` before checking a secret, not `lockedForMs` then `fail` after it: the check of a
 * password takes ~50 ms, and parallel guesses would all pass a lock that is only set afterwards
 * (issue 7 item 6). `attempt` counts the try at once (the process is single-threaded, so the read
 * and the increment cannot interleave); `reset` after a right answer takes it back.
 */
export class FailureLimiter {
  private readonly entries = new Map<string, { count: number; windowStart: number }>();

  constructor(
    private readonly clock: Clock,
    private readonly limit: number,
    private readonly windowMs: number,
  ) {}

  /** Milliseconds until the key may try again, or 0 when it is not locked. */
  lockedForMs(key: string): number {
    const entry = this.entries.get(key);
    if (!entry) return 0;
    const elapsed = this.clock.now() - entry.windowStart;
    if (elapsed >= this.windowMs) {
      this.entries.delete(key);
      return 0;
    }
    return entry.count >= this.limit ? this.windowMs - elapsed : 0;
  }

  /**
   * Claims one try: 0 when it may go ahead (and is already counted as a failure), else the
   * milliseconds until the key may try again (nothing counted).
   */
  attempt(key: string): number {
    const locked = this.lockedForMs(key);
    if (locked > 0) return locked;
    this.fail(key);
    return 0;
  }

  fail(key: string): void {
    const now = this.clock.now();
    const entry = this.entries.get(key);
    if (!entry || now - entry.windowStart >= this.windowMs) {
      this.entries.set(key, { count: 1, windowStart: now });
      return;
    }
    entry.count += 1;
  }

  reset(key: string): void {
    this.entries.delete(key);
  }
}

/**
 * Events per key in a sliding window (code sends per client or device). `take` counts and answers
 * in one synchronous step, so parallel requests cannot all slip under the limit.
 */
export class WindowCounter {
  private readonly entries = new Map<string, number[]>();

  constructor(
    private readonly clock: Clock,
    private readonly limit: number,
    private readonly windowMs: number,
  ) {}

  /** True when the event is within the limit (and counted); false when refused (not counted). */
  take(key: string): boolean {
    const now = this.clock.now();
    const times = (this.entries.get(key) ?? []).filter((t) => now - t < this.windowMs);
    if (times.length >= this.limit) {
      this.entries.set(key, times);
      return false;
    }
    times.push(now);
    this.entries.set(key, times);
    // Bounded memory: a key with nothing in its window is dropped on the next sweep.
    if (this.entries.size > 100_000) this.sweep(now);
    return true;
  }

  private sweep(now: number): void {
    for (const [key, times] of this.entries) {
      if (times.every((t) => now - t >= this.windowMs)) this.entries.delete(key);
    }
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
  private readonly pairs = new Map<string, { count: number; last: number }>();
  private readonly accounts = new Map<string, { count: number; last: number }>();

  constructor(
    private readonly clock: Clock,
    private readonly options: LoginThrottleOptions = DEFAULT_LOGIN_THROTTLE,
  ) {}

  private read(map: Map<string, { count: number; last: number }>, key: string): number {
    const entry = map.get(key);
    if (!entry) return 0;
    if (this.clock.now() - entry.last >= this.options.windowMs) {
      map.delete(key);
      return 0;
    }
    return entry.count;
  }

  /** Delay owed after `n` failures: none after one typo, then 1 s, 2 s, 4 s, ... up to `maxDelayMs`. */
  delayMs(n: number): number {
    if (n <= 1) return 0;
    return Math.min(1000 * 2 ** Math.min(n - 2, 30), this.options.maxDelayMs);
  }

  /**
   * Decides whether a try may check its password, and if so counts it as a failure at once (parallel
   * guesses cannot share one free slot); `succeeded` takes it back. `captchaSolved`: this try carried
   * a captcha the server accepted. `captchaAvailable`: the server can ask for one (CAPTCHA on).
   */
  begin(account: string, client: string, captchaSolved: boolean, captchaAvailable: boolean): LoginGate {
    const pairKey = `${account}\u0000${client}`;
    const pair = this.read(this.pairs, pairKey);
    const total = this.read(this.accounts, account);
    if (!captchaSolved) {
      if (
        captchaAvailable &&
        (pair >= this.options.pairStepUpAfter || total >= this.options.accountStepUpAfter)
      ) {
        return { ok: false, need: 'captcha' };
      }
      const wait = this.delayMs(pair) - (this.clock.now() - (this.pairs.get(pairKey)?.last ?? 0));
      if (wait > 0) return { ok: false, need: 'wait', ms: wait };
    }
    const now = this.clock.now();
    this.pairs.set(pairKey, { count: pair + 1, last: now });
    this.accounts.set(account, { count: total + 1, last: now });
    // Bounded memory under a spray of made-up accounts: forgotten entries go on a sweep.
    if (this.pairs.size > 100_000) this.sweep(now);
    return { ok: true };
  }

  private sweep(now: number): void {
    for (const map of [this.pairs, this.accounts]) {
      for (const [key, entry] of map) if (now - entry.last >= this.options.windowMs) map.delete(key);
    }
  }

  /** The password was right: the pair starts afresh and the account loses the counted try. */
  succeeded(account: string, client: string): void {
    this.pairs.delete(`${account}\u0000${client}`);
    const entry = this.accounts.get(account);
    if (entry) {
      entry.count -= 1;
      if (entry.count <= 0) this.accounts.delete(account);
    }
  }
}
