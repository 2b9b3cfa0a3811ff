import type { WithdrawalStatus } from '@ex/contract';

export const STATUSES: WithdrawalStatus[] = [
  'under_review',
  'completed',
  'paying',
  'success',
  'review_failed',
  'failed',
];

export const STATUS_LABEL: Record<WithdrawalStatus, string> = {
  under_review: 'Under review',
  completed: 'Approved, queued',
  paying: 'Paying',
  success: 'Success',
  review_failed: 'Rejected',
  failed: 'Failed on chain',
};

export const STATUS_COLOR: Record<WithdrawalStatus, string> = {
  under_review: 'gold',
  completed: 'blue',
  paying: 'blue',
  success: 'green',
  review_failed: 'red',
  failed: 'red',
};

/**
 * What the operator is told after approving, by the status the withdrawal reached: the bare label
 * read "Approved: Success".
 */
export function approvedMessage(status: WithdrawalStatus): string {
  switch (status) {
    case 'success':
      return 'Approved and paid out';
    case 'completed':
      return 'Approved; queued for payout';
    case 'paying':
      return 'Approved; the payout is on its way';
    case 'failed':
      return 'Approved, but the payout failed on chain';
    default:
      return `Approved (${STATUS_LABEL[status].toLowerCase()})`;
  }
}
