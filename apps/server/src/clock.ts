/** Time comes in through this port so tests can move it (code expiry, token expiry, lockouts). */
export interface Clock {
  now(): number;
}

export const systemClock: Clock = { now: () => Date.now() };

/** A clock tests can advance by hand. */
export class ManualClock implements Clock {
  constructor(private ms: number = Date.UTC(2030, 0, 1)) {}
  now(): number {
    return this.ms;
  }
  advance(ms: number): void {
    this.ms += ms;
  }
}

/**
 * The clock of a start that seeds the demo (ADR 269): the base clock, except while the seed holds
 * it at a moment of its past (seed/timeline.ts). The engine host reads the same clock, so the
 * commands of a seeded operation, and the ledger entries they write, carry the time of its record.
 */
export class SeedClock implements Clock {
  private held: number | null = null;
  constructor(private readonly base: Clock) {}
  now(): number {
    return this.held ?? this.base.now();
  }
  /** Runs `fn` with the clock reading `ms`; the base clock again afterwards. */
  async at<T>(ms: number, fn: () => Promise<T>): Promise<T> {
    const before = this.held;
    this.held = ms;
    try {
      return await fn();
    } finally {
      this.held = before;
    }
  }
}

/** Runs `fn` at `ms` when `clock` is a start's SeedClock; at once on any other clock (tests). */
export function atTime<T>(clock: Clock, ms: number, fn: () => Promise<T>): Promise<T> {
  return clock instanceof SeedClock ? clock.at(ms, fn) : fn();
}
