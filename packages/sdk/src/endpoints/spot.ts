import type { CallOptions, Client } from '../client.ts';
import { call } from '../endpoint.ts';
import type { CancelAllRequest, SpotOrderRequest, SpotOrdersQuery } from '../types.ts';

export function spotApi(client: Client) {
  return {
    /** Pass `client_order_id` or `idempotencyKey`: a repeat returns the first order. */
    placeOrder: (body: SpotOrderRequest, opts?: CallOptions) =>
      call(client, 'spotPlaceOrder', { body }, opts),
    cancelOrder: (id: string, opts?: CallOptions) =>
      call(client, 'spotCancelOrder', { params: { id } }, opts),
    /** All own open orders, or those of one market. */
    cancelAll: (body?: CancelAllRequest, opts?: CallOptions) =>
      call(client, 'spotCancelAll', { body: body ?? {} }, opts),
    orders: (query?: SpotOrdersQuery, opts?: CallOptions) => call(client, 'spotOrders', { query }, opts),
  };
}
