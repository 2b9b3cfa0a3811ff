import type { OtcOrderRequest } from '@ex/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

export const otcKeys = {
  ads: ['otc', 'ads'] as const,
  orders: ['otc', 'orders'] as const,
};

export function useOtcAds() {
  return useQuery({ queryKey: otcKeys.ads, queryFn: ({ signal }) => api.otc.ads({ signal }) });
}

export function useOtcOrders() {
  return useQuery({
    queryKey: otcKeys.orders,
    queryFn: ({ signal }) => api.otc.orders({ limit: 50 }, { signal }),
  });
}

export function usePlaceOtc() {
  const qc = useQueryClient();
  return useMutation({
    // Quiet: the sheet shows every refusal itself (no toast over it).
    mutationFn: (body: OtcOrderRequest) => api.otc.place(body, { quiet: true }),
    onSettled: async () => {
      await Promise.all([
        qc.invalidateQueries({ queryKey: ['otc'] }),
        qc.invalidateQueries({ queryKey: ['wallet'] }),
      ]);
    },
  });
}
