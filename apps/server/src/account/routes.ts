import {
  AuthResponse,
  BindRequest,
  ChangePasswordRequest,
  ChangePasswordResponse,
  ForgetRequest,
  LoginRequest,
  ProfileRequest,
  RegisterRequest,
  SendCodeRequest,
  TradePasswordRequest,
  User,
} from '@ex/contract';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Services } from '../deps.ts';
import { optionalAuth, principalOf, requireAuth } from '../http/auth.ts';
import { clientKeyOf, deviceIdOf } from '../http/client.ts';
import { jsonRoute } from '../http/route.ts';

export function accountRoutes(app: FastifyInstance, s: Services): void {
  const auth = requireAuth(s.tokens, s.db, 'user');
  const authLimit = { max: s.config.rateLimit.authPerIpPerMinute, timeWindow: 60_000 };
  const tags = ['account'];

  jsonRoute(app, {
    method: 'POST',
    url: '/api/app/account/captcha',
    tags,
    summary: 'Send a 6-digit verification code (e-mail or SMS)',
    body: SendCodeRequest,
    response: z.null(),
    rateLimit: authLimit,
    preHandler: optionalAuth(s.tokens, s.db, 'user'),
    handler: async (req) => {
      const device = deviceIdOf(req);
      await s.accounts.sendCode(req.body, req.lang, req.principal?.id, {
        client: clientKeyOf(req),
        ...(device === undefined ? {} : { device }),
      });
      return null;
    },
  });

  jsonRoute(app, {
    method: 'POST',
    url: '/api/app/account/register',
    tags,
    summary: 'Register with a verification code (and optionally an invitation code)',
    body: RegisterRequest,
    response: AuthResponse,
    rateLimit: authLimit,
    handler: (req) => s.accounts.register(req.body),
  });

  jsonRoute(app, {
    method: 'POST',
    url: '/api/app/account/login',
    tags,
    summary: 'Log in; returns a bearer token',
    body: LoginRequest,
    response: AuthResponse,
    rateLimit: authLimit,
    handler: (req) => s.accounts.login(req.body, clientKeyOf(req)),
  });

  jsonRoute(app, {
    method: 'POST',
    url: '/api/app/account/forget',
    tags,
    summary: 'Reset the password with a code (and the image captcha when on); ends every session',
    body: ForgetRequest,
    response: z.null(),
    rateLimit: authLimit,
    handler: async (req) => {
      await s.accounts.forget(req.body);
      return null;
    },
  });

  jsonRoute(app, {
    method: 'POST',
    url: '/api/app/account/logout',
    tags,
    summary: 'End this session (the token answers 411 afterwards)',
    response: z.null(),
    preHandler: auth,
    handler: async (req) => {
      await s.accounts.logout(principalOf(req).tokenId);
      return null;
    },
  });

  jsonRoute(app, {
    method: 'GET',
    url: '/api/app/user/info',
    tags: ['user'],
    summary: 'The logged-in user',
    response: User,
    preHandler: auth,
    handler: (req) => s.accounts.info(principalOf(req).id),
  });

  jsonRoute(app, {
    method: 'POST',
    url: '/api/app/user/trade-password',
    tags: ['user'],
    summary: 'Set the transaction password (code of scene "security")',
    body: TradePasswordRequest,
    response: z.null(),
    preHandler: auth,
    handler: async (req) => {
      await s.accounts.setTradePassword(principalOf(req).id, req.body);
      return null;
    },
  });

  jsonRoute(app, {
    method: 'POST',
    url: '/api/app/user/password',
    tags: ['user'],
    summary: 'Change the password; every other session ends',
    body: ChangePasswordRequest,
    response: ChangePasswordResponse,
    preHandler: auth,
    handler: (req) => s.accounts.changePassword(principalOf(req).id, req.body),
  });

  jsonRoute(app, {
    method: 'POST',
    url: '/api/app/user/profile',
    tags: ['user'],
    summary: 'Change nickname or avatar',
    body: ProfileRequest,
    response: User,
    preHandler: auth,
    handler: (req) => s.accounts.updateProfile(principalOf(req).id, req.body),
  });

  jsonRoute(app, {
    method: 'POST',
    url: '/api/app/user/bind',
    tags: ['user'],
    summary:
      'Bind or change the e-mail or phone (code to the new address, and to the old one when replacing it)',
    body: BindRequest,
    response: User,
    preHandler: auth,
    handler: (req) => s.accounts.bind(principalOf(req).id, req.body),
  });
}
