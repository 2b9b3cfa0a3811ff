import type { RateLimitPluginOptions } from '@fastify/rate-limit';
import type { FastifyRequest } from 'fastify';
import type { RateLimitConfig } from '../config.ts';
import type { SessionTokens } from './auth.ts';
import { bearerToken } from './auth.ts';
import { clientKeyOf } from './client.ts';
import { AppError } from './errors.ts';

/** Separate budgets (ADR 100): each has its own counter per key. */
export type RateBucket = 'api' | 'trade' | 'money' | 'update';

// Placing and cancelling orders, and position changes: latency-sensitive, often automated.
const TRADE = /^\/api\/app\/(spot\/orders|contract\/(orders|positions|leverage))(\/|$)/;
// Moves of money: few per user per minute are legitimate; more are an attack or a runaway script.
const MONEY =
  /^\/api\/app\/(wallet\/(withdraw|transfer)|exchange\/execute|otc\/orders|ieo\/projects\/[^/]+\/subscribe|ai\/(subscribe|orders\/[^/]+\/redeem)|staking\/stakes|dividends\/[^/]+\/claim)$/;

export function bucketOf(method: string, path: string): RateBucket {
  if (method === 'GET') return 'api';
  if (path === '/api/app/update') return 'update';
  if (TRADE.test(path)) return 'trade';
  if (MONEY.test(path)) return 'money';
  return 'api';
}

/** Only the API and the socket count: the web app, the admin console and uploads never do. */
export function isLimitedPath(path: string): boolean {
  return path.startsWith('/api/') || path === '/ws';
}

const TOKEN_CACHE_MS = 10_000;
const TOKEN_CACHE_SIZE = 10_000;

/**
 * The `@fastify/rate-limit` options: keyed on the account for a valid bearer token (all of a user's
 * tokens and addresses share one budget), else on the client address (IPv6 cut to /64), each in its
 * bucket. The token lookup is cached briefly: the rate limit runs before authentication, and a
 * revoked token keeping its account's budget for 10 s is harmless (authentication still refuses it).
 */
export function rateLimitOptions(limits: RateLimitConfig, tokens: SessionTokens): RateLimitPluginOptions {
  const cache = new Map<string, { who: string | null; until: number }>();
  const lookup = async (kind: 'admin' | 'user', token: string, cacheKey: string, now: number) => {
    const found = await tokens.lookup(kind, token);
    const who = found.status === 'active' ? `${kind}:${found.subjectId}` : null;
    if (cache.size >= TOKEN_CACHE_SIZE) cache.clear();
    cache.set(cacheKey, { who, until: now + TOKEN_CACHE_MS });
    return who;
  };
  // A cache hit answers at once, without a promise of its own (the plugin awaits either; ADR 213).
  const accountOf = (request: FastifyRequest): string | null | Promise<string | null> => {
    const token = bearerToken(request);
    if (token === undefined || token.length > 256) return null;
    const kind = request.url.startsWith('/api/admin/') ? 'admin' : 'user';
    const cacheKey = `${kind}:${token}`;
    const now = Date.now();
    const hit = cache.get(cacheKey);
    if (hit && hit.until > now) return hit.who;
    return lookup(kind, token, cacheKey, now);
  };
  // Per request, twice (allowList and keyGenerator): no array from split (ADR 213).
  const pathOf = (request: FastifyRequest) => {
    const q = request.url.indexOf('?');
    return q < 0 ? request.url : request.url.slice(0, q);
  };
  return {
    global: true,
    timeWindow: 60_000,
    allowList: (request) => !isLimitedPath(pathOf(request)),
    keyGenerator: (request) => {
      const bucket = bucketOf(request.method, pathOf(request));
      // Each API key has its own budget, apart from its owner's sessions (ADR 202).
      const apiKey = request.headers['x-ex-apikey'];
      if (typeof apiKey === 'string' && apiKey.length <= 64 && bearerToken(request) === undefined) {
        return `${bucket}|apikey:${apiKey}`;
      }
      const keyOf = (account: string | null) =>
        account === null ? `${bucket}|ip:${clientKeyOf(request)}` : `${bucket}|${account}`;
      const account = accountOf(request);
      return typeof account === 'string' || account === null ? keyOf(account) : account.then(keyOf);
    },
    max: (_request, key) => {
      const bar = key.indexOf('|');
      const bucket = (bar < 0 ? key : key.slice(0, bar)) as RateBucket;
      const who = bar < 0 ? '' : key.slice(bar + 1);
      switch (bucket) {
        case 'trade':
          return limits.tradePerMinute;
        case 'money':
          return limits.moneyPerMinute;
        case 'update':
          return limits.updatePerMinute;
        default:
          return who.startsWith('ip:') ? limits.globalPerMinute : limits.perAccountPerMinute;
      }
    },
    errorResponseBuilder: () => new AppError('RATE_LIMITED'),
  };
}
