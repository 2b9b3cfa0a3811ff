import {
  AdminPasswordChangeRequest,
  AdminSession,
  AdminTotpEnableRequest,
  AdminTotpSetup,
} from '@ex/contract';
import type { FastifyInstance, preHandlerAsyncHookHandler } from 'fastify';
import { z } from 'zod';
import type { Services } from '../deps.ts';
import { principalOf } from '../http/auth.ts';
import { jsonRoute } from '../http/route.ts';

/** Operator session, password and TOTP endpoints (ADR 125/126); all need an operator token. */
export function adminSecurityRoutes(
  app: FastifyInstance,
  s: Services,
  admin: preHandlerAsyncHookHandler,
): void {
  const tags = ['admin'];
  const security = s.admins.security;

  jsonRoute(app, {
    method: 'GET',
    url: '/api/admin/me',
    tags,
    summary: 'The signed-in operator, whether TOTP is on, and when this session ends',
    response: AdminSession,
    preHandler: admin,
    handler: (req) => {
      const p = principalOf(req);
      return security.session(p.id, p.tokenId);
    },
  });

  jsonRoute(app, {
    method: 'POST',
    url: '/api/admin/logout',
    tags,
    summary: 'Ends this operator session (the token answers 411 afterwards)',
    response: z.null(),
    preHandler: admin,
    handler: async (req) => {
      await security.logout(principalOf(req).tokenId);
      return null;
    },
  });

  jsonRoute(app, {
    method: 'POST',
    url: '/api/admin/password',
    tags,
    summary: 'Rotates the operator password (old one required); every other operator session ends',
    body: AdminPasswordChangeRequest,
    response: z.null(),
    preHandler: admin,
    // Guessing the old password through a borrowed session is limited like a login.
    rateLimit: { max: s.config.rateLimit.authPerIpPerMinute, timeWindow: 60_000 },
    handler: async (req) => {
      const p = principalOf(req);
      await security.changePassword(p.id, p.tokenId, req.body.old_password, req.body.password);
      return null;
    },
  });

  jsonRoute(app, {
    method: 'POST',
    url: '/api/admin/totp/setup',
    tags,
    summary: 'Starts TOTP enrolment: a new secret and its otpauth URI (not active until enabled)',
    response: AdminTotpSetup,
    preHandler: admin,
    handler: (req) => security.setupTotp(principalOf(req).id),
  });

  jsonRoute(app, {
    method: 'POST',
    url: '/api/admin/totp/enable',
    tags,
    summary: 'Confirms enrolment with a first code; login needs a code from then on',
    body: AdminTotpEnableRequest,
    response: z.null(),
    preHandler: admin,
    rateLimit: { max: s.config.rateLimit.authPerIpPerMinute, timeWindow: 60_000 },
    handler: async (req) => {
      const p = principalOf(req);
      await security.enableTotp(p.id, p.tokenId, req.body.code);
      return null;
    },
  });
}
