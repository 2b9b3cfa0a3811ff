import {
  AdminDeposit,
  AdminDepositPage,
  AdminDepositQuery,
  ChainDepositRequest,
  DepositAddress,
  DepositAddressQuery,
  DepositPage,
  DepositQuery,
  decimalToUnits,
} from '@ex/contract';
import type { FastifyInstance, preHandlerAsyncHookHandler } from 'fastify';
import { principalOf } from '../http/auth.ts';
import { fieldError } from '../http/errors.ts';
import { jsonRoute } from '../http/route.ts';
import { isTronAddress } from './address.ts';
import type { DepositService } from './deposits.ts';
import type { SimulatedChain } from './simulated.ts';

export interface ChainRouteDeps {
  deposits: DepositService;
  /** Only on the embedded default: the operator's "a transfer arrived" endpoint. */
  simulated: SimulatedChain | null;
  requireUser: preHandlerAsyncHookHandler;
  requireAdmin: preHandlerAsyncHookHandler;
  now: () => number;
}

export function chainRoutes(app: FastifyInstance, d: ChainRouteDeps): void {
  jsonRoute(app, {
    method: 'GET',
    url: '/api/app/wallet/deposit/address',
    tags: ['wallet'],
    summary: 'The own USDC TRC20 deposit address (HD-derived, the same on every call)',
    query: DepositAddressQuery,
    response: DepositAddress,
    preHandler: d.requireUser,
    handler: async (request) => d.deposits.address(principalOf(request).id),
  });

  jsonRoute(app, {
    method: 'GET',
    url: '/api/app/wallet/deposits',
    tags: ['wallet'],
    summary: 'Own deposits, newest first (applying, received, failed)',
    query: DepositQuery,
    response: DepositPage,
    preHandler: d.requireUser,
    handler: async (request) => d.deposits.list(principalOf(request).id, request.query),
  });

  jsonRoute(app, {
    method: 'GET',
    url: '/api/admin/chain/deposits',
    tags: ['admin'],
    summary: 'Every deposit seen on chain, unmatched ones (failed, no user) included',
    query: AdminDepositQuery,
    response: AdminDepositPage,
    preHandler: d.requireAdmin,
    handler: async (request) => d.deposits.adminList(request.query),
  });

  const simulated = d.simulated;
  if (simulated === null) return;
  jsonRoute(app, {
    method: 'POST',
    url: '/api/admin/chain/deposit',
    tags: ['admin'],
    summary: 'Simulated chain only: a confirmed USDC transfer arrives at an address (once per txid)',
    body: ChainDepositRequest,
    response: AdminDeposit,
    preHandler: d.requireAdmin,
    handler: async (request) => {
      const { address, amount, txid } = request.body;
      if (!isTronAddress(address)) throw fieldError('address', 'validation.tron_address');
      const transfer = {
        txid: txid.toLowerCase(),
        from: null,
        to: address,
        amount: decimalToUnits(amount, 6),
        confirmed: true,
      };
      simulated.arrive(transfer, d.now());
      return d.deposits.receive(transfer);
    },
  });
}
