import type { CallOptions, Client } from '../client.ts';
import type {
  ClosePositionRequest,
  ContractOrder,
  ContractOrderRequest,
  ContractOrdersQuery,
  LeverageRequest,
  MarginRequest,
  Page,
  Position,
  TpslRequest,
} from '../types.ts';

const position = (id: string) => `/api/app/contract/positions/${encodeURIComponent(id)}`;

export function contractApi(client: Client) {
  return {
    placeOrder: (body: ContractOrderRequest, opts?: CallOptions) =>
      client.post<ContractOrder>('/api/app/contract/orders', body, opts),
    orders: (query?: ContractOrdersQuery, opts?: CallOptions) =>
      client.get<Page<ContractOrder>>('/api/app/contract/orders', query, opts),
    cancelOrder: (id: string, opts?: CallOptions) =>
      client.delete<ContractOrder>(`/api/app/contract/orders/${encodeURIComponent(id)}`, undefined, opts),
    positions: (opts?: CallOptions) => client.get<Position[]>('/api/app/contract/positions', undefined, opts),
    adjustMargin: (id: string, body: MarginRequest, opts?: CallOptions) =>
      client.post<Position>(`${position(id)}/margin`, body, opts),
    setTpsl: (id: string, body: TpslRequest, opts?: CallOptions) =>
      client.post<Position>(`${position(id)}/tpsl`, body, opts),
    closePosition: (id: string, body?: ClosePositionRequest, opts?: CallOptions) =>
      client.post<unknown>(`${position(id)}/close`, body ?? {}, opts),
    setLeverage: (body: LeverageRequest, opts?: CallOptions) =>
      client.post<unknown>('/api/app/contract/leverage', body, opts),
  };
}
