import type { DepositStatus, WithdrawalStatus } from '@ex/contract';
import { useTranslation } from 'react-i18next';

const TONE: Record<DepositStatus | WithdrawalStatus, 'up' | 'warn' | 'down'> = {
  applying: 'warn',
  received: 'up',
  under_review: 'warn',
  completed: 'warn',
  paying: 'warn',
  success: 'up',
  review_failed: 'down',
  failed: 'down',
};

/** The spec's state names; the colour repeats what the words say. */
export function StatusChip(
  props: { kind: 'deposit'; status: DepositStatus } | { kind: 'withdraw'; status: WithdrawalStatus },
) {
  const { t } = useTranslation();
  const text =
    props.kind === 'deposit'
      ? t(`funds.depositStatus.${props.status}`)
      : t(`funds.withdrawStatus.${props.status}`);
  return <span className={`status-chip f-chip f-chip--${TONE[props.status]}`}>{text}</span>;
}
