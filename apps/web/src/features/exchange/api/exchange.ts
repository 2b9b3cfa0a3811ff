import type { ExchangeQuoteRequest } from '@ex/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

export const exchangeKeys = {
  coins: ['exchange', 'coins'] as const,
  history: ['exchange', 'history'] as const,
  // Same key as the wallet screens: one cache, refreshed after an exchange.
  balances: ['wallet', 'balances'] as const,
};

export function useExchangeCoins() {
  return useQuery({
    queryKey: exchangeKeys.coins,
    queryFn: ({ signal }) => api.exchange.coins({ signal }),
    staleTime: 5 * 60_000,
  });
}

export function useSpotBalances() {
  return useQuery({
    queryKey: exchangeKeys.balances,
    queryFn: ({ signal }) => api.wallet.balances({ signal }),
    staleTime: 2_000,
  });
}

export function useExchangeHistory() {
  return useQuery({
    queryKey: exchangeKeys.history,
    queryFn: ({ signal }) => api.exchange.history({ limit: 50 }, { signal }),
  });
}

export function useQuote() {
  return useMutation({ mutationFn: (body: ExchangeQuoteRequest) => api.exchange.quote(body) });
}

export function useExecute() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (quoteId: string) => api.exchange.execute(quoteId),
    onSettled: async () => {
      await Promise.all([
        qc.invalidateQueries({ queryKey: exchangeKeys.history }),
        qc.invalidateQueries({ queryKey: ['wallet'] }),
      ]);
    },
  });
}
