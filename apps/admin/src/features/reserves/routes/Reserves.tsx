import { CameraOutlined, ReloadOutlined } from '@ant-design/icons';
import type { SnapshotSummary } from '@ex/contract';
import { isApiError } from '@ex/sdk';
import { Alert, App, Button, Card, Space, type TableColumnsType, Tag, Typography } from 'antd';
import { ConsoleTable } from '../../../components/ConsoleTable.tsx';
import { CodeTag, Num } from '../../../components/table-cells.tsx';
import { dateTime, formatPercent, formatUsdcOverview } from '../../../lib/format.ts';
import { useSnapshotNow, useSnapshots } from '../api/reserves.ts';

/** Below 100% the users' USDC is not fully on chain: shown in red, never rounded up (ADR 141). */
function Ratio({ value }: { value: string | null }) {
  if (value === null) return <Tag>Unknown</Tag>;
  const [whole] = value.split('.');
  return <Tag color={Number(whole) >= 100 ? 'green' : 'red'}>{formatPercent(value)}</Tag>;
}

// Every column sized: 930 px, inside the card at 1280 px even beside a page scrollbar (ADR 239).
const columns: TableColumnsType<SnapshotSummary> = [
  { title: 'Taken', dataIndex: 'created_at', width: 170, render: (ms: number) => dateTime(ms) },
  { title: 'Trigger', dataIndex: 'trigger', width: 80, render: (v: string) => <CodeTag code={v} /> },
  { title: 'Users', dataIndex: 'users', width: 70, align: 'right' },
  {
    title: 'USDC on chain',
    width: 140,
    align: 'right',
    // What is held is cut: never a cent more than on chain. The ratio is the server's, from the
    // exact figures.
    render: (_: unknown, s) =>
      s.reserve.reserves === null ? '—' : <Num>{formatUsdcOverview(s.reserve.reserves, 'down')}</Num>,
  },
  {
    title: 'USDC owed',
    width: 140,
    align: 'right',
    // What is owed is rounded up: never a cent less than the users' balances (the held column is cut).
    render: (_: unknown, s) => <Num>{formatUsdcOverview(s.reserve.liabilities, 'up')}</Num>,
  },
  { title: 'Ratio', width: 100, render: (_: unknown, s) => <Ratio value={s.reserve.ratio_percent} /> },
  {
    title: 'Negative accounts',
    dataIndex: 'negative_accounts',
    width: 90,
    align: 'right',
    render: (n: number) => (n > 0 ? <Tag color="orange">{n}</Tag> : 0),
  },
  {
    title: 'Root',
    dataIndex: 'root_hash',
    width: 140,
    render: (v: string) => (
      <Typography.Text code copyable={{ text: v }} title={v}>
        {`${v.slice(0, 12)}…`}
      </Typography.Text>
    ),
  },
];

/** Proof of liabilities: the history of published snapshots and their reserve ratios, and "snapshot now". */
export function Reserves() {
  const { message } = App.useApp();
  const snapshots = useSnapshots();
  const now = useSnapshotNow();

  const take = async () => {
    try {
      const s = await now.mutateAsync();
      void message.success(`Snapshot ${s.id} published for ${s.users} users`);
    } catch (err) {
      void message.error(isApiError(err) ? err.message : 'The snapshot failed');
    }
  };

  return (
    <Card
      title="Proof of liabilities and reserves"
      extra={
        <Space>
          <Button icon={<ReloadOutlined />} onClick={() => void snapshots.refetch()}>
            Refresh
          </Button>
          <Button
            type="primary"
            icon={<CameraOutlined />}
            loading={now.isPending}
            onClick={() => void take()}
          >
            Snapshot now
          </Button>
        </Space>
      }
    >
      <Typography.Paragraph type="secondary">
        A snapshot is taken daily and published signed; users verify their own balance against its root. The
        ratio compares USDC held in the hot and deposit wallets with the USDC owed to users.
      </Typography.Paragraph>
      {snapshots.isError && <Alert type="error" showIcon message="Could not load the snapshots" />}
      <ConsoleTable<SnapshotSummary>
        rowKey="id"
        size="small"
        loading={snapshots.isPending}
        columns={columns}
        dataSource={snapshots.data ?? []}
        pagination={{ pageSize: 30 }}
        // A fresh start has none until the daily run: say so, and what gives one now.
        locale={{
          emptyText: snapshots.isError
            ? 'Could not load the snapshots'
            : 'No snapshot yet: the daily one has not run since the start. Snapshot now publishes one.',
        }}
      />
    </Card>
  );
}
