import { sql } from 'kysely';
import { sha256, type TokenLookup, TokenStore } from '../account/tokens.ts';
import type { Clock } from '../clock.ts';
import type { Db } from '../db/db.ts';
import type { TokenKind } from '../db/schema.ts';

/** How long an operator session lives (ADR 126). */
export interface AdminSessionPolicy {
  /** Ends after this long without a request. */
  idleMs: number;
  /** Ends this long after login whatever happens: a stolen token is worth a working day at most. */
  absoluteMs: number;
}

export const DEFAULT_ADMIN_SESSION: AdminSessionPolicy = {
  idleMs: 15 * 60_000,
  absoluteMs: 8 * 60 * 60_000,
};

/**
 * The token store with operator sessions made short: an admin token is issued with
 * `expires_at = now + idle` and every authenticated use slides it to
 * `min(now + idle, created_at + absolute)`. User tokens are untouched (30 days, ADR 002).
 * Sliding `expires_at` keeps the one expiry check in `TokenStore.lookup` (401/411 as before), so
 * every guard that already resolves admin tokens (all domains use `requireAuth(..., 'admin')`)
 * gets the policy without changing.
 */
export class SessionTokenStore extends TokenStore {
  constructor(
    private readonly sessionDb: Db,
    private readonly sessionClock: Clock,
    readonly adminPolicy: AdminSessionPolicy = DEFAULT_ADMIN_SESSION,
  ) {
    super(sessionDb, sessionClock);
  }

  override async issue(kind: TokenKind, subjectId: string, db: Db = this.sessionDb): Promise<string> {
    const token = await super.issue(kind, subjectId, db);
    if (kind === 'admin') {
      const now = this.sessionClock.now();
      await db
        .updateTable('tokens')
        .set({ expires_at: String(now + Math.min(this.adminPolicy.idleMs, this.adminPolicy.absoluteMs)) })
        .where('token_hash', '=', sha256(token))
        .execute();
    }
    return token;
  }

  override async lookup(kind: TokenKind, token: string): Promise<TokenLookup> {
    const found = await super.lookup(kind, token);
    if (kind !== 'admin' || found.status !== 'active') return found;
    const now = this.sessionClock.now();
    // One statement: the session is extended only if it is still live at this instant, so two
    // requests racing an expiry cannot resurrect it.
    await this.sessionDb
      .updateTable('tokens')
      .set({
        expires_at: sql<string>`least(${String(now + this.adminPolicy.idleMs)}::int8, created_at + ${String(this.adminPolicy.absoluteMs)}::int8)`,
      })
      .where('id', '=', found.tokenId)
      .where('revoked_at', 'is', null)
      .where('expires_at', '>', String(now))
      .execute();
    return found;
  }
}
