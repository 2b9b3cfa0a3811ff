import type { CallOptions, Client } from '../client.ts';
import { call } from '../endpoint.ts';
import type { Depth, Funding, Kline, KlineInterval, Trade } from '../types.ts';

export function marketApi(client: Client) {
  return {
    coins: (opts?: CallOptions) => call(client, 'marketCoins', {}, opts),
    /** `{ values, by_symbol }`: the default leverage steps and the ones of each contract market. */
    leverages: (opts?: CallOptions) => call(client, 'leverages', {}, opts),
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
