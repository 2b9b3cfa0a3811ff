import type { AuditEntry } from '@ex/contract';
import { Input, Select, Space, type TableColumnsType, Typography } from 'antd';
import { ConsoleTable } from '../../../components/ConsoleTable.tsx';
import { actionLabel, codeLabel, dateTime } from '../../../lib/format.ts';
import { readInt, useUrlState } from '../../../lib/url-state.ts';
import { type AuditFilters, useAudit } from '../api/audit.ts';

/**
 * Every target type the server writes: its own entries' (user, operator, market) and, for the
 * other routes with an `:id`, the first path segment after /api/admin/ (ops/roles.ts auditOnSend).
 * Support, AI savings, dividends, votes and releases were missing, so their decisions (a ticket
 * closed, a product disabled) could not be filtered for. A call that creates something names what
 * it created (a notice: content and its new id); a message names its user, a broadcast is
 * `messages` (ADR 265).
 */
const TARGETS = [
  'user',
  'operator',
  'market',
  'withdrawals',
  'kyc',
  'staking',
  'ai',
  'otc',
  'ieo',
  'dividends',
  'votes',
  'content',
  'messages',
  'reserves',
  'support',
  'releases',
];
/** Target types whose words are not just the code capitalised. */
const TARGET_LABEL: Record<string, string> = { kyc: 'KYC', otc: 'OTC', ieo: 'IEO', ai: 'AI savings' };
/** A target type in words: the acronyms in capitals ("KYC 2", not "Kyc 2"). */
const targetLabel = (t: string) => TARGET_LABEL[t] ?? codeLabel(t);

/** A time in a before/after record ("banned_at", "reviewed_at", ...) as a date, not epoch milliseconds. */
const readableTimes = (key: string, v: unknown) =>
  key.endsWith('_at') && typeof v === 'number' ? dateTime(v) : v;

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** One value of a change in words: a time as a date, nothing as a dash, a long text cut. */
function shortValue(key: string, v: unknown): string {
  const shown = readableTimes(key, v);
  const text =
    shown === null || shown === undefined ? '—' : typeof shown === 'string' ? shown : JSON.stringify(shown);
  return text.length > 60 ? `${text.slice(0, 59)}…` : text;
}

/**
 * What an entry changed, a line a field ("enabled: true → false"), and what the operator said
 * (a ban's reason, an unban's note), so the point of an entry reads without scrolling to its
 * records. Only fields both records have are compared (a stored row and an answer name some
 * fields differently, ADR 265); an entry without a before (a create) lists nothing.
 */
export function changeLines(before: unknown, after: unknown, max = 4): string[] {
  if (!isRecord(before) || !isRecord(after)) return [];
  const lines: string[] = [];
  for (const [key, value] of Object.entries(after)) {
    if (key in before) {
      if (JSON.stringify(before[key]) !== JSON.stringify(value))
        lines.push(`${key}: ${shortValue(key, before[key])} → ${shortValue(key, value)}`);
    } else if ((key === 'reason' || key === 'note') && typeof value === 'string') {
      lines.push(`${key}: ${shortValue(key, value)}`);
    }
  }
  // The operator's words first: they say why.
  lines.sort((a, b) => Number(/^(reason|note): /.test(b)) - Number(/^(reason|note): /.test(a)));
  return lines.length > max ? [...lines.slice(0, max), `+${lines.length - max} more`] : lines;
}

/**
 * One record in full: wrapped at the panel's width (a long value breaks, never runs off screen),
 * its times as dates.
 */
