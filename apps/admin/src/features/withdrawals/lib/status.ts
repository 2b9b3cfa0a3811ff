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

/** "1234.500000" -> "1,234.5" without going through a float. */
export function formatUsdc(value: string): string {
  const [int = '0', frac = ''] = value.split('.');
  const grouped = int.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const trimmed = frac.replace(/0+$/, '');
  return `${grouped}.${trimmed.padEnd(2, '0')}`;
}
