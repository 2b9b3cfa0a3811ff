import type {
  LedgerEntry,
  Position,
  UserCardRecord,
  UserDetailRecords,
  UserKycRecord,
  UserOrderRecord,
} from '@ex/contract';
import { type TableColumnType, Tabs, Typography } from 'antd';
import { ConsoleTable } from '../../../components/ConsoleTable.tsx';
import { CodeTag, dateTimeCell, Num, SIDE_COLOR, SideTag } from '../../../components/table-cells.tsx';
import { codeLabel, formatDecimal } from '../../../lib/format.ts';
import { ledgerRefText } from './ledger-ref.ts';

/**
 * The user drawer's tabs. Orders, positions, ledger, KYC and cards are typed from @ex/contract
 * (`UserDetailRecords`, ADR 239): every column names a field of its record, so a renamed field
 * fails the console's typecheck. The cells still render defensively: a time as an absolute local
 * date (a detail, DESIGN.md), an amount grouped with all its digits, a code as words, and "—" for
 * anything missing or malformed. The generic table it replaces showed the first nine keys raw:
 * epoch milliseconds, snake_case titles and, for a spot order, no time at all.
 */

/**
 * A column over the record type: `dataIndex` must be one of its fields (antd's own column type
 * takes any string there, so a renamed field would only have shown "—").
 */
type Column<Row> = Omit<TableColumnType<Row>, 'dataIndex'> & { dataIndex?: keyof Row & string };

type Balance = UserDetailRecords['balances'][number];
type Session = UserDetailRecords['sessions'][number];

const NONE = '—';
const DECIMAL_RE = /^-?\d+(\.\d+)?$/;

/** A decimal string from the API, grouped with all its digits (at least 2); "—" otherwise. */
const amount = (v: string | null | undefined) =>
  typeof v === 'string' && DECIMAL_RE.test(v) ? <Num>{formatDecimal(v, { minFraction: 2 })}</Num> : NONE;

/** A price: null for a market order. */
const price = (v: string | null) =>
  v === null ? <Typography.Text type="secondary">Market</Typography.Text> : amount(v);

const text = (v: string | number | null | undefined) =>
  typeof v === 'string' && v !== '' ? v : typeof v === 'number' && Number.isFinite(v) ? String(v) : NONE;

const label = (v: string | null | undefined) => (typeof v === 'string' && v !== '' ? codeLabel(v) : NONE);

const STATUS_COLOR: Record<string, string> = {
  open: 'gold',
  partially_filled: 'blue',
  filled: 'green',
  cancelled: 'default',
  under_audit: 'gold',
  passed: 'green',
  failed: 'red',
};
/** Order and KYC states; the KYC queue says "Under review" for under_audit, so does this tab. */
const STATUS_LABEL: Record<string, string> = { under_audit: 'Under review' };
const status = (v: string) => <CodeTag code={v} color={STATUS_COLOR} labels={STATUS_LABEL} />;

/** A futures order has an action (open long, close short, ...) and a leverage; a spot order neither. */
const isFutures = (o: UserOrderRecord): o is Extract<UserOrderRecord, { action: unknown }> => 'action' in o;

const TIME = { width: 170, render: dateTimeCell };
const AMOUNT = { align: 'right' as const, render: amount };

