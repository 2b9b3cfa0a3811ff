import { CheckOutlined, CloseOutlined, ReloadOutlined } from '@ant-design/icons';
import type { AdminWithdrawal, WithdrawalStatus } from '@ex/contract';
import { isApiError } from '@ex/sdk';
import {
  App,
  Button,
  Card,
  Descriptions,
  Drawer,
  Form,
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
import { useReviewWithdrawal, useWithdrawals } from '../api/withdrawals.ts';
import { formatUsdc, readStatus, STATUS_COLOR, STATUS_LABEL, STATUSES } from '../lib/status.ts';

const LIMITS = [10, 20, 50, 100];

function readInt(value: string | null, fallback: number, allowed?: number[]): number {
  const n = value === null ? Number.NaN : Number.parseInt(value, 10);
  if (!Number.isSafeInteger(n) || n < 1) return fallback;
  return allowed && !allowed.includes(n) ? fallback : n;
}

export const StatusTag = ({ status }: { status: WithdrawalStatus }) => (
  <Tag color={STATUS_COLOR[status]}>{STATUS_LABEL[status]}</Tag>
);

const columns = (now: number, open: (row: AdminWithdrawal) => void): TableColumnsType<AdminWithdrawal> => [
  {
    title: 'Requested',
    dataIndex: 'created_at',
    width: 130,
    render: (ms: number) => <span title={dateTime(ms)}>{timeAgo(ms, now)}</span>,
  },
  {
    title: 'Account',
    dataIndex: 'user_account',
    width: 200,
    ellipsis: true,
    render: (v: string | null) => v ?? '—',
  },
  {
    title: 'Amount',
    dataIndex: 'amount',
    width: 140,
    align: 'right',
    render: (v: string) => <span style={{ fontVariantNumeric: 'tabular-nums' }}>{formatUsdc(v)} USDC</span>,
  },
  {
    title: 'Receives',
    dataIndex: 'receive_amount',
    width: 120,
    align: 'right',
    render: (v: string) => <span style={{ fontVariantNumeric: 'tabular-nums' }}>{formatUsdc(v)}</span>,
  },
  {
    title: 'To (TRC20)',
    dataIndex: 'address',
    width: 220,
    render: (v: string) => (
      <Typography.Text code copyable={{ text: v }} title={v}>
        {`${v.slice(0, 8)}…${v.slice(-6)}`}
      </Typography.Text>
    ),
  },
  {
    title: 'Status',
    dataIndex: 'status',
    width: 140,
    render: (s: WithdrawalStatus) => <StatusTag status={s} />,
  },
  {
    title: '',
    width: 100,
    render: (_: unknown, row) => (
      <Button
        size="small"
        type={row.status === 'under_review' ? 'primary' : 'default'}
        onClick={() => open(row)}
      >
        {row.status === 'under_review' ? 'Review' : 'View'}
      </Button>
    ),
  },
];

function ReviewDrawer({ row, onClose }: { row: AdminWithdrawal | null; onClose: () => void }) {
  const { message } = App.useApp();
  const review = useReviewWithdrawal();
  const [rejecting, setRejecting] = useState(false);
  const [form] = Form.useForm<{ reason: string }>();
  const pending = row?.status === 'under_review';

  const failed = (err: unknown) => {
    // The SDK shows business refusals itself; a 409 means someone else reviewed it meanwhile.
    if (isApiError(err) && err.status === 409) onClose();
  };

  const approve = () => {
    if (!row) return;
    Modal.confirm({
      title: 'Approve and pay out?',
      content: `${formatUsdc(row.receive_amount)} USDC go from the hot wallet to ${row.address} on TRC20. This cannot be undone on chain.`,
      okText: 'Approve and pay',
      onOk: () =>
        review.mutateAsync({ id: row.id, decision: 'approve' }).then((r) => {
          void message.success(`Approved: ${STATUS_LABEL[r.status]}`);
          onClose();
        }, failed),
    });
  };

  const reject = async () => {
    if (!row) return;
    const { reason } = await form.validateFields();
    try {
      await review.mutateAsync({ id: row.id, decision: 'reject', reason: reason.trim() });
      void message.success('Rejected: amount and fee are back in the user’s spot account');
      setRejecting(false);
      form.resetFields();
      onClose();
    } catch (err) {
      setRejecting(false);
      failed(err);
    }
  };

  return (
    <Drawer
      open={row !== null}
      onClose={onClose}
      width={600}
      title={row ? 'Withdrawal' : ''}
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
        <Descriptions size="small" column={1} bordered styles={{ label: { width: 160 } }}>
          <Descriptions.Item label="Account">{row.user_account ?? '—'}</Descriptions.Item>
          <Descriptions.Item label="User id">{row.user_id}</Descriptions.Item>
          <Descriptions.Item label="Amount (debited)">{formatUsdc(row.amount)} USDC</Descriptions.Item>
          <Descriptions.Item label="Fee">{formatUsdc(row.fee)} USDC</Descriptions.Item>
          <Descriptions.Item label="Address receives">
            {formatUsdc(row.receive_amount)} USDC
          </Descriptions.Item>
          <Descriptions.Item label="Network">{row.network}</Descriptions.Item>
          <Descriptions.Item label="Address">
            <Typography.Text copyable code>
              {row.address}
            </Typography.Text>
          </Descriptions.Item>
          {row.txid && (
            <Descriptions.Item label="Transaction">
              <Typography.Text copyable code style={{ wordBreak: 'break-all' }}>
                {row.txid}
              </Typography.Text>
            </Descriptions.Item>
          )}
          <Descriptions.Item label="Requested">{dateTime(row.created_at)}</Descriptions.Item>
          {row.reviewed_at !== null && (
            <Descriptions.Item label="Reviewed">{dateTime(row.reviewed_at)}</Descriptions.Item>
          )}
          {row.reason && <Descriptions.Item label="Reason">{row.reason}</Descriptions.Item>}
        </Descriptions>
      )}
      <Modal
        open={rejecting}
        title="Reject this withdrawal"
        okText="Reject and refund"
        okButtonProps={{ danger: true, loading: review.isPending }}
        onOk={() => void reject().catch(() => {})}
        onCancel={() => setRejecting(false)}
      >
        <Form form={form} layout="vertical">
          <Form.Item
            name="reason"
            label="Reason (the user sees it)"
            rules={[{ required: true, whitespace: true, message: 'Give the user a reason' }, { max: 500 }]}
          >
            <Input.TextArea
              rows={3}
              maxLength={500}
              showCount
              placeholder="e.g. The address failed our screening"
            />
          </Form.Item>
        </Form>
      </Modal>
    </Drawer>
  );
}

