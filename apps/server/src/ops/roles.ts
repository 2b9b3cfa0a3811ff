import type { OperatorRole } from '@ex/contract';
import type {
  FastifyInstance,
  FastifyRequest,
  onRequestAsyncHookHandler,
  preHandlerAsyncHookHandler,
  RouteOptions,
} from 'fastify';
import type { TokenStore } from '../account/tokens.ts';
import type { Clock } from '../clock.ts';
import type { Db } from '../db/db.ts';
import { authenticate, bearerToken } from '../http/auth.ts';
import { AppError } from '../http/errors.ts';
import { writeAudit } from './audit.ts';
import { auditSnapshot } from './snapshot.ts';
import { opsDb } from './tables.ts';

/**
 * Which operator roles may call which admin route (ADR 160). One table instead of a flag on every
 * route: the domains keep `requireAuth(..., 'admin')` as they are, and this guard is added to every
 * route under /api/admin/ as it is registered. A route missing from the table is admin-only, so a
 * new endpoint is closed to reviewers and support until someone decides otherwise.
 *
 * - admin: everything.
 * - reviewer: reads everything, decides reviews (withdrawals, KYC, stakes, OTC orders); no money
 *   settings, markets, content or operators.
 * - support: reads users and review queues, bans/unbans and ends user sessions; decides nothing
 *   that moves money.
 */
const ALL: readonly OperatorRole[] = ['admin', 'reviewer', 'support'];
const REVIEW: readonly OperatorRole[] = ['admin', 'reviewer'];
const SUPPORT: readonly OperatorRole[] = ['admin', 'support'];
const ADMIN: readonly OperatorRole[] = ['admin'];

/** Routes open without an operator token. */
export const PUBLIC_ADMIN_ROUTES = new Set(['POST /api/admin/login']);

export const ROLE_POLICY: Record<string, readonly OperatorRole[]> = {
  // Every operator manages their own session, password and second factor.
  'GET /api/admin/me': ALL,
  'POST /api/admin/logout': ALL,
  'POST /api/admin/password': ALL,
  'POST /api/admin/totp/setup': ALL,
  'POST /api/admin/totp/enable': ALL,
  'GET /api/admin/dashboard': ALL,
  'GET /api/admin/outbox': ALL,
  'GET /api/admin/audit': REVIEW,
  // Users: support's daily work.
  'GET /api/admin/users': ALL,
  'GET /api/admin/users/:id': ALL,
  'POST /api/admin/users/:id/ban': SUPPORT,
  'POST /api/admin/users/:id/unban': SUPPORT,
  'POST /api/admin/users/:id/revoke-sessions': SUPPORT,
  // The entries about this one user (a ban's reason, by whom), not the log (ADR 268).
  'GET /api/admin/users/:id/audit': ALL,
  // Review queues: everyone reads, reviewers decide.
  'GET /api/admin/withdrawals': ALL,
  'POST /api/admin/withdrawals/:id/approve': REVIEW,
  'POST /api/admin/withdrawals/:id/reject': REVIEW,
  'GET /api/admin/kyc': ALL,
  'POST /api/admin/kyc/:id/approve': REVIEW,
  'POST /api/admin/kyc/:id/reject': REVIEW,
  'GET /api/admin/staking/stakes': ALL,
  'POST /api/admin/staking/stakes/:id/review': REVIEW,
  'GET /api/admin/otc/orders': ALL,
  'POST /api/admin/otc/orders/:id/review': REVIEW,
  'GET /api/admin/chain/deposits': ALL,
  // Read-only views of the rest for reviewers (to judge a case), not for support.
  'GET /api/admin/markets': REVIEW,
  'GET /api/admin/treasury': REVIEW,
  'GET /api/admin/treasury/accounts': REVIEW,
  'GET /api/admin/dividends': REVIEW,
  'GET /api/admin/votes': REVIEW,
  'GET /api/admin/reserves/snapshots': REVIEW,
  // Support centre (ADR 208): support answers tickets and keeps the FAQ; everyone reads tickets.
  'GET /api/admin/support/tickets': ALL,
  'GET /api/admin/support/tickets/:id': ALL,
  'GET /api/admin/support/tickets/:id/images/:image': ALL,
  'POST /api/admin/support/tickets/:id/reply': SUPPORT,
  'POST /api/admin/support/tickets/:id/close': SUPPORT,
  'GET /api/admin/support/faq': SUPPORT,
  'POST /api/admin/support/faq': SUPPORT,
  'POST /api/admin/support/faq/:id': SUPPORT,
  'DELETE /api/admin/support/faq/:id': SUPPORT,
};

