import type { MarketParamsRequest } from '@ex/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

export const marketsKey = ['admin', 'markets'] as const;

export function useMarkets() {
  return useQuery({ queryKey: marketsKey, queryFn: ({ signal }) => api.admin.markets({ signal }) });
}

/** Pause (with a reason) or resume one market; the server refuses new orders while paused. */
export function useSetPaused() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: { symbol: string; reason: string } | { symbol: string; reason: null }) =>
      input.reason === null
        ? api.admin.resumeMarket(input.symbol)
        : api.admin.pauseMarket(input.symbol, { reason: input.reason }),
    onSuccess: () => qc.invalidateQueries({ queryKey: marketsKey }),
  });
}

/** New fees (decimal fractions) and/or leverage list of one market (ADR 154); admin only. */
export function useSetParams() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: { symbol: string; body: MarketParamsRequest }) =>
      api.admin.setMarketParams(input.symbol, input.body),
    onSuccess: () => qc.invalidateQueries({ queryKey: marketsKey }),
  });
}
