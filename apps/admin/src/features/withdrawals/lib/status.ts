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