export function routeKey(method: string, url: string): string {
  // Fastify adds a HEAD route for every GET; it answers what the GET answers.
  return `${method === 'HEAD' ? 'GET' : method} ${url}`;
}

export function rolesFor(method: string, url: string): readonly OperatorRole[] {
  return ROLE_POLICY[routeKey(method, url)] ?? ADMIN;
}

export function isAdminUrl(url: string): boolean {
  return url.startsWith('/api/admin/') || url === '/api/admin';
}

/** What an admin request proved, looked up once per request. */
async function operatorOf(
  db: Db,
  id: string,
): Promise<{ email: string; role: OperatorRole; disabled: boolean } | undefined> {
  const row = await opsDb(db)
    .selectFrom('admins')
    .select(['email', 'role', 'disabled_at'])
    .where('id', '=', id)
    .executeTakeFirst();
  return row && { email: row.email, role: row.role, disabled: row.disabled_at !== null };
}

export interface GuardDeps {
  tokens: TokenStore;
  db: Db;
  clock: Clock;
}

/**
 * Installs, on `app` and everything registered on it afterwards, the operator guard and the
 * audit of every admin call that changes something. Call it before the domains register their
 * routes (adminRoutes does, and it runs before them in app.ts).
 *
 * The guard runs at `onRequest`, before body parsing and validation: a user token, no token, a
 * disabled operator or the wrong role is refused before the body is even read, so the answer
 * does not depend on what was sent and a refused call never reaches a handler.
 */
export function installOperatorGuard(app: FastifyInstance, deps: GuardDeps): void {
  app.addHook('onRoute', (route: RouteOptions) => {
    if (!isAdminUrl(route.url)) return;
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (methods.every((m) => PUBLIC_ADMIN_ROUTES.has(routeKey(m, route.url)))) return;
    const guard: onRequestAsyncHookHandler = async (request) => {
      await guardRequest(deps, request, route.url);
    };
    route.onRequest = [guard, ...toArray(route.onRequest)];
    const table = BEFORE_TABLES[route.url];
    if (table !== undefined && methods.some((m) => !READS.has(m))) {
      // Last before the handler, after every other check: the row as the decision found it, its
      // amounts in the coin as the answer gives them (ops/snapshot.ts, ADR 265).
      const snapshot: preHandlerAsyncHookHandler = async (request) => {
        if (READS.has(request.method)) return;
        const id = (request.params as { id?: unknown } | undefined)?.id;
        if (typeof id !== 'string') return;
        request.auditBefore = await auditSnapshot(deps.db, table, id);
      };
      route.preHandler = [...toArray(route.preHandler), snapshot];
    }
    route.onSend = [...toArray(route.onSend), auditOnSend(deps, route.url)];
  });
}

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Decisions and changes made in other domains on one row named by `:id`: the hook records the row
 * as it was before the handler ran, so their entries carry a before as well as the after the
 * response gives (ADR 161). Review decisions first; then the switches and edits of products and
 * content, which had no before (a product disabled did not say it had been enabled; ADR 265).
 */
export const BEFORE_TABLES: Readonly<Record<string, string>> = {
  '/api/admin/withdrawals/:id/approve': 'withdrawals',
  '/api/admin/withdrawals/:id/reject': 'withdrawals',
  '/api/admin/kyc/:id/approve': 'kyc_applications',
  '/api/admin/kyc/:id/reject': 'kyc_applications',
  '/api/admin/staking/stakes/:id/review': 'stakes',
  '/api/admin/otc/orders/:id/review': 'otc_orders',
  '/api/admin/staking/products/:id': 'staking_products',
  '/api/admin/ai/products/:id': 'ai_products',
  '/api/admin/content/:id': 'content_items',
  '/api/admin/otc/ads/:id': 'otc_ads',
  '/api/admin/ieo/projects/:id': 'ieo_projects',
  '/api/admin/ieo/projects/:id/settle': 'ieo_projects',
  '/api/admin/votes/:id': 'polls',
  '/api/admin/dividends/:id': 'dividend_pools',
  '/api/admin/support/faq/:id': 'faq_articles',
  '/api/admin/support/tickets/:id/close': 'support_tickets',
};

