import {
  AdminWithdrawal,
  AdminWithdrawalPage,
  RejectWithdrawalRequest,
  Withdrawal,
  WithdrawalIdParams,
  WithdrawalPage,
  WithdrawalQuery,
  WithdrawRequest,
} from '@ex/contract';
import type { FastifyInstance, preHandlerAsyncHookHandler } from 'fastify';
import { idempotencyKeyOf, requestHash } from '../engine/idempotency.ts';
import { principalOf } from '../http/auth.ts';
import { jsonRoute } from '../http/route.ts';
import type { WithdrawService } from './service.ts';

export interface WithdrawRouteDeps {
  withdrawals: WithdrawService;
  requireUser: preHandlerAsyncHookHandler;
  requireAdmin: preHandlerAsyncHookHandler;
}

export function withdrawRoutes(app: FastifyInstance, d: WithdrawRouteDeps): void {
  jsonRoute(app, {
    method: 'POST',
    url: '/api/app/wallet/withdraw',
    tags: ['wallet'],
    summary:
      'Request a USDC TRC20 withdrawal: freezes amount (fee included) for operator review (Idempotency-Key supported)',
    body: WithdrawRequest,
    response: Withdrawal,
    preHandler: d.requireUser,
    handler: async (request) => {
      const userId = principalOf(request).id;
      const key = idempotencyKeyOf(request);
      // The hash leaves the password and the one-time code out: a retry with the same key and data
      // is the same request.
      const { trade_password: _pw, totp_code: _code, ...rest } = request.body;
      const claim = key ? { userId, scope: 'withdraw', key, hash: requestHash(rest) } : undefined;
      return d.withdrawals.request(userId, request.body, claim);
    },
  });

  jsonRoute(app, {
    method: 'GET',
    url: '/api/app/wallet/withdrawals',
    tags: ['wallet'],
    summary: 'Own withdrawals, newest first, with the rejection reason when the review failed',
    query: WithdrawalQuery,
    response: WithdrawalPage,
    preHandler: d.requireUser,
    handler: async (request) => d.withdrawals.list(principalOf(request).id, request.query),
  });

  jsonRoute(app, {
    method: 'GET',
    url: '/api/admin/withdrawals',
    tags: ['admin'],
    summary: 'Withdrawals by status for review, newest first',
    query: WithdrawalQuery,
    response: AdminWithdrawalPage,
    preHandler: d.requireAdmin,
    handler: async (request) => d.withdrawals.adminList(request.query),
  });

  jsonRoute(app, {
    method: 'POST',
    url: '/api/admin/withdrawals/:id/approve',
    tags: ['admin'],
    summary: 'Approve: pay out from the hot wallet, settle when the chain confirms',
    params: WithdrawalIdParams,
    response: AdminWithdrawal,
    preHandler: d.requireAdmin,
    handler: async (request) => d.withdrawals.approve(request.params.id, principalOf(request).id),
  });

  jsonRoute(app, {
    method: 'POST',
    url: '/api/admin/withdrawals/:id/reject',
    tags: ['admin'],
    summary: 'Reject with a reason the user sees; amount and fee go back to the spot wallet',
    params: WithdrawalIdParams,
    body: RejectWithdrawalRequest,
    response: AdminWithdrawal,
    preHandler: d.requireAdmin,
    handler: async (request) =>
      d.withdrawals.reject(request.params.id, principalOf(request).id, request.body.reason),
  });
}