function Json({ value }: { value: unknown }) {
  if (value === null || value === undefined) return <Typography.Text type="secondary">—</Typography.Text>;
  return (
    <pre style={{ margin: 0, fontSize: 12, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
      {JSON.stringify(value, readableTimes, 1)}
    </pre>
  );
}

/**
 * The records of an entry, shown when its row is opened: before and after side by side, each at
 * half the table's width and as long as it is. As two more columns of the row they pushed the
 * After off a 1280 px screen; the row keeps what changed and why beneath the action.
 */
export function AuditRecords({ entry }: { entry: AuditEntry }) {
  const records = [
    ['Before', entry.before],
    ['After', entry.after],
  ] as const;
  return (
    <div style={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr) minmax(0, 1fr)', gap: 16 }}>
      {records.map(([title, value]) => (
        <section key={title} aria-label={title} style={{ minWidth: 0 }}>
          <Typography.Text strong>{title}</Typography.Text>
          <Json value={value} />
        </section>
      ))}
    </div>
  );
}

const columns: TableColumnsType<AuditEntry> = [
  { title: 'When', dataIndex: 'created_at', width: 170, render: (at: number) => dateTime(at) },
  // Cut with an ellipsis; the whole address on hover.
  { title: 'Operator', dataIndex: 'admin_email', width: 200, ellipsis: { showTitle: true } },
  {
    title: 'Action',
    dataIndex: 'action',
    // The one column without a width: it takes what the others leave and wraps its lines.
    // In words, with the code beneath (the filter above searches by code), then what changed and why.
    render: (action: string, e) => (
      <div style={{ minWidth: 190 }}>
        <div>{actionLabel(action)}</div>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {action}
        </Typography.Text>
        {changeLines(e.before, e.after).map((line) => (
          <div key={line} style={{ fontSize: 12, marginTop: 4, overflowWrap: 'anywhere' }}>
            {line}
          </div>
        ))}
      </div>
    ),
  },
  {
    title: 'Target',
    width: 150,
    render: (_: unknown, e) => (e.target_type ? `${targetLabel(e.target_type)} ${e.target_id ?? ''}` : '—'),
  },
  { title: 'IP', dataIndex: 'ip', width: 140, render: (ip: string | null) => ip ?? '—' },
];

/** Read-only by design: the server has no route that changes an entry and the table refuses it. */
export function Audit() {
  const { params, update } = useUrlState();
  const page = readInt(params.get('page'), 1);
  const filters: AuditFilters = {};
  for (const key of ['action', 'target_type', 'target_id'] as const) {
    const v = params.get(key);
    if (v) filters[key] = v;
  }
  const audit = useAudit(page, 50, filters);

  return (
    <>
      <Typography.Title level={4}>Audit log</Typography.Title>
      <Space style={{ marginBottom: 16 }} wrap>
        <Input.Search
          aria-label="Action"
          placeholder="Action, e.g. user.ban"
          allowClear
          defaultValue={filters.action}
          onSearch={(v) => update({ action: v.trim(), page: null })}
          style={{ width: 240 }}
        />
        <Select
          aria-label="Target type"
          placeholder="Target type"
          allowClear
          value={filters.target_type}
          onChange={(v: string | undefined) => update({ target_type: v, page: null })}
          options={TARGETS.map((t) => ({ value: t, label: targetLabel(t) }))}
          style={{ width: 160 }}
        />
        <Input.Search
          aria-label="Target id"
          placeholder="Target id"
          allowClear
          defaultValue={filters.target_id}
          onSearch={(v) => update({ target_id: v.trim(), page: null })}
          style={{ width: 180 }}
        />
      </Space>
      <ConsoleTable
        rowKey="id"
        size="small"
        loading={audit.isFetching}
        columns={columns}
        // Before and after in full under the row (a click on the row or its toggle opens it).
        expandable={{ expandedRowRender: (e) => <AuditRecords entry={e} />, expandRowByClick: true }}
        dataSource={audit.data?.list ?? []}
        locale={{
          emptyText: audit.isError
            ? 'Could not load the audit log'
            : Object.keys(filters).length > 0
              ? 'No action matches these filters'
              : 'No operator action yet: reviews, bans and changes to markets and content appear here.',
        }}
        pagination={{
          current: page,
          pageSize: 50,
          total: audit.data?.total ?? 0,
          showSizeChanger: false,
          onChange: (p) => update({ page: String(p) }),
        }}
      />
    </>
  );
}