export function Withdrawals() {
  const [params, setParams] = useSearchParams();
  const page = readInt(params.get('page'), 1);
  const limit = readInt(params.get('limit'), 20, LIMITS);
  const status = readStatus(params.get('status'));
  const list = useWithdrawals(page, limit, status === 'all' ? undefined : status);
  const now = list.dataUpdatedAt || Date.now();
  const [open, setOpen] = useState<AdminWithdrawal | null>(null);

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
            Withdrawals
          </Typography.Title>
          <Typography.Text type="secondary">
            USDC on TRC20, newest first. Approving pays out from the hot wallet; rejecting refunds amount and
            fee and shows the user your reason.
          </Typography.Text>
        </div>
        <Space size="middle" wrap>
          <Segmented
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
        <Table<AdminWithdrawal>
          rowKey="id"
          size="middle"
          columns={columns(now, setOpen)}
          dataSource={list.data?.list ?? []}
          loading={list.isLoading}
          scroll={{ x: 1050 }}
          locale={{ emptyText: list.isError ? 'Could not load the withdrawals' : 'No withdrawal here' }}
          pagination={{
            current: page,
            pageSize: limit,
            total: list.data?.total ?? 0,
            pageSizeOptions: LIMITS,
            showSizeChanger: true,
            showTotal: (total) => `${total} withdrawals`,
            onChange: (nextPage, nextLimit) =>
              update({ page: String(nextPage), limit: nextLimit === 20 ? null : String(nextLimit) }),
          }}
        />
      </Card>
      <ReviewDrawer row={open} onClose={() => setOpen(null)} />
    </>
  );
}
