import type { Clock } from '../clock.ts';

/**
 * Counts failures per key inside a fixed window and locks the key once the limit is reached.
 * In memory on purpose (see docs/adr/004-server-rate-limit-storage.md): a restart forgets
 * lockouts, which is acceptable for one node; several nodes need a shared store.
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
