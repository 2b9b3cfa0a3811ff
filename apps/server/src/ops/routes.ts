import {
  AuditPage,
  AuditQuery,
  BanUserRequest,
  CreateOperatorRequest,
  Dashboard,
  IdParams,
  MarketParamsRequest,
  MarketSetting,
  MarketSettingList,
  Operator,
  OperatorList,
  PauseMarketRequest,
  SetOperatorRoleRequest,
  SymbolParams,
  UnbanUserRequest,
  UserDetail,
  UserSearchQuery,
  UserSummary,
  UserSummaryPage,
} from '@ex/contract';
import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { Services } from '../deps.ts';
import { jsonRoute } from '../http/route.ts';
import { actorOf, listAudit } from './audit.ts';
import { dashboard } from './dashboard.ts';
import { setMarketParams } from './market-params.ts';
import { loadPausedMarkets } from './market-state.ts';
import { marketSettings, OpsService, setMarketPaused } from './service.ts';
import { opsDb } from './tables.ts';

/** The operator console's own endpoints (issue 10 item 4); roles come from ops/roles.ts. */
export function opsRoutes(app: FastifyInstance, s: Services, admin: preHandlerAsyncHookHandler): OpsService {
  const tags = ['admin'];
  const ops = new OpsService(s);
  const odb = opsDb(s.db);
  /** The handler wrote its own entry with before/after in its transaction. */
  const audited = (req: FastifyRequest) => {
    req.audited = true;
    return actorOf(req);
  };

  jsonRoute(app, {
    method: 'GET',
    url: '/api/admin/audit',
    tags,
    summary: 'The operator audit log, newest first (append-only; filters by operator, action, target, time)',
    query: AuditQuery,
    response: AuditPage,
    preHandler: admin,
    handler: (req) => listAudit(odb, req.query),
  });

  jsonRoute(app, {
    method: 'GET',
    url: '/api/admin/operators',
    tags,
    summary: 'Operator accounts with their roles',
    response: OperatorList,
    preHandler: admin,
    handler: () => ops.listOperators(),
  });

  jsonRoute(app, {
    method: 'POST',
    url: '/api/admin/operators',
    tags,
    summary: 'Create an operator with a role (admin only)',
    body: CreateOperatorRequest,
    response: Operator,
    preHandler: admin,
    handler: (req) => ops.createOperator(audited(req), req.body),
  });

  jsonRoute(app, {
    method: 'POST',
    url: '/api/admin/operators/:id/role',
    tags,
    summary: "Change another operator's role",
    params: IdParams,
    body: SetOperatorRoleRequest,
    response: Operator,
    preHandler: admin,
    handler: (req) => ops.setOperatorRole(audited(req), req.params.id, req.body.role),
  });

  jsonRoute(app, {
    method: 'POST',
    url: '/api/admin/operators/:id/disable',
    tags,
    summary: 'Disable another operator: login refused, every session ends',
    params: IdParams,
    response: Operator,
    preHandler: admin,
    handler: (req) => ops.disableOperator(audited(req), req.params.id),
  });

  jsonRoute(app, {
    method: 'GET',
    url: '/api/admin/users',
    tags,
    summary: 'Search users by e-mail, phone or UID',
    query: UserSearchQuery,
    response: UserSummaryPage,
    preHandler: admin,
    handler: (req) => ops.searchUsers(req.query),
  });

  jsonRoute(app, {
    method: 'GET',
    url: '/api/admin/users/:id',
    tags,
    summary: 'One user: balances, orders, positions, ledger, KYC, cards, sessions',
    params: IdParams,
    response: UserDetail,
    preHandler: admin,
    handler: (req) => ops.userDetail(req.params.id),
  });

  jsonRoute(app, {
    method: 'POST',
    url: '/api/admin/users/:id/ban',
    tags,
    summary:
      'Ban a user: login refused, every session ends (411); the reason (3 to 500 characters) is kept in the audit log, not shown to the user',
    params: IdParams,
    body: BanUserRequest,
    response: UserSummary,
    preHandler: admin,
    handler: (req) => ops.ban(audited(req), req.params.id, req.body.reason),
  });

  jsonRoute(app, {
    method: 'POST',
    url: '/api/admin/users/:id/unban',
    tags,
    summary: 'Lift a ban: the user can log in again (old sessions stay ended); an optional note is audited',
    params: IdParams,
    body: UnbanUserRequest,
    response: UserSummary,
    preHandler: admin,
    handler: (req) => ops.unban(audited(req), req.params.id, req.body?.note),
  });

  jsonRoute(app, {
    method: 'POST',
    url: '/api/admin/users/:id/revoke-sessions',
    tags,
    summary: 'End every session of a user (they log in again; 411 on the old tokens)',
    params: IdParams,
    response: UserSummary,
    preHandler: admin,
    handler: (req) => ops.revokeSessions(audited(req), req.params.id),
  });

  jsonRoute(app, {
    method: 'GET',
    url: '/api/admin/markets',
    tags,
    summary: 'Markets with their pause state, leverage list and fee rates',
    response: MarketSettingList,
    preHandler: admin,
    handler: async () => marketSettings(s.engine),
  });

  jsonRoute(app, {
    method: 'POST',
    url: '/api/admin/markets/:symbol/pause',
    tags,
    summary: 'Pause trading on one market: new orders refused (3300), cancels keep working',
    params: SymbolParams,
    body: PauseMarketRequest,
    response: MarketSetting,
    preHandler: admin,
    handler: (req) => setMarketPaused(s, audited(req), req.params.symbol, { reason: req.body.reason }),
  });

  jsonRoute(app, {
    method: 'POST',
    url: '/api/admin/markets/:symbol/resume',
    tags,
    summary: 'Resume trading on a paused market',
    params: SymbolParams,
    response: MarketSetting,
    preHandler: admin,
    handler: (req) => setMarketPaused(s, audited(req), req.params.symbol, null),
  });

  jsonRoute(app, {
    method: 'POST',
    url: '/api/admin/markets/:symbol/params',
    tags,
    summary:
      'Change fees and/or the leverage list of one market (an engine command; positions keep their leverage, new orders use the new fees)',
    params: SymbolParams,
    body: MarketParamsRequest,
    response: MarketSetting,
    preHandler: admin,
    handler: (req) => setMarketParams(s, audited(req), req.params.symbol, req.body),
  });

  jsonRoute(app, {
    method: 'GET',
    url: '/api/admin/dashboard',
    tags,
    summary:
      'Users, deposits and withdrawals today, 24h volume, open interest, funds, pending reviews, engine',
    response: Dashboard,
    preHandler: admin,
    handler: () => dashboard(s),
  });

  // The pauses survive a restart: loaded before the server takes its first order.
  app.addHook('onReady', async () => loadPausedMarkets(s.engine, odb));
  // A pause set through another process (ADR 172): reload from the table it committed.
  const offOps = s.bus.subscribe('ops', (m) => {
    if ((m as { type?: string }).type !== 'market') return;
    loadPausedMarkets(s.engine, odb).catch((e: unknown) => app.log.error(e, 'market pause reload failed'));
  });
  app.addHook('onClose', async () => offOps());

  return ops;
}