function toArray<T>(hook: T | T[] | undefined): T[] {
  if (hook === undefined) return [];
  return Array.isArray(hook) ? hook : [hook];
}

async function guardRequest(deps: GuardDeps, request: FastifyRequest, url: string): Promise<void> {
  const principal = await authenticate(deps.tokens, 'admin', bearerToken(request));
  const op = await operatorOf(deps.db, principal.id);
  // Disabling revokes the sessions too; this also covers a token that raced the disable.
  if (!op || op.disabled) throw new AppError('SESSION_ENDED');
  const allowed = rolesFor(request.method, url);
  if (!allowed.includes(op.role)) throw new AppError('ADMIN_ROLE_FORBIDDEN', { role: op.role });
  request.principal = principal;
  request.operator = { id: principal.id, email: op.email, role: op.role };
}

/**
 * Every successful admin call that is not a read leaves an entry, even from domains that know
 * nothing of the log: action `METHOD /route`, the route's `:id` as target, the answer's data as
 * `after`. Handlers that can say more (before and after, in their own transaction) write their
 * own entry and set `request.audited`; this hook then stays quiet (ADR 161).
 */
function auditOnSend(deps: GuardDeps, url: string) {
  return async (request: FastifyRequest, reply: { statusCode: number }, payload: unknown) => {
    if (request.method === 'GET' || request.method === 'HEAD' || request.method === 'OPTIONS') return payload;
    if (request.audited || !request.operator || reply.statusCode >= 400) return payload;
    let answer: unknown = null;
    if (typeof payload === 'string') {
      try {
        answer = (JSON.parse(payload) as { data?: unknown }).data ?? null;
      } catch {
        answer = null;
      }
    }
    const { target, after } = auditSubject(url, request.params, request.body, answer);
    await writeAudit(
      opsDb(deps.db),
      {
        adminId: request.operator.id,
        email: request.operator.email,
        ip: request.ip,
        requestId: String(request.id),
      },
      {
        action: routeKey(request.method, url),
        ...target,
        before: request.auditBefore ?? null,
        after,
      },
      deps.clock.now(),
    );
    return payload;
  };
}

const MESSAGES_URL = '/api/admin/messages';

/**
 * What an entry written by the hook is about, and what it keeps as `after`:
 * - a route with `:id` (or `:symbol`): that, under the first path segment after /api/admin/;
 * - a call that creates something (a notice or news item, a product, a vote, ...): the id the
 *   answer gives the new row, so the entry names what was created (ADR 265);
 * - a message (its answer is only a count): the user it went to, or no id for a broadcast, with
 *   the texts sent kept in `after` beside the count.
 */
export function auditSubject(
  url: string,
  params: unknown,
  body: unknown,
  answer: unknown,
): { target: { targetType?: string; targetId?: string }; after: unknown } {
  const p = (params ?? {}) as Record<string, unknown>;
  const type = url.split('/')[3] ?? 'admin';
  if (typeof p.id === 'string') return { target: { targetType: type, targetId: p.id }, after: answer };
  if (typeof p.symbol === 'string')
    return { target: { targetType: type, targetId: p.symbol }, after: answer };
  if (url === MESSAGES_URL) {
    const sent = isRecord(body) ? body : {};
    const after = isRecord(answer) ? { ...sent, ...answer } : sent;
    return typeof sent.user_id === 'string'
      ? { target: { targetType: 'user', targetId: sent.user_id }, after }
      : { target: { targetType: 'messages' }, after };
  }
  const created = isRecord(answer) ? answer.id : undefined;
  if (typeof created === 'string' || typeof created === 'number')
    return { target: { targetType: type, targetId: String(created) }, after: answer };
  return { target: {}, after: answer };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
