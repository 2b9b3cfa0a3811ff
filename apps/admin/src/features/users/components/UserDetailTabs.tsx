import type { UserDetail } from '@ex/contract';
import { type TableColumnsType, Tabs, Tag, Typography } from 'antd';
import { ConsoleTable } from '../../../components/ConsoleTable.tsx';
import { dateTimeCell, Num } from '../../../components/table-cells.tsx';
import { codeLabel, formatDecimal } from '../../../lib/format.ts';

/**
 * The user drawer's tabs. Orders, positions, ledger, KYC and cards come from the API as plain
 * records (`Record<string, unknown>`: joins over the tables the domains own), so every column here
 * names the field it shows and renders whatever arrives defensively: a time as an absolute local
 * date (a detail, DESIGN.md), an amount grouped with all its digits, a code as words, and "—" for
 * anything missing or malformed. The generic table it replaces showed the first nine keys raw:
 * epoch milliseconds, snake_case titles and, for a spot order, no time at all.
 */

type Rec = Record<string, unknown>;

const NONE = '—';
const DECIMAL_RE = /^-?\d+(\.\d+)?$/;

/** A decimal string from the API, grouped with all its digits (at least 2); "—" otherwise. */
const amount = (v: unknown) =>
  typeof v === 'string' && DECIMAL_RE.test(v) ? <Num>{formatDecimal(v, { minFraction: 2 })}</Num> : NONE;

/** A price: null for a market order. */
const price = (v: unknown) =>
  v === null ? <Typography.Text type="secondary">Market</Typography.Text> : amount(v);

const text = (v: unknown) =>
  typeof v === 'string' && v !== '' ? v : typeof v === 'number' && Number.isFinite(v) ? String(v) : NONE;

const label = (v: unknown) => (typeof v === 'string' && v !== '' ? codeLabel(v) : NONE);

const SIDE_COLOR: Record<string, string> = { buy: 'green', long: 'green', sell: 'red', short: 'red' };
const side = (v: unknown) =>
  typeof v === 'string' && v !== '' ? <Tag color={SIDE_COLOR[v]}>{codeLabel(v)}</Tag> : NONE;

const STATUS_COLOR: Record<string, string> = {
  open: 'gold',
  partially_filled: 'blue',
  filled: 'green',
  cancelled: 'default',
  under_audit: 'gold',
  passed: 'green',
  failed: 'red',
};
const status = (v: unknown) =>
  typeof v === 'string' && v !== '' ? <Tag color={STATUS_COLOR[v]}>{codeLabel(v)}</Tag> : NONE;

const TIME = { width: 170, render: dateTimeCell };
const AMOUNT = { align: 'right' as const, render: amount };

/** Spot and futures orders side by side: a futures order has an action and a leverage. */
const orderColumns: TableColumnsType<Rec> = [
  { title: 'Placed', dataIndex: 'created_at', ...TIME },
  { title: 'Market', dataIndex: 'symbol', width: 110, render: text },
  {
    title: 'Kind',
    width: 120,
    render: (_: unknown, o) =>
      typeof o.leverage === 'number'
        ? `Futures ${o.leverage}x`
        : typeof o.action === 'string'
          ? 'Futures'
          : 'Spot',
  },
  {
    title: 'Side',
    width: 110,
    render: (_: unknown, o) => (typeof o.action === 'string' ? label(o.action) : side(o.side)),
  },
  { title: 'Type', dataIndex: 'type', width: 110, render: label },
  { title: 'Price', dataIndex: 'price', align: 'right', render: price },
  { title: 'Quantity', dataIndex: 'quantity', ...AMOUNT },
  { title: 'Filled', dataIndex: 'filled', ...AMOUNT },
  { title: 'Avg price', dataIndex: 'avg_price', ...AMOUNT },
  { title: 'Status', dataIndex: 'status', width: 130, render: status },
  { title: 'Updated', dataIndex: 'updated_at', ...TIME },
  { title: 'Order ID', dataIndex: 'id', render: text },
];

const positionColumns: TableColumnsType<Rec> = [
  { title: 'Opened', dataIndex: 'opened_at', ...TIME },
  { title: 'Market', dataIndex: 'symbol', width: 110, render: text },
  { title: 'Side', dataIndex: 'side', width: 90, render: side },
  {
    title: 'Margin mode',
    width: 130,
    render: (_: unknown, p) => (
      <Num>{`${label(p.margin_mode)}${typeof p.leverage === 'number' ? ` ${p.leverage}x` : ''}`}</Num>
    ),
  },
  { title: 'Size', dataIndex: 'size', ...AMOUNT },
  { title: 'Entry price', dataIndex: 'entry_price', ...AMOUNT },
  { title: 'Mark price', dataIndex: 'mark_price', ...AMOUNT },
  { title: 'Liq. price', dataIndex: 'liquidation_price', ...AMOUNT },
  { title: 'Margin', dataIndex: 'margin', ...AMOUNT },
  { title: 'Unrealised PnL', dataIndex: 'unrealized_pnl', ...AMOUNT },
];

