import type { StakeStatus } from '@ex/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ReviewDecision } from '../../../components/review-table/ReviewDrawer.tsx';
import { api } from '../../../lib/api.ts';

/** Everything the Earn page loads starts with this key: a decision refreshes all of it. */
export const earnKey = ['admin', 'earn'] as const;

/** The stakes of one page, newest first; `status` undefined: every status. */
export function useStakes(page: number, limit: number, status: StakeStatus | undefined) {
  return useQuery({
    queryKey: [...earnKey, 'stakes', page, limit, status ?? 'all'],
    queryFn: ({ signal }) =>
      api.staking.adminStakes({ page, limit, ...(status ? { status } : {}) }, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** Approve a stake under review, or reject it with a reason (the amount goes back to the user). */
export function useReviewStake() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: ReviewDecision) =>
      api.staking.adminReview(
        input.id,
        input.decision === 'approve' ? { action: 'approve' } : { action: 'reject', reason: input.reason },
      ),
    onSettled: () => qc.invalidateQueries({ queryKey: earnKey }),
  });
}

/** Pays every stake whose period is over; a short reserve leaves it outstanding. */
export function useSettleStakes() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => api.staking.adminSettle(),
    onSettled: () => qc.invalidateQueries({ queryKey: earnKey }),
  });
}
