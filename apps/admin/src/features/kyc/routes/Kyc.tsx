import { CheckOutlined, CloseOutlined, ReloadOutlined } from '@ant-design/icons';
import type { AdminKycItem, KycReviewStatus } from '@ex/contract';
import {
  App,
  Button,
  Card,
  Descriptions,
  Drawer,
  Form,
  Image,
  Input,
  Modal,
  Segmented,
  Space,
  Table,
  type TableColumnsType,
  Tag,
  Typography,
} from 'antd';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { dateTime, timeAgo } from '../../../lib/format.ts';
import { useKycApplications, useKycImage, useReviewKyc } from '../api/kyc.ts';

const LIMITS = [10, 20, 50, 100];
const STATUSES: KycReviewStatus[] = ['under_audit', 'passed', 'failed'];
const STATUS_LABEL: Record<KycReviewStatus, string> = {
  under_audit: 'Under review',
  passed: 'Passed',
  failed: 'Failed',
};
const DOC_LABEL: Record<AdminKycItem['document_type'], string> = {
  id_card: 'ID card',
  passport: 'Passport',
  driver_license: 'Driver licence',
};

function readInt(value: string | null, fallback: number, allowed?: number[]): number {
  const n = value === null ? Number.NaN : Number.parseInt(value, 10);
  if (!Number.isSafeInteger(n) || n < 1) return fallback;
  return allowed && !allowed.includes(n) ? fallback : n;
}

function readStatus(value: string | null): KycReviewStatus | 'all' {
  if (value === 'all') return 'all';
  return STATUSES.find((s) => s === value) ?? 'under_audit';
}

export const StatusTag = ({ status }: { status: KycReviewStatus }) => (
  <Tag color={status === 'passed' ? 'green' : status === 'failed' ? 'red' : 'gold'}>
    {STATUS_LABEL[status]}
  </Tag>
);

const columns = (now: number, open: (row: AdminKycItem) => void): TableColumnsType<AdminKycItem> => [
  {
    title: 'Submitted',
    dataIndex: 'submitted_at',
    width: 140,
    render: (ms: number) => <span title={dateTime(ms)}>{timeAgo(ms, now)}</span>,
  },
  { title: 'Account', dataIndex: 'account', width: 200, ellipsis: true },
  {
    title: 'Name',
    width: 180,
    render: (_: unknown, row) => `${row.family_name} ${row.given_name}`,
  },
  { title: 'Country', dataIndex: 'country', width: 80 },
  {
    title: 'Document',
    width: 200,
    render: (_: unknown, row) => (
      <span>
        {DOC_LABEL[row.document_type]} <Typography.Text code>{row.document_number}</Typography.Text>
      </span>
    ),
  },
  {
    title: 'Status',
    dataIndex: 'status',
    width: 120,
    render: (s: KycReviewStatus) => <StatusTag status={s} />,
  },
  {
    title: '',
    width: 100,
    render: (_: unknown, row) => (
      <Button
        size="small"
        type={row.status === 'under_audit' ? 'primary' : 'default'}
        onClick={() => open(row)}
      >
        {row.status === 'under_audit' ? 'Review' : 'View'}
      </Button>
    ),
  },
];

/** One document image, loaded through the authenticated admin endpoint (never a plain src URL). */
function DocumentImage({ url, label, alt }: { url: string; label: string; alt: string }) {
  const { src, failed } = useKycImage(url);
  return (
    <figure style={{ margin: 0 }}>
      {src ? (
        <Image src={src} alt={alt} width={180} height={120} style={{ objectFit: 'cover', borderRadius: 6 }} />
      ) : (
        <div
          role="status"
          style={{
            width: 180,
            height: 120,
            borderRadius: 6,
            display: 'grid',
            placeItems: 'center',
            background: 'rgba(0, 0, 0, 0.04)',
            fontSize: 12,
            opacity: 0.7,
          }}
        >
          {failed ? 'Image unavailable' : 'Loading…'}
        </div>
      )}
      <figcaption style={{ fontSize: 12, opacity: 0.7 }}>{label}</figcaption>
    </figure>
  );
}

