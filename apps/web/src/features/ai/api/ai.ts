import type { AiOrder, AiSubscribeRequest } from '@ex/contract';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

export const aiKeys = {
  products: ['ai', 'products'] as const,
  orders: (tab: 'active' | 'settled') => ['ai', 'orders', tab] as const,
  all: ['ai', 'orders'] as const,
  balances: ['ai', 'balances'] as const,
};

export function useAiProducts() {
  return useQuery({
    queryKey: aiKeys.products,
    queryFn: ({ signal }) => api.ai.products({ signal }),
    staleTime: 30_000,
  });
}

/** Spot balances for the "available" line of the subscription form. */
export function useSpotBalances(enabled: boolean) {
  return useQuery({
    queryKey: aiKeys.balances,
    queryFn: ({ signal }) => api.wallet.balances({ signal }),
    enabled,
  });
}

const LIMIT = 20;

export function useAiOrders(tab: 'active' | 'settled') {
  return useInfiniteQuery({
    queryKey: aiKeys.orders(tab),
    initialPageParam: 1,
    queryFn: ({ pageParam, signal }) => api.ai.orders({ tab, page: pageParam, limit: LIMIT }, { signal }),
    getNextPageParam: (last) => (last.page * last.limit < last.total ? last.page + 1 : undefined),
  });
}

export function useAiSubscribe() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: AiSubscribeRequest) => api.ai.subscribe(body),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: aiKeys.all });
      void qc.invalidateQueries({ queryKey: aiKeys.balances });
    },
  });
}

export function useAiRedeem() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (order: AiOrder) => api.ai.redeem(order.id),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: aiKeys.all });
      void qc.invalidateQueries({ queryKey: aiKeys.balances });
    },
  });
}
