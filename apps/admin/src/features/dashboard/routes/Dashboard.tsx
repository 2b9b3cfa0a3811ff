import { Row, Tag, Typography } from 'antd';
import { Link } from 'react-router';
import {
  codeLabel,
  dateTime,
  formatCoinOverview,
  formatDecimal,
  formatUsdcOverview,
} from '../../../lib/format.ts';
import { useDashboard, useOtherQueues } from '../api/dashboard.ts';
import { useQtyScales } from '../api/market-scales.ts';
import { DashboardCard } from '../components/DashboardCard.tsx';

/** "1 deposit", "3 deposits": a bare count after a sum read as a second figure. */
const count = (n: number, noun: string) => `${n.toLocaleString('en-US')} ${noun}${n === 1 ? '' : 's'}`;

const num = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;

/** A queue's count for the Pending reviews card: '…' while loading, '?' when it could not be read. */
const total = (q: { data?: { total: number }; isError: boolean }) =>
  q.data ? String(q.data.total) : q.isError ? '?' : '…';

/** What each treasury pays for, in the operator's words (the API sends its code). */
const PURPOSE: Record<string, string> = {
  flash: 'Flash exchange',
  otc: 'OTC payouts',
  earn: 'Earn interest',
  dividend: 'Dividends',
};

/**
 * Amounts arrive as decimal strings and are formatted as strings (DESIGN.md "Numbers"): USDC with 2
 * decimals (an overview), quantities with their market's step precision, thousands separators; no
 * float ever rounds them. Sums of the day round half up; balances (insurance fund, treasury) are
 * cut towards zero, so a fund never shows a cent more than it holds.
 */
export function Dashboard() {
  const d = useDashboard().data;
  const scales = useQtyScales().data;
  const queues = useOtherQueues();
  // Until the market list is there (or when it fails) a quantity keeps the digits the server sent.
  const qty = (v: string, symbol: string) => {
    const scale = scales?.get(symbol);
    return <span style={num}>{formatDecimal(v, { minFraction: scale, maxFraction: scale })}</span>;
  };
  if (!d) return <Typography.Text type="secondary">Loading…</Typography.Text>;
  return (
    <>
      <Typography.Title level={4}>Dashboard</Typography.Title>
      <Typography.Paragraph type="secondary">As of {dateTime(d.ts)}</Typography.Paragraph>
      <Row gutter={[16, 16]}>
        <DashboardCard stat={{ title: 'Users', value: d.users.total, suffix: `+${d.users.today} today` }} />
        <DashboardCard
          stat={{
            title: 'Deposits today (USDC)',
            value: formatUsdcOverview(d.deposits_today.amount),
            suffix: `· ${count(d.deposits_today.count, 'deposit')}`,
          }}
        />
        <DashboardCard
          stat={{
            title: 'Withdrawals today (USDC)',
            value: formatUsdcOverview(d.withdrawals_today.amount),
            suffix: `· ${count(d.withdrawals_today.count, 'withdrawal')}`,
          }}
        />
        <DashboardCard
          stat={{ title: 'Insurance fund (USDC)', value: formatUsdcOverview(d.insurance_fund, 'down') }}
        />
        <DashboardCard title="Pending reviews">
          <p>
            <Link to="/withdrawals">Withdrawals: {d.pending_reviews.withdrawals}</Link>
          </p>
          <p>
            <Link to="/kyc">KYC: {d.pending_reviews.kyc}</Link>
          </p>
          {/* The other queues an operator decides on: they were not on the first screen at all. */}
          <p>
            <Link to="/earn?tab=staking">Stakes: {total(queues.stakes)}</Link>
          </p>
          <p>
            <Link to="/otc">OTC orders: {total(queues.otc)}</Link>
          </p>
          <p>
            <Link to="/support">Open tickets: {total(queues.tickets)}</Link>
          </p>
        </DashboardCard>
        <DashboardCard title="Engine">
          <p>Database {d.engine.db_ok ? <Tag color="green">OK</Tag> : <Tag color="red">Down</Tag>}</p>
          <p>Journal: {d.engine.journal_length} commands</p>
          <p>
            Index:{' '}
            {d.engine.stale_index.length === 0 ? (
              <Tag color="green">Fresh</Tag>
            ) : (
              d.engine.stale_index.map((s) => (
                <Tag key={s} color="orange">
                  Stale {s}
                </Tag>
              ))
            )}
          </p>
          <p>
            Paused:{' '}
            {d.engine.paused_markets.length === 0
              ? 'None'
              : d.engine.paused_markets.map((s) => (
                  <Tag key={s} color="red">
                    {s}
                  </Tag>
                ))}
          </p>
        </DashboardCard>
        <DashboardCard title="Users" xs={24} lg={12}>
          <p>Banned: {d.users.banned}</p>
        </DashboardCard>
        <DashboardCard
          title="Volume, last 24 h"
          xs={24}
          lg={12}
          table={{
            rows: d.volume_24h,
            rowKey: 'symbol',
            columns: [
              { title: 'Market', dataIndex: 'symbol' },
              {
                title: 'Base',
                dataIndex: 'base_volume',
                align: 'right',
                render: (v: string, r) => qty(v, r.symbol),
              },
              {
                title: 'Quote (USDC)',
                dataIndex: 'quote_volume',
                align: 'right',
                render: (v: string) => <span style={num}>{formatUsdcOverview(v)}</span>,
              },
            ],
          }}
        />
        <DashboardCard
          title="Open interest"
          xs={24}
          lg={12}
          table={{
            rows: d.open_interest,
            rowKey: 'symbol',
            columns: [
              { title: 'Market', dataIndex: 'symbol' },
              {
                title: 'Quantity',
                dataIndex: 'quantity',
                align: 'right',
                render: (v: string, r) => qty(v, r.symbol),
              },
            ],
          }}
        />
        <DashboardCard
          title="Treasury"
          xs={24}
          lg={12}
          table={{
            rows: d.treasury,
            rowKey: (t) => `${t.purpose}.${t.coin}`,
            columns: [
              { title: 'Purpose', dataIndex: 'purpose', render: (p: string) => PURPOSE[p] ?? codeLabel(p) },
              { title: 'Coin', dataIndex: 'coin' },
              {
                title: 'Available',
                dataIndex: 'available',
                align: 'right',
                render: (v: string, t) => {
                  const text = <span style={num}>{formatCoinOverview(v, t.coin)}</span>;
                  return t.low ? <Tag color="orange">{text}</Tag> : text;
                },
              },
            ],
          }}
        />
      </Row>
    </>
  );
}
