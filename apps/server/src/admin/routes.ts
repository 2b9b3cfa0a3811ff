import { AdminAuthResponse, AdminLoginRequest, OutboxPage, PageQuery } from '@ex/contract';
import type { FastifyInstance } from 'fastify';
import type { Services } from '../deps.ts';
import { requireAuth } from '../http/auth.ts';
import { clientKeyOf } from '../http/client.ts';
import { jsonRoute } from '../http/route.ts';
import { installOperatorGuard } from '../ops/roles.ts';
import { opsRoutes } from '../ops/routes.ts';
import { adminSecurityRoutes } from './security-routes.ts';
import { userAuditRoutes } from './user-audit.ts';

export function adminRoutes(app: FastifyInstance, s: Services): void {
  const admin = requireAuth(s.tokens, 'admin');
  const tags = ['admin'];
  // First, so that every /api/admin route registered after this one (all domains) gets the
  // operator guard and the audit hook (ADR 160/161).
  installOperatorGuard(app, { tokens: s.tokens, db: s.db, clock: s.clock });

  jsonRoute(app, {
    method: 'POST',
    url: '/api/admin/login',
    tags,
    summary: 'Operator login; returns an admin token (not valid on /api/app)',
    body: AdminLoginRequest,
    response: AdminAuthResponse,
    rateLimit: { max: s.config.rateLimit.authPerIpPerMinute, timeWindow: 60_000 },
    handler: (req) =>
      s.admins.login(req.body.email, req.body.password, req.body.otp, {
        client: clientKeyOf(req),
        captcha: s.captcha,
        ...(req.body.captcha_key === undefined ? {} : { captchaKey: req.body.captcha_key }),
        ...(req.body.captcha_code === undefined ? {} : { captchaCode: req.body.captcha_code }),
      }),
  });

  adminSecurityRoutes(app, s, admin);

  jsonRoute(app, {
    method: 'GET',
    url: '/api/admin/outbox',
    tags,
    summary: 'Codes and mails sent through the embedded outbox, newest first',
    query: PageQuery,
    response: OutboxPage,
    preHandler: admin,
    handler: (req) => s.admins.outbox(req.query),
  });

  // Users, operators and the audit log (issue 10 item 4): ban now answers the user and is audited.
  opsRoutes(app, s, admin);
  // A user's own entries of the log, for every role: support sees why a user was banned (ADR 268).
  userAuditRoutes(app, s, admin);
}
