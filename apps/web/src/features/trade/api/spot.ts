import type { SpotOrdersQuery } from '@ex/sdk';
import { useMutation, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { hasToken } from '../../../lib/storage.ts';
import { POLL_MS, streamKeys, useStreamStatus } from '../../stream/hooks.ts';
import { isPositive } from '../decimal.ts';
import { useInvalidate, useOpenOrders, useOrderHistory, usePlaceOrder } from './orders.ts';

/** Spot and contract balances (`['wallet', 'balances']`, shared with the assets screens). */
export function useBalances() {
  const status = useStreamStatus();
  return useQuery({
    queryKey: [...streamKeys.wallet, 'balances'],
    queryFn: ({ signal }) => api.wallet.balances({ signal }),
    enabled: hasToken(window.localStorage),
    // With open positions the free collateral (the form's "Available") moves with the mark, like the
    // positions, which refetch every 5 s; the assets page keeps the same pace (ADR 221).
    refetchInterval: (q) =>
      q.state.data && isPositive(q.state.data.contract.position_margin)
        ? 5_000
        : status === 'open'
          ? 30_000
          : POLL_MS * 2,
  });
}

/** Open spot orders (one page of up to 100), optionally of one pair. */
export function useOpenSpotOrders(symbol?: string) {
  return useOpenOrders(streamKeys.spotOrders, symbol, api.spot.orders);
}

/** Spot order history pages for infinite scroll. */
export function useSpotHistory(query: Omit<SpotOrdersQuery, 'page' | 'limit'>) {
  return useOrderHistory(streamKeys.spotOrders, query, api.spot.orders);
}

const useInvalidateTrading = () => useInvalidate(streamKeys.spotOrders, streamKeys.wallet);

export function usePlaceSpotOrder() {
  return usePlaceOrder(api.spot.placeOrder, useInvalidateTrading());
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
