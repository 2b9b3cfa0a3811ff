import type { KycReviewStatus } from '@ex/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

export const kycKey = ['admin', 'kyc'] as const;

export function useKycApplications(page: number, limit: number, status: KycReviewStatus | undefined) {
  return useQuery({
    queryKey: [...kycKey, page, limit, status ?? 'all'],
    queryFn: ({ signal }) => api.kyc.adminList({ page, limit, ...(status ? { status } : {}) }, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useReviewKyc() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (
      input: { id: string; decision: 'approve' } | { id: string; decision: 'reject'; reason: string },
    ) => (input.decision === 'approve' ? api.kyc.approve(input.id) : api.kyc.reject(input.id, input.reason)),
    onSuccess: () => qc.invalidateQueries({ queryKey: kycKey }),
  });
}
