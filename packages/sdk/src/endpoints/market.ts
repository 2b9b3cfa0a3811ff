import type { CallOptions, Client } from '../client.ts';
import { call, type QueryParamsOf } from '../endpoint.ts';

export function marketApi(client: Client) {
  return {
    coins: (opts?: CallOptions) => call(client, 'marketCoins', {}, opts),
    /** `{ values, by_symbol }`: the default leverage steps and the ones of each contract market. */
    leverages: (opts?: CallOptions) => call(client, 'leverages', {}, opts),
    depth: (query: QueryParamsOf<'marketDepth'> & { symbol: string }, opts?: CallOptions) =>
      call(client, 'marketDepth', { query }, opts),
    trades: (query: QueryParamsOf<'marketTrades'> & { symbol: string }, opts?: CallOptions) =>
      call(client, 'marketTrades', { query }, opts),
    klines: (
      query: QueryParamsOf<'marketKlines'> &
        Pick<Required<QueryParamsOf<'marketKlines'>>, 'symbol' | 'interval'>,
      opts?: CallOptions,
    ) => call(client, 'marketKlines', { query }, opts),
    funding: (query: { symbol: string }, opts?: CallOptions) =>
      call(client, 'contractFunding', { query }, opts),
  };
}
