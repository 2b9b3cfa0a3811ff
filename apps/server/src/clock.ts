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