const ledgerColumns: TableColumnsType<Rec> = [
  { title: 'Time', dataIndex: 'created_at', ...TIME },
  { title: 'Account', dataIndex: 'account', width: 100, render: label },
  { title: 'Coin', dataIndex: 'coin', width: 80, render: text },
  { title: 'Type', dataIndex: 'type', width: 150, render: label },
  { title: 'Amount', dataIndex: 'amount', ...AMOUNT },
  { title: 'Balance after', dataIndex: 'balance_after', ...AMOUNT },
  { title: 'Reference', dataIndex: 'ref_id', render: text },
];

const DOCUMENT: Record<string, string> = {
  id_card: 'ID card',
  passport: 'Passport',
  driver_license: 'Driver licence',
};
const kycColumns: TableColumnsType<Rec> = [
  { title: 'Submitted', dataIndex: 'submitted_at', ...TIME },
  { title: 'Status', dataIndex: 'status', width: 130, render: status },
  { title: 'Country', dataIndex: 'country', width: 80, render: text },
  {
    title: 'Document',
    dataIndex: 'document_type',
    width: 130,
    render: (v: unknown) => (typeof v === 'string' ? (DOCUMENT[v] ?? codeLabel(v)) : NONE),
  },
  { title: 'Reason', dataIndex: 'reason', ellipsis: true, render: text },
  { title: 'Reviewed', dataIndex: 'reviewed_at', ...TIME },
  { title: 'Reviewed by', dataIndex: 'reviewed_by', render: text },
  { title: 'Application', dataIndex: 'id', render: text },
];

const cardColumns: TableColumnsType<Rec> = [
  { title: 'Added', dataIndex: 'created_at', ...TIME },
  { title: 'Bank', dataIndex: 'bank_name', render: text },
  { title: 'Card', dataIndex: 'card_number', width: 120, render: text },
  { title: 'Holder', dataIndex: 'holder_name', render: text },
];

const sessionColumns: TableColumnsType<Rec> = [
  { title: 'Signed in', dataIndex: 'created_at', ...TIME },
  { title: 'Expires', dataIndex: 'expires_at', ...TIME },
  { title: 'Session', dataIndex: 'id', render: text },
];

const balanceColumns: TableColumnsType<Rec> = [
  { title: 'Account', dataIndex: 'account', width: 110, render: label },
  { title: 'Coin', dataIndex: 'coin', width: 90, render: text },
  { title: 'Available', dataIndex: 'available', ...AMOUNT },
  { title: 'Frozen', dataIndex: 'frozen', ...AMOUNT },
];

function RecordTable({
  rows,
  columns,
  empty,
}: {
  rows: Rec[];
  columns: TableColumnsType<Rec>;
  empty: string;
}) {
  if (rows.length === 0) return <Typography.Text type="secondary">{empty}</Typography.Text>;
  return (
    <ConsoleTable<Rec>
      size="small"
      // Spot and futures order ids may repeat across the two tables: the index keeps keys unique.
      rowKey={(r) => `${text(r.id)}:${rows.indexOf(r)}`}
      pagination={false}
      dataSource={rows}
      columns={columns}
    />
  );
}

export function UserDetailTabs({ d }: { d: UserDetail }) {
  return (
    <Tabs
      items={[
        {
          key: 'balances',
          label: 'Balances',
          children: <RecordTable rows={d.balances} columns={balanceColumns} empty="No balances" />,
        },
        {
          key: 'orders',
          label: `Orders (${d.orders.length})`,
          children: <RecordTable rows={d.orders} columns={orderColumns} empty="No orders" />,
        },
        {
          key: 'positions',
          label: `Positions (${d.positions.length})`,
          children: <RecordTable rows={d.positions} columns={positionColumns} empty="No open positions" />,
        },
        {
          key: 'ledger',
          label: 'Ledger',
          children: <RecordTable rows={d.ledger} columns={ledgerColumns} empty="No ledger entries" />,
        },
        {
          key: 'kyc',
          label: 'KYC',
          children: <RecordTable rows={d.kyc} columns={kycColumns} empty="No identity verification" />,
        },
        {
          key: 'cards',
          label: 'Cards',
          children: <RecordTable rows={d.cards} columns={cardColumns} empty="No bank cards" />,
        },
        {
          key: 'sessions',
          label: `Sessions (${d.sessions.length})`,
          children: <RecordTable rows={d.sessions} columns={sessionColumns} empty="No live sessions" />,
        },
      ]}
    />
  );
}
