import {
  CancelAllRequest,
  CancelAllResponse,
  OrderIdParams,
  SpotOrder,
  SpotOrderPage,
  SpotOrderRequest,
  SpotOrdersQuery,
} from '@ex/contract';
import type { FastifyInstance } from 'fastify';
import type { Services } from '../deps.ts';
import { idempotencyKeyOf, requestHash } from '../engine/idempotency.ts';
import { principalOf, requireAuth } from '../http/auth.ts';
import { jsonRoute } from '../http/route.ts';

export function spotRoutes(app: FastifyInstance, s: Services): void {
  const auth = requireAuth(s.tokens, 'user');

  jsonRoute(app, {
    method: 'POST',
    url: '/api/app/spot/orders',
    tags: ['spot'],
    summary: 'Place a spot order (client_order_id or Idempotency-Key: a repeat returns the first order)',
    body: SpotOrderRequest,
    response: SpotOrder,
    exactResponse: true,
    preHandler: auth,
    handler: async (request) => {
      const userId = principalOf(request).id;
      const cid = request.body.client_order_id;
      const key = idempotencyKeyOf(request);
      // The client order id is the stronger key: it is unique per user in the orders table. The
      // body's hash only when there is a key to keep it under (it was 1-2 % of every order).
      const claim = cid
        ? { userId, scope: 'spot-cid', key: cid, hash: requestHash(request.body) }
        : key
          ? { userId, scope: 'spot-order', key, hash: requestHash(request.body) }
          : undefined;
      return s.spot.place(userId, request.body, claim);
    },
  });

  jsonRoute(app, {
    method: 'DELETE',
    url: '/api/app/spot/orders/:id',
    tags: ['spot'],
    summary: 'Cancel an own open spot order',
    params: OrderIdParams,
    response: SpotOrder,
    preHandler: auth,
    handler: async (request) => s.spot.cancel(principalOf(request).id, request.params.id),
  });

  jsonRoute(app, {
    method: 'POST',
    url: '/api/app/spot/orders/cancel-all',
    tags: ['spot'],
    summary: 'Cancel all own open spot orders (of one market when symbol is given)',
    body: CancelAllRequest,
    response: CancelAllResponse,
    preHandler: auth,
    handler: async (request) => s.spot.cancelAll(principalOf(request).id, request.body.symbol),
  });

  jsonRoute(app, {
    method: 'GET',
    url: '/api/app/spot/orders',
    tags: ['spot'],
    summary: 'Own spot orders: open or history, newest first',
    query: SpotOrdersQuery,
    response: SpotOrderPage,
    preHandler: auth,
    handler: async (request) => s.spot.list(principalOf(request).id, request.query),
  });
}