/** Spot and futures orders side by side. */
const orderColumns: Column<UserOrderRecord>[] = [
  { title: 'Placed', dataIndex: 'created_at', ...TIME },
  { title: 'Market', dataIndex: 'symbol', width: 110, render: text },
  {
    title: 'Kind',
    width: 120,
    render: (_: unknown, o) => (isFutures(o) ? `Futures ${o.leverage}x` : 'Spot'),
  },
  {
    title: 'Side',
    width: 110,
    // A futures order's action says both: "Open long", "Close short".
    render: (_: unknown, o) =>
      isFutures(o) ? <CodeTag code={o.action} color={SIDE_COLOR[o.side]} /> : <SideTag side={o.side} />,
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

const positionColumns: Column<Position>[] = [
  { title: 'Opened', dataIndex: 'opened_at', ...TIME },
  { title: 'Market', dataIndex: 'symbol', width: 110, render: text },
  { title: 'Side', dataIndex: 'side', width: 90, render: (v: Position['side']) => <SideTag side={v} /> },
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

const ledgerColumns: Column<LedgerEntry>[] = [
  { title: 'Time', dataIndex: 'created_at', ...TIME },
  { title: 'Account', dataIndex: 'account', width: 100, render: label },
  { title: 'Coin', dataIndex: 'coin', width: 80, render: text },
  { title: 'Type', dataIndex: 'type', width: 150, render: label },
  { title: 'Amount', dataIndex: 'amount', ...AMOUNT },
  { title: 'Balance after', dataIndex: 'balance_after', ...AMOUNT },
  // What the entry belongs to in words (ADR 245); the raw reference stays beside it for support.
  {
    title: 'Belongs to',
    dataIndex: 'ref',
    // Words, not an id: wide enough that a liquidation reads on two lines, not five.
    minWidth: 240,
    render: (v: LedgerEntry['ref']) => ledgerRefText(v) ?? NONE,
  },
  { title: 'Reference', dataIndex: 'ref_id', render: text },
];

const DOCUMENT: Record<UserKycRecord['document_type'], string> = {
  id_card: 'ID card',
  passport: 'Passport',
  driver_license: 'Driver licence',
};
const kycColumns: Column<UserKycRecord>[] = [
  { title: 'Submitted', dataIndex: 'submitted_at', ...TIME },
  { title: 'Status', dataIndex: 'status', width: 130, render: status },
  { title: 'Country', dataIndex: 'country', width: 80, render: text },
  {
    title: 'Document',
    dataIndex: 'document_type',
    width: 130,
    render: (v: UserKycRecord['document_type']) => DOCUMENT[v] ?? label(v),
  },
  { title: 'Reason', dataIndex: 'reason', ellipsis: true, render: text },
  { title: 'Reviewed', dataIndex: 'reviewed_at', ...TIME },
  { title: 'Reviewed by', dataIndex: 'reviewed_by', render: text },
  { title: 'Application', dataIndex: 'id', render: text },
];

const cardColumns: Column<UserCardRecord>[] = [
  { title: 'Added', dataIndex: 'created_at', ...TIME },
  { title: 'Bank', dataIndex: 'bank_name', render: text },
  { title: 'Card', dataIndex: 'card_number', width: 120, render: text },
  { title: 'Holder', dataIndex: 'holder_name', render: text },
];

const sessionColumns: Column<Session>[] = [
  { title: 'Signed in', dataIndex: 'created_at', ...TIME },
  { title: 'Expires', dataIndex: 'expires_at', ...TIME },
  { title: 'Session', dataIndex: 'id', render: text },
];

const balanceColumns: Column<Balance>[] = [
  { title: 'Account', dataIndex: 'account', width: 110, render: label },
  { title: 'Coin', dataIndex: 'coin', width: 90, render: text },
  { title: 'Available', dataIndex: 'available', ...AMOUNT },
  { title: 'Frozen', dataIndex: 'frozen', ...AMOUNT },
];

function RecordTable<Row extends object>({
  rows,
  columns,
  empty,
}: {
  rows: readonly Row[];
  columns: Column<Row>[];
  empty: string;
}) {
  if (rows.length === 0) return <Typography.Text type="secondary">{empty}</Typography.Text>;
  return (
    <ConsoleTable<Row>
      size="small"
      // Spot and futures order ids may repeat across the two tables: the index keeps keys unique.
      rowKey={(r) => `${'id' in r && typeof r.id === 'string' ? r.id : ''}:${rows.indexOf(r)}`}
      pagination={false}
      dataSource={rows}
      columns={columns}
    />
  );
}

export function UserDetailTabs({ d }: { d: UserDetailRecords }) {
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