function ReviewDrawer({ row, onClose }: { row: AdminKycItem | null; onClose: () => void }) {
  const { message } = App.useApp();
  const review = useReviewKyc();
  const [rejecting, setRejecting] = useState(false);
  const [form] = Form.useForm<{ reason: string }>();
  const pending = row?.status === 'under_audit';

  const approve = () => {
    if (!row) return;
    Modal.confirm({
      title: 'Approve this identity?',
      content: `${row.family_name} ${row.given_name} (${row.account}) becomes verified and can bind bank cards and withdraw.`,
      okText: 'Approve',
      onOk: () =>
        review.mutateAsync({ id: row.id, decision: 'approve' }).then(() => {
          void message.success('Approved');
          onClose();
        }),
    });
  };

  const reject = async () => {
    if (!row) return;
    const { reason } = await form.validateFields();
    await review.mutateAsync({ id: row.id, decision: 'reject', reason: reason.trim() });
    void message.success('Rejected');
    setRejecting(false);
    form.resetFields();
    onClose();
  };

  return (
    <Drawer
      open={row !== null}
      onClose={onClose}
      width={640}
      title={row ? `Identity #${row.id}` : ''}
      extra={row && <StatusTag status={row.status} />}
      footer={
        pending && (
          <Space style={{ display: 'flex', justifyContent: 'flex-end' }}>
            <Button danger icon={<CloseOutlined />} onClick={() => setRejecting(true)}>
              Reject
            </Button>
            <Button type="primary" icon={<CheckOutlined />} loading={review.isPending} onClick={approve}>
              Approve
            </Button>
          </Space>
        )
      }
    >
      {row && (
        <Space direction="vertical" size="large" style={{ width: '100%' }}>
          <Image.PreviewGroup>
            <Space wrap size="middle" aria-label="Document images">
              {(
                [
                  ['Front', row.front_url],
                  ['Back', row.back_url],
                  ['Face', row.face_url],
                ] as const
              ).map(([label, url]) =>
                url ? (
                  <DocumentImage
                    key={label}
                    url={url}
                    label={label}
                    alt={`${label} of ${row.family_name} ${row.given_name}`}
                  />
                ) : null,
              )}
            </Space>
          </Image.PreviewGroup>
          <Descriptions size="small" column={1} bordered styles={{ label: { width: 160 } }}>
            <Descriptions.Item label="Account">{row.account}</Descriptions.Item>
            <Descriptions.Item label="User id">{row.user_id}</Descriptions.Item>
            <Descriptions.Item label="Family name">{row.family_name}</Descriptions.Item>
            <Descriptions.Item label="Given name">{row.given_name}</Descriptions.Item>
            <Descriptions.Item label="Country">{row.country}</Descriptions.Item>
            <Descriptions.Item label="Document">{DOC_LABEL[row.document_type]}</Descriptions.Item>
            <Descriptions.Item label="Number">
              <Typography.Text copyable code>
                {row.document_number}
              </Typography.Text>
            </Descriptions.Item>
            <Descriptions.Item label="Submitted">{dateTime(row.submitted_at)}</Descriptions.Item>
            {row.reviewed_at !== null && (
              <Descriptions.Item label="Reviewed">{dateTime(row.reviewed_at)}</Descriptions.Item>
            )}
            {row.reason && <Descriptions.Item label="Reason">{row.reason}</Descriptions.Item>}
          </Descriptions>
        </Space>
      )}
      <Modal
        open={rejecting}
        title="Reject this identity"
        okText="Reject"
        okButtonProps={{ danger: true, loading: review.isPending }}
        onOk={() => void reject().catch(() => {})}
        onCancel={() => setRejecting(false)}
      >
        <Form form={form} layout="vertical">
          <Form.Item
            name="reason"
            label="Reason (the user sees it)"
            rules={[{ required: true, whitespace: true, message: 'Give the user a reason' }, { max: 200 }]}
          >
            <Input.TextArea rows={3} maxLength={200} showCount placeholder="e.g. The photo is blurred" />
          </Form.Item>
        </Form>
      </Modal>
    </Drawer>
  );
}

export function Kyc() {
  const [params, setParams] = useSearchParams();
  const page = readInt(params.get('page'), 1);
  const limit = readInt(params.get('limit'), 20, LIMITS);
  const status = readStatus(params.get('status'));
  const list = useKycApplications(page, limit, status === 'all' ? undefined : status);
  const now = list.dataUpdatedAt || Date.now();
  const [open, setOpen] = useState<AdminKycItem | null>(null);

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
            KYC
          </Typography.Title>
          <Typography.Text type="secondary">
            Identity verifications, newest first. Approving verifies the user; a rejection reason is shown to
            them.
          </Typography.Text>
        </div>
        <Space size="middle" wrap>
          <Segmented
            // Four filters do not fit a phone next to the title: let the control scroll there.
            style={{ maxWidth: '100%', overflowX: 'auto' }}
            value={status}
            onChange={(v) => update({ status: String(v), page: null })}
            options={[
              ...STATUSES.map((s) => ({ label: STATUS_LABEL[s], value: s })),
              { label: 'All', value: 'all' },
            ]}
          />
          <Button icon={<ReloadOutlined spin={list.isFetching} />} onClick={() => void list.refetch()}>
            Refresh
          </Button>
        </Space>
      </div>
      <Card styles={{ body: { padding: 0 } }}>
        <Table<AdminKycItem>
          rowKey="id"
          size="middle"
          columns={columns(now, setOpen)}
          dataSource={list.data?.list ?? []}
          loading={list.isLoading}
          scroll={{ x: 1000 }}
          locale={{ emptyText: list.isError ? 'Could not load the applications' : 'No application here' }}
          pagination={{
            current: page,
            pageSize: limit,
            total: list.data?.total ?? 0,
            pageSizeOptions: LIMITS,
            showSizeChanger: true,
            showTotal: (total) => `${total} applications`,
            onChange: (nextPage, nextLimit) =>
              update({ page: String(nextPage), limit: nextLimit === 20 ? null : String(nextLimit) }),
          }}
        />
      </Card>
      <ReviewDrawer
        // The list refreshes after a review; the drawer shows the row as it was opened.
        row={open}
        onClose={() => setOpen(null)}
      />
    </>
  );
}
