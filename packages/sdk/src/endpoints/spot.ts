import type { CallOptions, Client } from '../client.ts';
import type { Page, SpotOrder, SpotOrderRequest, SpotOrdersQuery } from '../types.ts';

export function spotApi(client: Client) {
  return {
    placeOrder: (body: SpotOrderRequest, opts?: CallOptions) =>
      client.post<SpotOrder>('/api/app/spot/orders', body, opts),
    cancelOrder: (id: string, opts?: CallOptions) =>
      client.delete<SpotOrder>(`/api/app/spot/orders/${encodeURIComponent(id)}`, undefined, opts),
    cancelAll: (body?: { symbol?: string }, opts?: CallOptions) =>
      client.post<unknown>('/api/app/spot/orders/cancel-all', body ?? {}, opts),
    orders: (query?: SpotOrdersQuery, opts?: CallOptions) =>
      client.get<Page<SpotOrder>>('/api/app/spot/orders', query, opts),
  };
}
