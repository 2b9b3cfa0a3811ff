import { ReloadOutlined } from '@ant-design/icons';
import type { OutboxEntry } from '@ex/sdk';
import { Button, Card, Space, Switch, Table, type TableColumnsType, Tag, Tooltip, Typography } from 'antd';
import { useSearchParams } from 'react-router';
import { tokens } from '../../../app/theme.ts';
import { dateTime, timeAgo } from '../../../lib/format.ts';
import { useOutbox } from '../api/get-outbox.ts';

const LIMITS = [10, 20, 50, 100];
const AUTO_REFRESH_MS = 5000;

function readInt(value: string | null, fallback: number, allowed?: number[]): number {
  const n = value === null ? Number.NaN : Number.parseInt(value, 10);
  if (!Number.isSafeInteger(n) || n < 1) return fallback;
  return allowed && !allowed.includes(n) ? fallback : n;
}

const columns = (now: number): TableColumnsType<OutboxEntry> => [
  {
    title: 'Sent',
    dataIndex: 'created_at',
    width: 150,
    render: (at: number) => (
      <Tooltip title={dateTime(at)}>
        <span>{timeAgo(at, now)}</span>
      </Tooltip>
    ),
  },
  {
    title: 'Code',
    dataIndex: 'code',
    width: 150,
    render: (code: string | null) =>
      code ? (
        <Typography.Text
          copyable={{ text: code, tooltips: ['Copy code', 'Copied'] }}
          style={{
            fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace',
            fontSize: 16,
            color: tokens.brand,
            letterSpacing: 2,
          }}
        >
          {code}
        </Typography.Text>
      ) : (
        <Typography.Text type="secondary">—</Typography.Text>
      ),
  },
  {
    title: 'Channel',
    dataIndex: 'channel',
    width: 100,
    render: (channel: OutboxEntry['channel']) => (
      <Tag color={channel === 'email' ? 'blue' : 'purple'}>{channel === 'email' ? 'E-mail' : 'SMS'}</Tag>
    ),
  },
  {
    title: 'To',
    dataIndex: 'to',
    width: 260,
    ellipsis: true,
    render: (to: string) => <Typography.Text copyable>{to}</Typography.Text>,
  },
  {
    title: 'Scene',
    dataIndex: 'scene',
    width: 110,
    render: (scene: string | null) =>
      scene ? <Tag>{scene}</Tag> : <Typography.Text type="secondary">—</Typography.Text>,
  },
  {
    title: 'Subject',
    dataIndex: 'subject',
    ellipsis: true,
    render: (subject: string) => subject || <Typography.Text type="secondary">—</Typography.Text>,
  },
];

export function Outbox() {
  const [params, setParams] = useSearchParams();
  const page = readInt(params.get('page'), 1);
  const limit = readInt(params.get('limit'), 20, LIMITS);
  const auto = params.get('auto') === '1';
  const outbox = useOutbox(page, limit, auto ? AUTO_REFRESH_MS : false);
  const now = outbox.dataUpdatedAt || Date.now();

  const update = (next: Record<string, string | null>) => {
    const merged = new URLSearchParams(params);
    for (const [key, value] of Object.entries(next)) {
      if (value === null) merged.delete(key);
      else merged.set(key, value);
    }
    setParams(merged, { replace: true });
  };

  return (
    <>
      <div
        style={{
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'space-between',
          marginBottom: 16,
          gap: 16,
          flexWrap: 'wrap',
        }}
      >
        <div>
          <Typography.Title level={3} style={{ margin: 0 }}>
            Outbox
          </Typography.Title>
          <Typography.Text type="secondary">
            Verification codes and mails the embedded sender wrote instead of sending them.
          </Typography.Text>
        </div>
        <Space size="middle">
          <Space size="small">
            <Switch
              size="small"
              checked={auto}
              onChange={(on) => update({ auto: on ? '1' : null })}
              aria-label="Refresh automatically"
            />
            <Typography.Text type="secondary">Auto refresh (5 s)</Typography.Text>
          </Space>
          <Button icon={<ReloadOutlined spin={outbox.isFetching} />} onClick={() => void outbox.refetch()}>
            Refresh
          </Button>
        </Space>
      </div>
      <Card styles={{ body: { padding: 0 } }}>
        <Table<OutboxEntry>
          rowKey="id"
          size="middle"
          columns={columns(now)}
          dataSource={outbox.data?.list ?? []}
          loading={outbox.isLoading}
          expandable={{
            expandedRowRender: (row) => (
              <pre style={{ margin: 0, whiteSpace: 'pre-wrap', fontFamily: 'inherit', color: tokens.text2 }}>
                {row.body}
              </pre>
            ),
          }}
          locale={{ emptyText: outbox.isError ? 'Could not load the outbox' : 'Nothing sent yet' }}
          pagination={{
            current: page,
            pageSize: limit,
            total: outbox.data?.total ?? 0,
            pageSizeOptions: LIMITS,
            showSizeChanger: true,
            showTotal: (total) => `${total} messages`,
            onChange: (nextPage, nextLimit) =>
              update({ page: String(nextLimit === limit ? nextPage : 1), limit: String(nextLimit) }),
          }}
          scroll={{ x: 960 }}
          style={{ fontVariantNumeric: 'tabular-nums' }}
        />
      </Card>
    </>
  );
}
