import type { FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { TokenKind } from '../db/schema.ts';
import { AppError } from './errors.ts';

export type TokenLookup =
  | { status: 'active'; tokenId: string; subjectId: string }
  /** Never issued (or issued for the other kind): HTTP 401, code 401. */
  | { status: 'unknown' }
  /** Issued but revoked or expired: HTTP 401, code 411. */
  | { status: 'ended' };

/** What authentication needs of the session store (account/tokens.ts implements it). */
export interface SessionTokens {
  lookup(kind: TokenKind, token: string): Promise<TokenLookup>;
  /** A user token with its user's ban state (cached briefly, ADR 172). */
  userSession(token: string): Promise<TokenLookup>;
}

export interface Principal {
  kind: TokenKind;
  id: string;
  tokenId: string;
  /** Set when the request was signed with an API key instead of a session (ADR 202). */
  apiKeyId?: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    principal: Principal | null;
  }
  interface FastifyInstance {
    /** Checks a request signed with an API key (apikeys/service.ts); decorated in app.ts. */
    apiKeyAuth?: (request: FastifyRequest) => Promise<{ userId: string; keyId: string }>;
  }
}

/** The header that marks a request signed with an API key (contract API_KEY_HEADERS.key). */
const API_KEY_HEADER = 'x-ex-apikey';

export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1];
}

/**
 * Resolves a token of one kind. Missing or never-issued (including a token of the other kind):
 * 401/401. Revoked, expired or belonging to a banned user: 401/411, so the client knows the
 * session it had is over rather than that it sent garbage.
 */
export function authenticate(
  tokens: SessionTokens,
  kind: TokenKind,
  token: string | undefined,
): Promise<Principal> {
  if (!token) return Promise.reject(new AppError('UNAUTHORIZED'));
  // A user token and the ban state in one query, or none when seen in the last second (ADR 172).
  // A promise chain, not async functions in async functions: one promise less per request (ADR 213).
  const found = kind === 'user' ? tokens.userSession(token) : tokens.lookup(kind, token);
  return found.then((f): Principal => {
    if (f.status === 'unknown') throw new AppError('UNAUTHORIZED');
    if (f.status === 'ended') throw new AppError('SESSION_ENDED');
    return { kind, id: f.subjectId, tokenId: f.tokenId };
  });
}

/** A user route's request signed with an API key instead of a session (ADR 202). */
async function apiKeyPrincipal(request: FastifyRequest, kind: TokenKind): Promise<void> {
  const check = request.server.apiKeyAuth;
  if (!check) throw new AppError('UNAUTHORIZED');
  const key = await check(request);
  request.principal = { kind, id: key.userId, tokenId: `apikey:${key.keyId}`, apiKeyId: key.keyId };
}

export function requireAuth(tokens: SessionTokens, kind: TokenKind): preHandlerAsyncHookHandler {
  return (request: FastifyRequest, _reply: FastifyReply) => {
    const bearer = bearerToken(request);
    // Beside bearer tokens, user routes accept a signed API-key request; a session wins if both.
    if (kind === 'user' && bearer === undefined && request.headers[API_KEY_HEADER] !== undefined) {
      return apiKeyPrincipal(request, kind);
    }
    return authenticate(tokens, kind, bearer).then((principal) => {
      request.principal = principal;
    });
  };
}

/** For routes that work anonymously but know the user when a valid token is sent. */
export function optionalAuth(tokens: SessionTokens, kind: TokenKind): preHandlerAsyncHookHandler {
  return async (request: FastifyRequest) => {
    const token = bearerToken(request);
    request.principal = token ? await authenticate(tokens, kind, token) : null;
  };
}

export function principalOf(request: FastifyRequest): Principal {
  if (!request.principal) throw new AppError('UNAUTHORIZED');
  return request.principal;
}
