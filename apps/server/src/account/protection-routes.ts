import {
  AddressBook,
  AddressCreateRequest,
  AddressIdParams,
  AllowlistRequest,
  AntiPhishingRequest,
  DeleteAccountRequest,
  Protection,
  WithdrawAddress,
} from '@ex/contract';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Services } from '../deps.ts';
import { principalOf, requireAuth } from '../http/auth.ts';
import { jsonRoute } from '../http/route.ts';

/**
 * Address book, allow list and anti-phishing code (ADR 205, 206), data export and closing the
 * account (ADR 207): every call on the caller's own data.
 */
export function protectionRoutes(app: FastifyInstance, s: Services): void {
  const auth = requireAuth(s.tokens, 'user');
  const tags = ['user'];

  jsonRoute(app, {
    method: 'GET',
    url: '/api/app/user/protection',
    tags,
    summary: 'Whether 2FA is on, my anti-phishing code, allow-list mode and a withdrawal hold',
    response: Protection,
    preHandler: auth,
    handler: (req) => s.protection.get(principalOf(req).id),
  });

  jsonRoute(app, {
    method: 'POST',
    url: '/api/app/user/anti-phishing',
    tags,
    summary: 'Set the anti-phishing code every e-mail shows (authenticator code once 2FA is on)',
    body: AntiPhishingRequest,
    response: Protection,
    preHandler: auth,
    handler: (req) => s.protection.setAntiPhishing(principalOf(req).id, req.body),
  });

  jsonRoute(app, {
    method: 'GET',
    url: '/api/app/user/addresses',
    tags,
    summary: 'My withdrawal address book and whether the allow list is on',
    response: AddressBook,
    preHandler: auth,
    handler: (req) => s.protection.book(principalOf(req).id),
  });

  jsonRoute(app, {
    method: 'POST',
    url: '/api/app/user/addresses',
    tags,
    summary:
      'Save a withdrawal address (usable in allow-list mode after 24 h; authenticator code once 2FA is on)',
    body: AddressCreateRequest,
    response: WithdrawAddress,
    preHandler: auth,
    handler: (req) => s.protection.addAddress(principalOf(req).id, req.body),
  });

  jsonRoute(app, {
    method: 'DELETE',
    url: '/api/app/user/addresses/:id',
    tags,
    summary: 'Delete one of my saved addresses (404 for anyone else)',
    params: AddressIdParams,
    response: z.null(),
    preHandler: auth,
    handler: async (req) => {
      await s.protection.removeAddress(principalOf(req).id, req.params.id);
      return null;
    },
  });

  jsonRoute(app, {
    method: 'POST',
    url: '/api/app/user/addresses/allowlist',
    tags,
    summary: 'Allow list on, or off (authenticator code once 2FA is on; withdrawals then held for 24 h)',
    body: AllowlistRequest,
    response: AddressBook,
    preHandler: auth,
    handler: (req) => s.protection.setAllowlist(principalOf(req).id, req.body.enabled, req.body.totp_code),
  });

  jsonRoute(app, {
    method: 'GET',
    url: '/api/app/user/export',
    tags,
    summary:
      'Everything the exchange keeps about me as one JSON file (profile, balances, orders, trades, deposits, withdrawals, logins)',
    response: z.record(z.string(), z.unknown()),
    preHandler: auth,
    handler: async (req) => {
      const id = principalOf(req).id;
      return s.privacy.export(id, s.wallet.balances(id));
    },
  });

  jsonRoute(app, {
    method: 'POST',
    url: '/api/app/user/delete',
    tags,
    summary:
      'Close my account for good: empty balances, no open orders or positions; password and authenticator code; every session ends',
    body: DeleteAccountRequest,
    response: z.null(),
    preHandler: auth,
    handler: async (req) => {
      await s.privacy.delete(principalOf(req).id, req.body);
      return null;
    },
  });
}
