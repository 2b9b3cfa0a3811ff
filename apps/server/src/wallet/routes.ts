import {
  Balances,
  LedgerPage,
  LedgerQuery,
  PageQuery,
  Transfer,
  TransferPage,
  TransferRequest,
  WithdrawCoinList,
} from '@ex/contract';
import type { FastifyInstance } from 'fastify';
import type { Services } from '../deps.ts';
import { idempotencyKeyOf, requestHash } from '../engine/idempotency.ts';
import { principalOf, requireAuth } from '../http/auth.ts';
import { jsonRoute } from '../http/route.ts';

export function walletRoutes(app: FastifyInstance, s: Services): void {
  jsonRoute(app, {
    method: 'GET',
    url: '/api/app/wallet/withdraw/coins',
    tags: ['wallet'],
    summary: 'Withdrawable coins with their networks, fee, min and max',
    response: WithdrawCoinList,
    handler: async () => {
      const coins = new Map<string, { network: string; fee: string; min: string; max: string }[]>();
      for (const w of s.config.withdraw) {
        const list = coins.get(w.coin) ?? [];
        list.push({ network: w.network, fee: w.fee, min: w.min, max: w.max });
        coins.set(w.coin, list);
      }
      return [...coins].map(([coin, networks]) => ({ coin, networks }));
    },
  });

  const auth = requireAuth(s.tokens, 'user');

  jsonRoute(app, {
    method: 'GET',
    url: '/api/app/wallet/balances',
    tags: ['wallet'],
    summary: 'Spot balances per coin and the contract (USDC) account',
    response: Balances,
    preHandler: auth,
    handler: async (request) => s.wallet.balances(principalOf(request).id),
  });

  jsonRoute(app, {
    method: 'POST',
    url: '/api/app/wallet/transfer',
    tags: ['wallet'],
    summary: 'Move funds between the spot and the contract account (Idempotency-Key supported)',
    body: TransferRequest,
    response: Transfer,
    preHandler: auth,
    handler: async (request) => {
      const userId = principalOf(request).id;
      const key = idempotencyKeyOf(request);
      const claim = key ? { userId, scope: 'transfer', key, hash: requestHash(request.body) } : undefined;
      return s.wallet.transfer(userId, request.body, claim);
    },
  });

  jsonRoute(app, {
    method: 'GET',
    url: '/api/app/wallet/ledger',
    tags: ['wallet'],
    summary: 'Ledger entries of the own spot and contract accounts, newest first',
    query: LedgerQuery,
    response: LedgerPage,
    preHandler: auth,
    handler: async (request) => s.wallet.ledger(principalOf(request).id, request.query),
  });

  jsonRoute(app, {
    method: 'GET',
    url: '/api/app/wallet/transfers',
    tags: ['wallet'],
    summary: 'Own transfers between spot and contract, newest first',
    query: PageQuery,
    response: TransferPage,
    preHandler: auth,
    handler: async (request) =>
      s.wallet.transfers(principalOf(request).id, request.query.page, request.query.limit),
  });
}
