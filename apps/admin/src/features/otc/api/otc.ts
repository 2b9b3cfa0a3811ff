import type { OtcAdCreate, OtcReview, OtcStatus, TreasuryFundRequest } from '@ex/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

export const otcKey = ['admin', 'otc'] as const;
export const treasuryKey = ['admin', 'treasury'] as const;

export function useOtcOrders(page: number, status: OtcStatus | undefined) {
  return useQuery({
    queryKey: [...otcKey, 'orders', page, status ?? 'all'],
    queryFn: ({ signal }) =>
      api.otc.adminOrders({ page, limit: 20, ...(status ? { status } : {}) }, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useOtcAds() {
  return useQuery({ queryKey: [...otcKey, 'ads'], queryFn: ({ signal }) => api.otc.adminAds({ signal }) });
}

export function useTreasury() {
  return useQuery({
    queryKey: treasuryKey,
    queryFn: ({ signal }) => api.exchange.adminTreasury({ purpose: 'otc' }, { signal }),
  });
}

export function useOtcMutations() {
  const qc = useQueryClient();
  const settled = () =>
    Promise.all([
      qc.invalidateQueries({ queryKey: otcKey }),
      qc.invalidateQueries({ queryKey: treasuryKey }),
    ]);
  return {
    review: useMutation({
      mutationFn: (v: { id: string; body: OtcReview }) => api.otc.adminReview(v.id, v.body),
      onSettled: settled,
    }),
    createAd: useMutation({
      mutationFn: (body: OtcAdCreate) => api.otc.adminCreateAd(body),
      onSettled: settled,
    }),
    setActive: useMutation({
      mutationFn: (v: { id: string; active: boolean }) => api.otc.adminSetAdActive(v.id, v.active),
      onSettled: settled,
    }),
    fund: useMutation({
      // The desk's own inventory (ADR 113), not the flash exchange's float.
      mutationFn: (body: TreasuryFundRequest) => api.exchange.adminFundTreasury({ ...body, purpose: 'otc' }),
      onSettled: settled,
    }),
  };
}
