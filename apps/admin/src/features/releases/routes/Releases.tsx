import { CloudUploadOutlined, ExpandAltOutlined } from '@ant-design/icons';
import { LANGS } from '@ex/i18n';
import { Button, Descriptions, Grid, Progress, type TableColumnsType, Tag, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { tokens } from '../../../app/theme.ts';
import {
  type ListQuery,
  type ReviewFilter,
  ReviewTable,
} from '../../../components/review-table/ReviewTable.tsx';
import { dateTime, formatPercent, timeAgo } from '../../../lib/format.ts';
import { type Platform, type ReleaseRecord, useReleases } from '../api/releases.ts';
import { PublishReleaseDrawer } from '../components/PublishReleaseDrawer.tsx';
import { WidenRolloutModal } from '../components/WidenRolloutModal.tsx';
import { fileSize, LANG_LABELS } from '../lib/publish-form.ts';

const mono = { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace', fontSize: 12 } as const;

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
        format={(p) => formatPercent(p ?? 0)}
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

const FILTER: ReviewFilter<Platform> = {
  param: 'platform',
  options: [
    { label: 'Android', value: 'android' },
    { label: 'iOS', value: 'ios' },
  ],
  all: 'first',
  fallback: 'all',
};

const useRows = ({ page, limit, filter }: ListQuery<Platform>) => useReleases(page, limit, filter);

const expandable = { expandedRowRender: (row: ReleaseRecord) => <Details row={row} /> };

export function Releases() {
  const screens = Grid.useBreakpoint();
  const [publishing, setPublishing] = useState(false);
  const [widening, setWidening] = useState<ReleaseRecord | null>(null);

  return (
    <>
      <ReviewTable
        title="Releases"
        description="Signed web bundles for the native apps, newest first, and their staged rollout."
        filter={FILTER}
        useRows={useRows}
        columns={(now) => columns(now, screens.md === true, setWidening)}
        noun={['release', 'releases']}
        empty={{ error: 'Could not load the releases', none: 'No release published yet' }}
        scrollX={1000}
        actions={
          <Button type="primary" icon={<CloudUploadOutlined />} onClick={() => setPublishing(true)}>
            Publish release
          </Button>
        }
        table={{ expandable, style: { fontVariantNumeric: 'tabular-nums' } }}
      />
      <PublishReleaseDrawer open={publishing} onClose={() => setPublishing(false)} />
      <WidenRolloutModal release={widening} onClose={() => setWidening(null)} />
    </>
  );
}
