import {
  AuthResponse,
  BindRequest,
  ChangePasswordRequest,
  ChangePasswordResponse,
  ForgetRequest,
  LoginHistoryPage,
  LoginRequest,
  PageQuery,
  ProfileRequest,
  RegisterRequest,
  SendCodeRequest,
  SessionIdParams,
  SessionList,
  TotpDisableRequest,
  TotpEnableRequest,
  TotpEnableResponse,
  TotpSetupResponse,
  TotpStatus,
  TradePasswordRequest,
  User,
} from '@ex/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Services } from '../deps.ts';
import { optionalAuth, principalOf, requireAuth } from '../http/auth.ts';
import { clientKeyOf, deviceIdOf } from '../http/client.ts';
import { jsonRoute } from '../http/route.ts';
import type { ClientInfo } from './sessions.ts';

function clientOf(req: FastifyRequest): ClientInfo {
  const ua = req.headers['user-agent'];
  return { ip: req.ip, device: deviceIdOf(req), userAgent: typeof ua === 'string' ? ua : undefined };
}

export function accountRoutes(app: FastifyInstance, s: Services): void {
  const auth = requireAuth(s.tokens, 'user');
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
    preHandler: optionalAuth(s.tokens, 'user'),
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
    handler: async (req) => {
      const result = await s.accounts.register(req.body);
      await s.sessions.recordLogin(result.user.id, result.token, clientOf(req), req.lang, false);
      return result;
    },
  });

  jsonRoute(app, {
    method: 'POST',
    url: '/api/app/account/login',
    tags,
    summary: 'Log in; returns a bearer token',
    body: LoginRequest,
    response: AuthResponse,
    rateLimit: authLimit,
    handler: async (req) => {
      // A new device of an account with 2FA on must also give the authenticator code (ADR 204).
      const result = await s.accounts.login(req.body, clientKeyOf(req), async (userId) => {
        if ((await s.totp.enabled(userId)) && (await s.sessions.isNewDevice(userId, clientOf(req)))) {
          await s.totp.verify(userId, req.body.totp_code);
        }
      });
      await s.sessions.recordLogin(result.user.id, result.token, clientOf(req), req.lang);
      return result;
    },
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
    handler: async (req) => {
      // The app asks for this on every start: a good moment to mark the session as seen.
      const p = principalOf(req);
      if (p.apiKeyId === undefined) await s.sessions.touch(p.tokenId);
      return s.accounts.info(p.id);
    },
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
      const id = principalOf(req).id;
      await s.accounts.setTradePassword(id, req.body, () => s.totp.verifyIfEnabled(id, req.body.totp_code));
      return null;
    },
  });

  jsonRoute(app, {
    method: 'POST',
    url: '/api/app/user/password',
    tags: ['user'],
    summary: 'Change the password; every other session ends (authenticator code once 2FA is on)',
    body: ChangePasswordRequest,
    response: ChangePasswordResponse,
    preHandler: auth,
    handler: (req) => {
      const id = principalOf(req).id;
      return s.accounts.changePassword(id, req.body, () => s.totp.verifyIfEnabled(id, req.body.totp_code));
    },
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
    handler: (req) => {
      const id = principalOf(req).id;
      return s.accounts.bind(id, req.body, () => s.totp.verifyIfEnabled(id, req.body.totp_code));
    },
  });

  jsonRoute(app, {
    method: 'GET',
    url: '/api/app/user/sessions',
    tags: ['user'],
    summary: 'My active sessions (device, address, last seen); `current` marks this one',
    response: SessionList,
    preHandler: auth,
    handler: (req) => s.sessions.list(principalOf(req).id, principalOf(req).tokenId),
  });

  jsonRoute(app, {
    method: 'DELETE',
    url: '/api/app/user/sessions/:id',
    tags: ['user'],
    summary: 'Log out one of my sessions (it answers 411 afterwards)',
    params: SessionIdParams,
    response: z.null(),
    preHandler: auth,
    handler: async (req) => {
      await s.sessions.revoke(principalOf(req).id, req.params.id);
      return null;
    },
  });

  jsonRoute(app, {
    method: 'POST',
    url: '/api/app/user/sessions/revoke-others',
    tags: ['user'],
    summary: 'Log out every session but this one',
    response: z.null(),
    preHandler: auth,
    handler: async (req) => {
      await s.sessions.revokeOthers(principalOf(req).id, principalOf(req).tokenId);
      return null;
    },
  });

  jsonRoute(app, {
    method: 'GET',
    url: '/api/app/user/login-history',
    tags: ['user'],
    summary: 'My logins, newest first, with new devices marked',
    query: PageQuery,
    response: LoginHistoryPage,
    preHandler: auth,
    handler: (req) => s.sessions.history(principalOf(req).id, req.query.page, req.query.limit),
  });

  jsonRoute(app, {
    method: 'GET',
    url: '/api/app/user/totp',
    tags: ['user'],
    summary: 'Whether two-factor authentication is on, and how many recovery codes are left',
    response: TotpStatus,
    preHandler: auth,
    handler: (req) => s.totp.status(principalOf(req).id),
  });

  jsonRoute(app, {
    method: 'POST',
    url: '/api/app/user/totp/setup',
    tags: ['user'],
    summary: 'Start enrolment: a new secret and its otpauth URI (for the QR code)',
    response: TotpSetupResponse,
    preHandler: auth,
    handler: (req) => s.totp.setup(principalOf(req).id),
  });

  jsonRoute(app, {
    method: 'POST',
    url: '/api/app/user/totp/enable',
    tags: ['user'],
    summary: 'Confirm with a code from the app; answers the recovery codes, shown this once',
    body: TotpEnableRequest,
    response: TotpEnableResponse,
    preHandler: auth,
    handler: (req) => s.totp.enable(principalOf(req).id, req.body.code),
  });

  jsonRoute(app, {
    method: 'POST',
    url: '/api/app/user/totp/disable',
    tags: ['user'],
    summary: 'Turn two-factor authentication off (needs a code or a recovery code)',
    body: TotpDisableRequest,
    response: z.null(),
    preHandler: auth,
    handler: async (req) => {
      await s.totp.disable(principalOf(req).id, req.body.code);
      return null;
    },
  });
}
