import type { ExchangeQuoteRequest } from '@ex/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
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

/** How long typing pauses before the live estimate asks the server (Binance Convert's feel). */
export const ESTIMATE_DEBOUNCE_MS = 300;
/** How often the estimate on screen is asked again while the user waits (prices move). */
export const ESTIMATE_REFRESH_MS = 10_000;

type EstimateRequest = { from: string; to: string; amount: string };
const same = (a: EstimateRequest | null, b: EstimateRequest | null) =>
  a !== null && b !== null && a.from === b.from && a.to === b.to && a.amount === b.amount;

/**
 * The live "You receive" estimate: a quote for `request` (null: nothing valid typed) once typing has
 * paused for 300 ms, asked again every 10 s while the amount stays on screen and the tab is visible
 * (and at once on coming back to the tab if the answer is older than 5 s). Each request has its own
 * cache entry, and only the entry of the request on screen is read, so an answer for an amount the
 * user has since changed (or one that arrives after a later one) is never shown; within one entry a
 * refresh never runs beside another call, so an older answer cannot land after a newer one.
 * `pending` covers the pause and the first call; a refresh keeps the figure on screen until its
 * answer replaces it. The quote it gets is only an estimate: Exchange asks for a fresh one for the
 * confirmation sheet.
 */
export function useEstimate(request: EstimateRequest | null) {
  const [asked, setAsked] = useState<EstimateRequest | null>(null);
  const from = request?.from;
  const to = request?.to;
  const amount = request?.amount;
  useEffect(() => {
    if (from === undefined || to === undefined || amount === undefined) {
      setAsked(null);
      return;
    }
    const id = setTimeout(() => setAsked({ from, to, amount }), ESTIMATE_DEBOUNCE_MS);
    return () => clearTimeout(id);
  }, [from, to, amount]);
  const current = same(asked, request);
  const q = useQuery({
    queryKey: ['exchange', 'estimate', asked?.from, asked?.to, asked?.amount],
    // Quiet: a refusal shows under the amount, not as a toast at every pause in typing.
    queryFn: ({ signal }) => api.exchange.quote(asked as EstimateRequest, { signal, quiet: true }),
    enabled: current,
    // A server refusal is an answer (shown under the amount), not a hiccup to retry.
    retry: false,
    staleTime: 5_000,
    gcTime: 10_000,
    // Only while the tab is visible (refetchIntervalInBackground stays off).
    refetchInterval: ESTIMATE_REFRESH_MS,
    refetchOnWindowFocus: true,
  });
  return {
    quote: current ? q.data : undefined,
    error: current ? q.error : null,
    pending: request !== null && (!current || (q.isFetching && q.data === undefined)),
  };
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
