import { CloudUploadOutlined, ExpandAltOutlined, ReloadOutlined } from '@ant-design/icons';
import { LANGS } from '@ex/i18n';
import {
  Button,
  Card,
  Descriptions,
  Grid,
  Progress,
  Segmented,
  Space,
  Table,
  type TableColumnsType,
  Tag,
  Tooltip,
  Typography,
} from 'antd';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { tokens } from '../../../app/theme.ts';
import { dateTime, timeAgo } from '../../../lib/format.ts';
import { type Platform, type ReleaseRecord, useReleases } from '../api/releases.ts';
import { PublishReleaseDrawer } from '../components/PublishReleaseDrawer.tsx';
import { WidenRolloutModal } from '../components/WidenRolloutModal.tsx';
import { fileSize, LANG_LABELS } from '../lib/publish-form.ts';

const LIMITS = [10, 20, 50, 100];
const mono = { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace', fontSize: 12 } as const;

function readInt(value: string | null, fallback: number, allowed?: number[]): number {
  const n = value === null ? Number.NaN : Number.parseInt(value, 10);
  if (!Number.isSafeInteger(n) || n < 1) return fallback;
  return allowed && !allowed.includes(n) ? fallback : n;
}

function readPlatform(value: string | null): Platform | undefined {
  return value === 'android' || value === 'ios' ? value : undefined;
}

const PlatformTag = ({ platform }: { platform: Platform }) =>
  platform === 'ios' ? <Tag color="geekblue">iOS</Tag> : <Tag color="green">Android</Tag>;

const columns = (
  now: number,
  wide: boolean,
  widen: (r: ReleaseRecord) => void,
): TableColumnsType<ReleaseRecord> => [
  {
    title: 'Version',
    dataIndex: 'version',
    width: 116,
    // Pinned columns would leave no room for the scrolling ones on a phone.
    fixed: wide ? 'left' : undefined,
    render: (version: string) => (
      <Typography.Text strong style={{ color: tokens.text, wordBreak: 'break-all' }}>
        {version}
      </Typography.Text>
    ),
  },
  {
    title: 'Platform',
    dataIndex: 'platform',
    width: 86,
    render: (platform: Platform) => <PlatformTag platform={platform} />,
  },
  { title: 'Min native', dataIndex: 'min_native_version', width: 86 },
  {
    title: 'Rollout',
    dataIndex: 'rollout_percent',
    width: 110,
    render: (percent: number) => (
      <Progress
        percent={percent}
        size="small"
        strokeColor={percent >= 100 ? tokens.up : tokens.brand}
        format={(p) => `${p}%`}
        status="normal"
        style={{ margin: 0 }}
      />
    ),
  },
  {
    title: 'MD5',
    dataIndex: 'md5',
    width: 250,
    render: (md5: string) => (
      // No copy button here so the full hash fits at desktop width; the expanded row has one.
      <Typography.Text style={{ ...mono, whiteSpace: 'nowrap' }} data-md5={md5}>
        {md5}
      </Typography.Text>
    ),
  },
  {
    title: 'SHA-256',
    dataIndex: 'sha256',
    width: 110,
    render: (sha: string) => (
      <Tooltip title={<span style={{ ...mono, wordBreak: 'break-all' }}>{sha}</span>}>
        <Typography.Text
          copyable={{ text: sha, tooltips: ['Copy SHA-256', 'Copied'] }}
          style={{ ...mono, whiteSpace: 'nowrap' }}
        >
          {sha.slice(0, 10)}…
        </Typography.Text>
      </Tooltip>
    ),
  },
  {
    title: 'Published',
    dataIndex: 'created_at',
    width: 104,
    render: (at: number, row) => (
      <div style={{ lineHeight: 1.35 }}>
        <Tooltip title={dateTime(at)}>
          <span>{timeAgo(at, now)}</span>
        </Tooltip>
        {/* The list does not carry the publisher yet; the line appears once the server sends it. */}
        {row.created_by && (
          <Typography.Text type="secondary" ellipsis style={{ display: 'block', fontSize: 12, maxWidth: 96 }}>
            by {row.created_by}
          </Typography.Text>
        )}
      </div>
    ),
  },
  {
    title: '',
    key: 'actions',
    width: 92,
    fixed: wide ? 'right' : undefined,
    render: (_: unknown, row) => (
      <Button
        size="small"
        icon={<ExpandAltOutlined />}
        disabled={row.rollout_percent >= 100}
        onClick={() => widen(row)}
        aria-label={`Widen rollout of ${row.version}`}
      >
        {row.rollout_percent >= 100 ? 'Full' : 'Widen'}
      </Button>
    ),
  },
];

function Details({ row }: { row: ReleaseRecord }) {
  return (
    <Descriptions size="small" column={1} bordered styles={{ label: { width: 160 } }}>
      {LANGS.map((lang) => (
        <Descriptions.Item key={lang} label={`Notes · ${LANG_LABELS[lang]}`}>
          <span style={{ whiteSpace: 'pre-wrap' }}>{row.release_content?.[lang] ?? '—'}</span>
        </Descriptions.Item>
      ))}
      <Descriptions.Item label="MD5">
        <Typography.Text copyable style={mono}>
          {row.md5}
        </Typography.Text>
      </Descriptions.Item>
      <Descriptions.Item label="SHA-256">
        <Typography.Text copyable style={{ ...mono, wordBreak: 'break-all' }}>
          {row.sha256}
        </Typography.Text>
      </Descriptions.Item>
      <Descriptions.Item label="Signature">
        <Typography.Text copyable style={{ ...mono, wordBreak: 'break-all' }}>
          {row.signature}
        </Typography.Text>
      </Descriptions.Item>
      <Descriptions.Item label="Download">
        <Typography.Link href={row.download_path} style={mono}>
          {row.download_path}
        </Typography.Link>
      </Descriptions.Item>
      <Descriptions.Item label="Size">{fileSize(row.size_bytes)}</Descriptions.Item>
      <Descriptions.Item label="Published">
        {dateTime(row.created_at)}
        {row.created_by ? ` by ${row.created_by}` : ''}
      </Descriptions.Item>
    </Descriptions>
  );
}

export function Releases() {
  const [params, setParams] = useSearchParams();
  const page = readInt(params.get('page'), 1);
  const limit = readInt(params.get('limit'), 20, LIMITS);
  const platform = readPlatform(params.get('platform'));
  const releases = useReleases(page, limit, platform);
  const now = releases.dataUpdatedAt || Date.now();
  const screens = Grid.useBreakpoint();
  const [publishing, setPublishing] = useState(false);
  const [widening, setWidening] = useState<ReleaseRecord | null>(null);

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
            Releases
          </Typography.Title>
          <Typography.Text type="secondary">
            Signed web bundles for the native apps, newest first, and their staged rollout.
          </Typography.Text>
        </div>
        <Space size="middle" wrap>
          <Segmented
            value={platform ?? 'all'}
            onChange={(v) => update({ platform: v === 'all' ? null : String(v), page: null })}
            options={[
              { label: 'All', value: 'all' },
              { label: 'Android', value: 'android' },
              { label: 'iOS', value: 'ios' },
            ]}
          />
          <Button
            icon={<ReloadOutlined spin={releases.isFetching} />}
            onClick={() => void releases.refetch()}
          >
            Refresh
          </Button>
          <Button type="primary" icon={<CloudUploadOutlined />} onClick={() => setPublishing(true)}>
            Publish release
          </Button>
        </Space>
      </div>
      <Card styles={{ body: { padding: 0 } }}>
        <Table<ReleaseRecord>
          rowKey="id"
          size="middle"
          columns={columns(now, screens.md === true, setWidening)}
          dataSource={releases.data?.list ?? []}
          loading={releases.isLoading}
          expandable={{ expandedRowRender: (row) => <Details row={row} /> }}
          locale={{
            emptyText: releases.isError ? 'Could not load the releases' : 'No release published yet',
          }}
          pagination={{
            current: page,
            pageSize: limit,
            total: releases.data?.total ?? 0,
            pageSizeOptions: LIMITS,
            showSizeChanger: true,
            showTotal: (total) => `${total} releases`,
            onChange: (nextPage, nextLimit) =>
              update({ page: String(nextLimit === limit ? nextPage : 1), limit: String(nextLimit) }),
          }}
          scroll={{ x: 1000 }}
          style={{ fontVariantNumeric: 'tabular-nums' }}
        />
      </Card>
      <PublishReleaseDrawer open={publishing} onClose={() => setPublishing(false)} />
      <WidenRolloutModal release={widening} onClose={() => setWidening(null)} />
    </>
  );
}
