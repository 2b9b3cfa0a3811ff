import type { WithdrawalStatus } from '@ex/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ReviewDecision } from '../../../components/review-table/ReviewDrawer.tsx';
import { api } from '../../../lib/api.ts';

/** What approving or rejecting answers: the withdrawal as it now is. */
export type ReviewedWithdrawal = Awaited<ReturnType<typeof api.chain.admin.approve>>;

export const withdrawalsKey = ['admin', 'withdrawals'] as const;

export function useWithdrawals(page: number, limit: number, status: WithdrawalStatus | undefined) {
  return useQuery({
    queryKey: [...withdrawalsKey, page, limit, status ?? 'all'],
    queryFn: ({ signal }) =>
      api.chain.admin.withdrawals({ page, limit, ...(status ? { status } : {}) }, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useReviewWithdrawal() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: ReviewDecision) =>
      input.decision === 'approve'
        ? api.chain.admin.approve(input.id)
        : api.chain.admin.reject(input.id, input.reason),
    onSettled: () => qc.invalidateQueries({ queryKey: withdrawalsKey }),
  });
}
