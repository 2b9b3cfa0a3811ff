import {
  ClosePositionRequest,
  ContractAmendRequest,
  ContractCancelAllRequest,
  ContractCancelAllResponse,
  ContractCloseAllRequest,
  ContractCloseAllResponse,
  ContractOrder,
  ContractOrderPage,
  ContractOrderRequest,
  ContractOrdersQuery,
  Funding,
  FundingQuery,
  LeverageRequest,
  LeverageResponse,
  MarginRequest,
  OrderIdParams,
  Position,
  PositionIdParams,
  PositionList,
  PositionModeRequest,
  PositionModeResponse,
  TpslRequest,
} from '@ex/contract';
import type { FastifyInstance } from 'fastify';
import type { Services } from '../deps.ts';
import { principalOf, requireAuth } from '../http/auth.ts';
import { jsonRoute } from '../http/route.ts';

export function contractRoutes(app: FastifyInstance, s: Services): void {
  const auth = requireAuth(s.tokens, 'user');
  const user = (r: { principal: unknown }) => principalOf(r as Parameters<typeof principalOf>[0]).id;

  jsonRoute(app, {
    method: 'POST',
    url: '/api/app/contract/orders',
    tags: ['contract'],
    summary:
      'Open or close a perpetual position: limit, market, stop-limit, stop-market or trailing stop, with time in force and self-trade prevention',
    body: ContractOrderRequest,
    response: ContractOrder,
    preHandler: auth,
    handler: async (request) => s.contract.place(user(request), request.body),
  });
  jsonRoute(app, {
    method: 'GET',
    url: '/api/app/contract/orders',
    tags: ['contract'],
    summary: 'Own contract orders: open or history',
    query: ContractOrdersQuery,
    response: ContractOrderPage,
    preHandler: auth,
    handler: async (request) => s.contract.orders(user(request), request.query),
  });
  jsonRoute(app, {
    method: 'DELETE',
    url: '/api/app/contract/orders/:id',
    tags: ['contract'],
    summary: 'Cancel an own open contract order',
    params: OrderIdParams,
    response: ContractOrder,
    preHandler: auth,
    handler: async (request) => s.contract.cancel(user(request), request.params.id),
  });
  jsonRoute(app, {
    method: 'POST',
    url: '/api/app/contract/orders/:id/amend',
    tags: ['contract'],
    summary: 'Change an own open contract order: price, open quantity, or a waiting trigger',
    params: OrderIdParams,
    body: ContractAmendRequest,
    response: ContractOrder,
    preHandler: auth,
    handler: async (request) => s.contract.amend(user(request), request.params.id, request.body),
  });
  jsonRoute(app, {
    method: 'POST',
    url: '/api/app/contract/orders/cancel-all',
    tags: ['contract'],
    summary: 'Cancel all own open contract orders (resting and conditional), in one market or all',
    body: ContractCancelAllRequest,
    response: ContractCancelAllResponse,
    preHandler: auth,
    handler: async (request) => s.contract.cancelAll(user(request), request.body),
  });
  jsonRoute(app, {
    method: 'GET',
    url: '/api/app/contract/positions',
    tags: ['contract'],
    summary: 'Own open positions with mark price, unrealised PnL and liquidation price',
    response: PositionList,
    preHandler: auth,
    handler: async (request) => s.contract.positions(user(request)),
  });
  jsonRoute(app, {
    method: 'POST',
    url: '/api/app/contract/positions/:id/margin',
    tags: ['contract'],
    summary: 'Add or reduce the margin of an isolated position',
    params: PositionIdParams,
    body: MarginRequest,
    response: Position,
    preHandler: auth,
    handler: async (request) => s.contract.margin(user(request), request.params.id, request.body),
  });
  jsonRoute(app, {
    method: 'POST',
    url: '/api/app/contract/positions/:id/tpsl',
    tags: ['contract'],
    summary: 'Set take profit and stop loss (a price left out is kept, null clears it)',
    params: PositionIdParams,
    body: TpslRequest,
    response: Position,
    preHandler: auth,
    handler: async (request) => s.contract.tpsl(user(request), request.params.id, request.body),
  });
  jsonRoute(app, {
    method: 'POST',
    url: '/api/app/contract/positions/:id/close',
    tags: ['contract'],
    summary: 'Close a position (market, whole by default; or limit / a quantity)',
    params: PositionIdParams,
    body: ClosePositionRequest,
    response: ContractOrder,
    preHandler: auth,
    handler: async (request) => s.contract.close(user(request), request.params.id, request.body),
  });
  jsonRoute(app, {
    method: 'POST',
    url: '/api/app/contract/positions/close-all',
    tags: ['contract'],
    summary:
      'Close all own positions (or those of one market) at market; each position is closed on its own and reported',
    body: ContractCloseAllRequest,
    response: ContractCloseAllResponse,
    preHandler: auth,
    handler: async (request) => s.contract.closeAll(user(request), request.body, request.lang),
  });
  jsonRoute(app, {
    method: 'POST',
    url: '/api/app/contract/leverage',
    tags: ['contract'],
    summary: 'Choose the leverage of a market (with open positions and orders when the margin allows)',
    body: LeverageRequest,
    response: LeverageResponse,
    preHandler: auth,
    handler: async (request) => s.contract.leverage(user(request), request.body),
  });
  jsonRoute(app, {
    method: 'GET',
    url: '/api/app/contract/position-mode',
    tags: ['contract'],
    summary: 'Own position mode (hedge or one-way) and whether it can change now',
    response: PositionModeResponse,
    preHandler: auth,
    handler: async (request) => s.contract.positionMode(user(request)),
  });
  jsonRoute(app, {
    method: 'POST',
    url: '/api/app/contract/position-mode',
    tags: ['contract'],
    summary:
      'Choose hedge or one-way position mode (refused while a position, an open order or a waiting stop exists)',
    body: PositionModeRequest,
    response: PositionModeResponse,
    preHandler: auth,
    handler: async (request) => s.contract.setPositionMode(user(request), request.body),
  });
  jsonRoute(app, {
    method: 'GET',
    url: '/api/app/contract/funding',
    tags: ['contract'],
    summary: 'Funding rate, next funding time, mark and index price',
    query: FundingQuery,
    response: Funding,
    handler: async (request) => s.contract.funding(request.query.symbol, s.clock.now()),
  });
}
