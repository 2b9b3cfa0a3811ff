import type { SpotOrderRequest, SpotOrdersQuery } from '@ex/sdk';
import {
  keepPreviousData,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { hasToken } from '../../../lib/storage.ts';
import { POLL_MS, streamKeys, useStreamStatus } from '../../stream/hooks.ts';

/** Spot and contract balances (`['wallet', 'balances']`, shared with the assets screens). */
export function useBalances() {
  const status = useStreamStatus();
  return useQuery({
    queryKey: [...streamKeys.wallet, 'balances'],
    queryFn: ({ signal }) => api.wallet.balances({ signal }),
    enabled: hasToken(window.localStorage),
    refetchInterval: status === 'open' ? 30_000 : POLL_MS * 2,
  });
}

/** Open spot orders (one page of up to 100), optionally of one pair. */
export function useOpenSpotOrders(symbol?: string) {
  const status = useStreamStatus();
  return useQuery({
    queryKey: [...streamKeys.spotOrders, 'open', symbol ?? 'all'],
    queryFn: ({ signal }) => api.spot.orders({ status: 'open', symbol, limit: 100 }, { signal }),
    enabled: hasToken(window.localStorage),
    placeholderData: keepPreviousData,
    refetchInterval: status === 'open' ? 30_000 : POLL_MS * 2,
  });
}

export const PAGE_SIZE = 20;

/** Order history pages for infinite scroll. */
export function useSpotHistory(query: Omit<SpotOrdersQuery, 'page' | 'limit'>) {
  return useInfiniteQuery({
    queryKey: [...streamKeys.spotOrders, 'history', query],
    queryFn: ({ pageParam, signal }) =>
      api.spot.orders({ ...query, page: pageParam, limit: PAGE_SIZE }, { signal }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page * last.limit < last.total ? last.page + 1 : undefined),
    enabled: hasToken(window.localStorage),
  });
}

function useInvalidateTrading() {
  const qc = useQueryClient();
  return () => {
    void qc.invalidateQueries({ queryKey: streamKeys.spotOrders });
    void qc.invalidateQueries({ queryKey: streamKeys.wallet });
  };
}

export function usePlaceSpotOrder() {
  const done = useInvalidateTrading();
  return useMutation({
    mutationFn: ({ body, key }: { body: SpotOrderRequest; key: string }) =>
      api.spot.placeOrder(body, { idempotencyKey: key, dedupe: false }),
    onSuccess: done,
  });
}

export function useCancelSpotOrder() {
  const done = useInvalidateTrading();
  return useMutation({
    mutationFn: (id: string) => api.spot.cancelOrder(id),
    onSuccess: done,
  });
}

export function useCancelAllSpot() {
  const done = useInvalidateTrading();
  return useMutation({
    mutationFn: (symbol: string | undefined) => api.spot.cancelAll(symbol ? { symbol } : {}),
    onSuccess: done,
  });
}
