import type { AdminStake, StakeStatus } from '@ex/contract';
import { App, Button, Descriptions, type TableColumnsType } from 'antd';
import type { ReviewSpec } from '../../../components/review-table/ReviewDrawer.tsx';
import {
  type ListQuery,
  type ReviewFilter,
  ReviewTable,
} from '../../../components/review-table/ReviewTable.tsx';
import { agoCell, CodeTag, Num } from '../../../components/table-cells.tsx';
import { UserLink } from '../../../components/UserLink.tsx';
import { codeLabel, dateTime, formatCoinOverview } from '../../../lib/format.ts';
import { useReviewStake, useSettleStakes, useStakes } from '../api/stakes.ts';

const STAKE_COLOR: Record<StakeStatus, string> = {
  review: 'gold',
  active: 'blue',
  settled: 'green',
  outstanding: 'orange',
  rejected: 'red',
};

/** The filter above the list says "Under review" for review, so does the tag. */
const STAKE_LABEL: Partial<Record<StakeStatus, string>> = { review: 'Under review' };

const StatusTag = ({ status }: { status: StakeStatus }) => (
  <CodeTag code={status} color={STAKE_COLOR} labels={STAKE_LABEL} />
);

const FILTER: ReviewFilter<StakeStatus> = {
  param: 'stakes',
  options: (['review', 'active', 'outstanding', 'settled', 'rejected'] as const).map((value) => ({
    value,
    label: STAKE_LABEL[value] ?? codeLabel(value),
  })),
  all: 'last',
  fallback: 'review',
};

/** An amount in a list: 2 up to the coin's decimals, cut (DESIGN.md "Numbers"). */
const money = (v: string, coin: string) => <Num>{`${formatCoinOverview(v, coin)} ${coin}`}</Num>;

// 998 px with the Review column: fits the card at 1280 px (ADR 239), scrolls on a phone.
const columns = (now: number): TableColumnsType<AdminStake> => [
  { title: '#', dataIndex: 'id', width: 56 },
  { title: 'User', dataIndex: 'user_id', width: 72, render: (id: string) => <UserLink id={id} /> },
  { title: 'Product', dataIndex: 'product_name', width: 190, ellipsis: true },
  { title: 'Amount', align: 'right', width: 140, render: (_, s) => money(s.amount, s.coin) },
  { title: 'Interest', align: 'right', width: 120, render: (_, s) => money(s.interest, s.coin) },
  { title: 'Days', dataIndex: 'days', width: 60 },
  { title: 'Status', width: 120, render: (_, s) => <StatusTag status={s.status} /> },
  { title: 'Staked', dataIndex: 'created_at', width: 120, render: agoCell(now) },
];

/** The stake in full precision (DESIGN.md: full precision in details). */
function Details({ stake: s }: { stake: AdminStake }) {
  return (
    <Descriptions size="small" column={1} bordered styles={{ label: { width: 160 } }}>
      <Descriptions.Item label="User id">
        <UserLink id={s.user_id} />
      </Descriptions.Item>
      <Descriptions.Item label="Product">{s.product_name}</Descriptions.Item>
      <Descriptions.Item label="Amount">
        <Num>{`${s.amount} ${s.coin}`}</Num>
      </Descriptions.Item>
      <Descriptions.Item label="Term">{`${s.days} days at ${s.daily_rate_ppm} ppm a day`}</Descriptions.Item>
      <Descriptions.Item label="Interest at the end">
        <Num>{`${s.interest} ${s.coin}`}</Num>
      </Descriptions.Item>
      <Descriptions.Item label="Staked">{dateTime(s.created_at)}</Descriptions.Item>
      {s.due_at !== null && <Descriptions.Item label="Ends">{dateTime(s.due_at)}</Descriptions.Item>}
      {s.settled_at !== null && (
        <Descriptions.Item label="Settled">{dateTime(s.settled_at)}</Descriptions.Item>
      )}
      {s.reason && <Descriptions.Item label="Reason">{s.reason}</Descriptions.Item>}
    </Descriptions>
  );
}

const useRows = ({ page, limit, filter }: ListQuery<StakeStatus>) => useStakes(page, limit, filter);

/**
 * The DeFi staking review queue (ADR 081) as the console's other review lists have it (ADR 190):
 * filter and page in the URL, a drawer per stake with Approve (confirmed) and Reject (a reason the
 * user sees; the amount goes back to their spot account).
 */
export function StakingReview() {
  const { message } = App.useApp();
  const settle = useSettleStakes();
  const review: ReviewSpec<AdminStake, AdminStake> = {
    pending: (s) => s.status === 'review',
    mutation: useReviewStake(),
    drawer: {
      title: (s) => `Stake #${s.id}`,
      width: 560,
      tag: (s) => <StatusTag status={s.status} />,
      body: (s) => <Details stake={s} />,
    },
    approve: {
      title: 'Approve this stake?',
      content: (s) =>
        `${formatCoinOverview(s.amount, s.coin)} ${s.coin} is staked for ${s.days} days from now; the interest is paid with it at the end.`,
      okText: 'Approve',
      done: (s) => `Stake #${s.id} approved`,
    },
    reject: {
      title: 'Reject this stake',
      okText: 'Reject and refund',
      maxLength: 200,
      placeholder: 'e.g. The product is full',
      done: 'Rejected; the amount went back to the user',
    },
  };
  return (
    <ReviewTable
      cardTitle="DeFi staking review"
      filter={FILTER}
      useRows={useRows}
      columns={columns}
      noun={['stake', 'stakes']}
      empty={{
        error: 'Could not load the stakes',
        none: (status) =>
          status === undefined
            ? 'No stake yet'
            : status === 'review'
              ? 'No stake waits for review'
              : `No ${codeLabel(status).toLowerCase()} stake`,
      }}
      review={review}
      actions={
        <Button
          loading={settle.isPending}
          onClick={() =>
            settle
              .mutateAsync()
              .then((r) => void message.success(`Settled ${r.settled}, outstanding ${r.outstanding}`))
          }
        >
          Settle due stakes
        </Button>
      }
    />
  );
}
