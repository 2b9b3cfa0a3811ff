import type { OutboxEntry } from '@ex/sdk';
import { Space, Switch, type TableColumnsType, Tag, Tooltip, Typography } from 'antd';
import { tokens } from '../../../app/theme.ts';
import { type ListQuery, ReviewTable } from '../../../components/review-table/ReviewTable.tsx';
import { CodeTag } from '../../../components/table-cells.tsx';
import { dateTime, timeAgo } from '../../../lib/format.ts';
import { useUrlState } from '../../../lib/url-state.ts';
import { useOutbox } from '../api/get-outbox.ts';

const AUTO_REFRESH_MS = 5000;

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
      scene ? <CodeTag code={scene} /> : <Typography.Text type="secondary">—</Typography.Text>,
  },
  {
    title: 'Subject',
    dataIndex: 'subject',
    ellipsis: true,
    render: (subject: string) => subject || <Typography.Text type="secondary">—</Typography.Text>,
  },
];

const expandable = {
  expandedRowRender: (row: OutboxEntry) => (
    <pre style={{ margin: 0, whiteSpace: 'pre-wrap', fontFamily: 'inherit', color: tokens.text2 }}>
      {row.body}
    </pre>
  ),
};

export function Outbox() {
  const { params, update } = useUrlState();
  const auto = params.get('auto') === '1';
  const useRows = ({ page, limit }: ListQuery<never>) =>
    useOutbox(page, limit, auto ? AUTO_REFRESH_MS : false);
  return (
    <ReviewTable
      title="Outbox"
      description="Verification codes and mails the embedded sender wrote instead of sending them."
      useRows={useRows}
      columns={columns}
      noun={['message', 'messages']}
      empty={{ error: 'Could not load the outbox', none: 'Nothing sent yet' }}
      scrollX={960}
      controls={
        <Space size="small">
          <Switch
            size="small"
            checked={auto}
            onChange={(on) => update({ auto: on ? '1' : null })}
            aria-label="Refresh automatically"
          />
          <Typography.Text type="secondary">Auto refresh (5 s)</Typography.Text>
        </Space>
      }
      table={{ expandable, style: { fontVariantNumeric: 'tabular-nums' } }}
    />
  );
}
