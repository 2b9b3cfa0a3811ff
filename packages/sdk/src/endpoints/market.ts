import type { CallOptions, Client } from '../client.ts';
import type { Coin, Depth, Funding, Kline, KlineInterval, Leverages, Trade } from '../types.ts';

export function marketApi(client: Client) {
  return {
    coins: (opts?: CallOptions) => client.get<Coin[]>('/api/app/market/coins', undefined, opts),
    leverages: (query?: { symbol?: string }, opts?: CallOptions) =>
      client.get<Leverages>('/api/app/leverages', query, opts),
    depth: (query: { symbol: string; limit?: number }, opts?: CallOptions) =>
      client.get<Depth>('/api/app/market/depth', query, opts),
    trades: (query: { symbol: string; limit?: number }, opts?: CallOptions) =>
      client.get<Trade[]>('/api/app/market/trades', query, opts),
    klines: (query: { symbol: string; interval: KlineInterval; limit?: number }, opts?: CallOptions) =>
      client.get<Kline[]>('/api/app/market/klines', query, opts),
    funding: (query: { symbol: string }, opts?: CallOptions) =>
      client.get<Funding>('/api/app/contract/funding', query, opts),
  };
}
