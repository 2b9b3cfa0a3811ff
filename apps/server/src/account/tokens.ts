import { createHash, randomBytes } from 'node:crypto';
import type { Clock } from '../clock.ts';
import type { Db } from '../db/db.ts';
import type { TokenKind } from '../db/schema.ts';
import type { SessionTokens, TokenLookup } from '../http/auth.ts';
import { AuthCache, type AuthEvent } from './auth-cache.ts';

export const TOKEN_TTL_MS = 30 * 24 * 60 * 60_000;

export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

export type { TokenLookup } from '../http/auth.ts';

/**
 * Opaque bearer tokens: 32 random bytes for the client, only their sha-256 in the database, so a
 * leaked table cannot be replayed. Revocation is a column, expiry a timestamp.
 */
export class TokenStore implements SessionTokens {
  /** User sessions seen in the last second (auth-cache.ts); emptied by revocations and bans. */
  readonly cache = new AuthCache();
  /**
   * Lookups in flight by token hash: the requests that miss the cache together share one query
   * (issue 9). Without it, when a busy token's second ran out, every request arriving before the
   * answer queried too: 480 token queries a second under bench:http with 20 users, not 20.
   * Emptied by every revocation, so no request joins a lookup that started before one.
   */
  private readonly inflight = new Map<string, Promise<TokenLookup>>();
  /** Where revocations are announced to the other gateways (set by the composition root). */
  announce: (event: AuthEvent) => void = () => {};

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  /** A revocation or ban seen here or announced by another process. */
  forget(event: AuthEvent): void {
    this.cache.forget(event);
    this.inflight.clear();
  }

  private revoked(event: AuthEvent): void {
    this.forget(event);
    this.announce(event);
  }

  /**
   * A user token with its user's ban state, from the cache when seen within the last second (no
   * query), else from the database (http/auth.ts).
   */
  async userSession(token: string): Promise<TokenLookup> {
    const hash = this.cache.hashOf(token, sha256);
    const hit = this.cache.get(hash, this.clock.now());
    if (hit !== undefined) return { status: 'active', tokenId: hit.tokenId, subjectId: hit.subjectId };
    const shared = this.inflight.get(hash);
    if (shared !== undefined) return shared;
    const lookup = this.readSession(hash).finally(() => {
      if (this.inflight.get(hash) === lookup) this.inflight.delete(hash);
    });
    this.inflight.set(hash, lookup);
    return lookup;
  }

  private async readSession(hash: string): Promise<TokenLookup> {
    const generation = this.cache.generation;
    const row = await this.db
      .selectFrom('tokens')
      .innerJoin('users', 'users.id', 'tokens.subject_id')
      .select(['tokens.id', 'tokens.subject_id', 'tokens.expires_at', 'tokens.revoked_at', 'users.banned_at'])
      .where('tokens.token_hash', '=', hash)
      .where('tokens.kind', '=', 'user')
      .executeTakeFirst();
    if (!row) return { status: 'unknown' };
    const expiresAt = Number(row.expires_at);
    if (row.revoked_at !== null || row.banned_at !== null || expiresAt <= this.clock.now())
      return { status: 'ended' };
    // Read before a revocation seen meanwhile: answered (as any request in flight then would be),
    // not remembered.
    if (this.cache.generation === generation)
      this.cache.set(hash, { tokenId: row.id, subjectId: row.subject_id, expiresAt });
    return { status: 'active', tokenId: row.id, subjectId: row.subject_id };
  }

  async issue(kind: TokenKind, subjectId: string, db: Db = this.db): Promise<string> {
    const token = randomBytes(32).toString('base64url');
    const now = this.clock.now();
    await db
      .insertInto('tokens')
      .values({
        kind,
        subject_id: subjectId,
        token_hash: sha256(token),
        created_at: String(now),
        expires_at: String(now + TOKEN_TTL_MS),
        revoked_at: null,
      })
      .execute();
    return token;
  }

  async lookup(kind: TokenKind, token: string): Promise<TokenLookup> {
    const row = await this.db
      .selectFrom('tokens')
      .select(['id', 'subject_id', 'expires_at', 'revoked_at'])
      .where('token_hash', '=', this.cache.hashOf(token, sha256))
      .where('kind', '=', kind)
      .executeTakeFirst();
    if (!row) return { status: 'unknown' };
    if (row.revoked_at !== null || Number(row.expires_at) <= this.clock.now()) return { status: 'ended' };
    return { status: 'active', tokenId: row.id, subjectId: row.subject_id };
  }

  async revoke(tokenId: string, db: Db = this.db): Promise<void> {
    await db
      .updateTable('tokens')
      .set({ revoked_at: String(this.clock.now()) })
      .where('id', '=', tokenId)
      .where('revoked_at', 'is', null)
      .execute();
    this.revoked({ type: 'token', tokenId });
  }

  /** Ends every session of a subject, optionally keeping one (the caller's new session). */
  async revokeAll(kind: TokenKind, subjectId: string, db: Db = this.db, keepTokenId?: string): Promise<void> {
    let query = db
      .updateTable('tokens')
      .set({ revoked_at: String(this.clock.now()) })
      .where('kind', '=', kind)
      .where('subject_id', '=', subjectId)
      .where('revoked_at', 'is', null);
    if (keepTokenId) query = query.where('id', '!=', keepTokenId);
    await query.execute();
    // The kept session (the caller's new one) is simply looked up again.
    this.revoked({ type: 'subject', subjectId });
  }
}
