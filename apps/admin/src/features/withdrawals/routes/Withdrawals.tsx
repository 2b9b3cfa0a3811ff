import type { AdminWithdrawal, WithdrawalStatus } from '@ex/contract';
import { Descriptions, type TableColumnsType, Tag, Typography } from 'antd';
import type { ReviewSpec } from '../../../components/review-table/ReviewDrawer.tsx';
import {
  type ListQuery,
  type ReviewFilter,
  ReviewTable,
} from '../../../components/review-table/ReviewTable.tsx';
import { agoCell, codeCell, usdcCell } from '../../../components/table-cells.tsx';
import { UserLink } from '../../../components/UserLink.tsx';
import { dateTime, formatUsdc } from '../../../lib/format.ts';
import { type ReviewedWithdrawal, useReviewWithdrawal, useWithdrawals } from '../api/withdrawals.ts';
import { approvedMessage, STATUS_COLOR, STATUS_LABEL, STATUSES } from '../lib/status.ts';

export const StatusTag = ({ status }: { status: WithdrawalStatus }) => (
  <Tag color={STATUS_COLOR[status]}>{STATUS_LABEL[status]}</Tag>
);

// With the Review column 990 px: inside the card at 1280 px even beside a page scrollbar, so the
// pinned Review column covers no status (ADR 239).
const columns = (now: number): TableColumnsType<AdminWithdrawal> => [
  {
    title: 'Requested',
    dataIndex: 'created_at',
    width: 120,
    render: agoCell(now),
  },
  {
    title: 'Account',
    dataIndex: 'user_account',
    width: 190,
    ellipsis: true,
    render: (v: string | null) => v ?? '—',
  },
  {
    title: 'Amount',
    dataIndex: 'amount',
    width: 140,
    align: 'right',
    render: usdcCell(),
  },
  {
    title: 'Receives',
    dataIndex: 'receive_amount',
    width: 110,
    align: 'right',
    render: usdcCell(false),
  },
  {
    title: 'To (TRC20)',
    dataIndex: 'address',
    width: 200,
    render: codeCell(8, 6),
  },
  {
    title: 'Status',
    dataIndex: 'status',
    width: 130,
    render: (s: WithdrawalStatus) => <StatusTag status={s} />,
  },
];

/** The drawer's content: what is debited, what the address receives, where and when. */
function Details({ row }: { row: AdminWithdrawal }) {
  return (
    <Descriptions size="small" column={1} bordered styles={{ label: { width: 160 } }}>
      <Descriptions.Item label="Account">{row.user_account ?? '—'}</Descriptions.Item>
      <Descriptions.Item label="User id">
        <UserLink id={row.user_id} />
      </Descriptions.Item>
      <Descriptions.Item label="Amount (debited)">{formatUsdc(row.amount)} USDC</Descriptions.Item>
      <Descriptions.Item label="Fee">{formatUsdc(row.fee)} USDC</Descriptions.Item>
      <Descriptions.Item label="Address receives">{formatUsdc(row.receive_amount)} USDC</Descriptions.Item>
      <Descriptions.Item label="Network">{row.network}</Descriptions.Item>
      <Descriptions.Item label="Address">
        <Typography.Text copyable code>
          {row.address}
        </Typography.Text>
      </Descriptions.Item>
      {row.txid && (
        <Descriptions.Item label="Transaction">
          <Typography.Text copyable code style={{ wordBreak: 'break-all' }}>
            {row.txid}
          </Typography.Text>
        </Descriptions.Item>
      )}
      <Descriptions.Item label="Requested">{dateTime(row.created_at)}</Descriptions.Item>
      {row.reviewed_at !== null && (
        <Descriptions.Item label="Reviewed">{dateTime(row.reviewed_at)}</Descriptions.Item>
      )}
      {row.reason && <Descriptions.Item label="Reason">{row.reason}</Descriptions.Item>}
    </Descriptions>
  );
}

const FILTER: ReviewFilter<WithdrawalStatus> = {
  param: 'status',
  options: STATUSES.map((s) => ({ label: STATUS_LABEL[s], value: s })),
  all: 'last',
  fallback: 'under_review',
};

const useRows = ({ page, limit, filter }: ListQuery<WithdrawalStatus>) => useWithdrawals(page, limit, filter);

export function Withdrawals() {
  const review: ReviewSpec<AdminWithdrawal, ReviewedWithdrawal> = {
    pending: (row) => row.status === 'under_review',
    mutation: useReviewWithdrawal(),
    drawer: {
      title: () => 'Withdrawal',
      width: 600,
      tag: (row) => <StatusTag status={row.status} />,
      body: (row) => <Details row={row} />,
    },
    approve: {
      title: 'Approve and pay out?',
      content: (row) =>
        `${formatUsdc(row.receive_amount)} USDC go from the hot wallet to ${row.address} on TRC20. This cannot be undone on chain.`,
      okText: 'Approve and pay',
      done: (r) => approvedMessage(r.status),
    },
    reject: {
      title: 'Reject this withdrawal',
      okText: 'Reject and refund',
      maxLength: 500,
      placeholder: 'e.g. The address failed our screening',
      done: 'Rejected: amount and fee are back in the user’s spot account',
    },
  };
  return (
    <ReviewTable
      title="Withdrawals"
      description="USDC on TRC20, newest first. Approving pays out from the hot wallet; rejecting refunds amount and fee and shows the user your reason."
      filter={FILTER}
      useRows={useRows}
      columns={columns}
      noun={['withdrawal', 'withdrawals']}
      empty={{ error: 'Could not load the withdrawals', none: 'No withdrawal here' }}
      review={review}
    />
  );
}
