// Sessions without a database round trip per request (issue 9, ADR 172). A gateway keeps what it
// learnt about a user token (its user, its expiry, that the user is not banned) for at most one
// second of real time, and forgets it at once when a revocation or a ban is announced on the
// cluster bus (logout, password change, ban, "log out all others"). So a revoked token is refused
// on every gateway within one second even if an announcement is lost, and at once normally.
// Operator tokens are never cached: they slide on every use (ADR 126).

export interface CachedSession {
  tokenId: string;
  subjectId: string;
  /** Business-clock expiry of the token: a hit after it is a miss. */
  expiresAt: number;
}

/** What the cluster announces (engine/transport.ts carries it between processes). */
export type AuthEvent = { type: 'token'; tokenId: string } | { type: 'subject'; subjectId: string };

interface Entry extends CachedSession {
  until: number;
}

export class AuthCache {
  private readonly entries = new Map<string, Entry>();
  /**
   * The sha-256 of each bearer token string seen, so a request does not hash its token again (1.8 %
   * of the order path's main thread, docs/benchmarks.md issue 9). A hash never goes stale: only the
   * size is bounded (the oldest seen is dropped first). Sessions themselves still expire above.
   */
  private readonly hashes = new Map<string, string>();
  /**
   * Bumped by every revocation or ban seen: a lookup that was in flight across one must not put
   * what it read (possibly before the revocation committed) into the cache.
   */
  private generationCount = 0;

  constructor(
    private readonly ttlMs = 1000,
    private readonly max = 100_000,
    private readonly realNow: () => number = () => performance.now(),
    private readonly maxHashes = 50_000,
  ) {}

  /** The token's hash, computed by `hash` the first time this token string is seen. */
  hashOf(token: string, hash: (token: string) => string): string {
    const known = this.hashes.get(token);
    if (known !== undefined) return known;
    const h = hash(token);
    if (this.hashes.size >= this.maxHashes) this.hashes.delete(this.hashes.keys().next().value!);
    this.hashes.set(token, h);
    return h;
  }

  get(tokenHash: string, businessNow: number): CachedSession | undefined {
    const e = this.entries.get(tokenHash);
    if (e === undefined) return undefined;
    if (e.until <= this.realNow() || e.expiresAt <= businessNow) {
      this.entries.delete(tokenHash);
      return undefined;
    }
    return e;
  }

  set(tokenHash: string, session: CachedSession): void {
    if (this.entries.size >= this.max) this.entries.clear();
    this.entries.set(tokenHash, { ...session, until: this.realNow() + this.ttlMs });
  }

  /** Changes whenever `forget` runs (see `generationCount`). */
  get generation(): number {
    return this.generationCount;
  }

  forget(event: AuthEvent): void {
    this.generationCount += 1;
    for (const [hash, e] of this.entries) {
      if (event.type === 'token' ? e.tokenId === event.tokenId : e.subjectId === event.subjectId) {
        this.entries.delete(hash);
      }
    }
  }

  get size(): number {
    return this.entries.size;
  }
}
