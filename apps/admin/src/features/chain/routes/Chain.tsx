import { SendOutlined } from '@ant-design/icons';
import type { AdminDeposit, DepositStatus } from '@ex/contract';
import { isApiError, isValidationError } from '@ex/sdk';
import { Alert, App, Button, Card, Form, Input, Space, type TableColumnsType, Tag, Typography } from 'antd';
import { useState } from 'react';
import {
  type ListQuery,
  type ReviewFilter,
  ReviewTable,
} from '../../../components/review-table/ReviewTable.tsx';
import { agoCell, codeCell, usdcCell } from '../../../components/table-cells.tsx';
import { UserLink } from '../../../components/UserLink.tsx';
import { formatUsdc } from '../../../lib/format.ts';
import { randomTxid, useDeposits, useSimulateDeposit } from '../api/chain.ts';

const STATUSES: DepositStatus[] = ['received', 'applying', 'failed'];
const LABEL: Record<DepositStatus, string> = {
  received: 'Credited',
  applying: 'Unconfirmed',
  failed: 'Failed / unmatched',
};
const COLOR: Record<DepositStatus, string> = { received: 'green', applying: 'gold', failed: 'red' };
const FIELDS = ['address', 'amount', 'txid'] as const;

const columns = (now: number): TableColumnsType<AdminDeposit> => [
  {
    title: 'Seen',
    dataIndex: 'created_at',
    width: 120,
    render: agoCell(now),
  },
  {
    title: 'Amount',
    dataIndex: 'amount',
    width: 140,
    align: 'right',
    render: usdcCell(),
  },
  {
    title: 'To address',
    dataIndex: 'address',
    width: 220,
    render: codeCell(8, 6),
  },
  {
    title: 'User id',
    dataIndex: 'user_id',
    width: 90,
    render: (v: string | null) => (v === null ? <Tag>None</Tag> : <UserLink id={v} />),
  },
  {
    title: 'Transaction',
    dataIndex: 'txid',
    width: 200,
    render: codeCell(10),
  },
  {
    title: 'Status',
    dataIndex: 'status',
    width: 160,
    render: (s: DepositStatus) => <Tag color={COLOR[s]}>{LABEL[s]}</Tag>,
  },
];

function SimulateForm() {
  const { message } = App.useApp();
  const simulate = useSimulateDeposit();
  const [form] = Form.useForm<{ address: string; amount: string; txid: string }>();
  const [unavailable, setUnavailable] = useState(false);

  const submit = async () => {
    const values = await form.validateFields();
    try {
      const r = await simulate.mutateAsync({
        address: values.address.trim(),
        amount: values.amount.trim(),
        txid: values.txid.trim(),
      });
      void message.success(
        r.status === 'received'
          ? `Credited ${formatUsdc(r.amount)} USDC to user ${r.user_id}`
          : 'Recorded as failed: no user owns this address',
      );
      form.setFieldsValue({ txid: randomTxid() });
    } catch (err) {
      if (isValidationError(err)) {
        form.setFields(
          Object.entries(err.errors)
            .filter(([f]) => (FIELDS as readonly string[]).includes(f))
            .map(([name, errors]) => ({ name: name as (typeof FIELDS)[number], errors })),
        );
      } else if (isApiError(err) && err.status === 404) setUnavailable(true);
    }
  };

  return (
    <Card title="Simulate an on-chain deposit" style={{ marginBottom: 16 }}>
      {unavailable ? (
        <Alert
          type="info"
          showIcon
          message="Only on the simulated chain (CHAIN=simulated, the embedded default)."
        />
      ) : (
        <Form
          form={form}
          layout="vertical"
          initialValues={{ txid: randomTxid() }}
          onFinish={() => void submit()}
          style={{ maxWidth: 640 }}
        >
          <Typography.Paragraph type="secondary">
            A USDC transfer arrives at a deposit address, confirmed. It is credited once per transaction id; a
            transfer to an address no user owns is recorded as failed.
          </Typography.Paragraph>
          <Form.Item name="address" label="To address (TRC20)" rules={[{ required: true, whitespace: true }]}>
            <Input placeholder="T…" autoComplete="off" />
          </Form.Item>
          <Form.Item
            name="amount"
            label="Amount (USDC)"
            rules={[
              { required: true },
              {
                pattern: /^(0|[1-9]\d*)(\.\d{1,6})?$/,
                message: 'A decimal with at most 6 places, e.g. 100.5',
              },
            ]}
          >
            <Input inputMode="decimal" placeholder="100" autoComplete="off" />
          </Form.Item>
          <Form.Item label="Transaction id" required>
            <Space.Compact style={{ width: '100%' }}>
              <Form.Item
                name="txid"
                noStyle
                rules={[{ required: true }, { pattern: /^[0-9a-fA-F]{64}$/, message: '64 hex digits' }]}
              >
                <Input style={{ fontFamily: 'monospace' }} autoComplete="off" />
              </Form.Item>
              <Button onClick={() => form.setFieldsValue({ txid: randomTxid() })}>New</Button>
            </Space.Compact>
          </Form.Item>
          <Button type="primary" htmlType="submit" icon={<SendOutlined />} loading={simulate.isPending}>
            Send deposit
          </Button>
        </Form>
      )}
    </Card>
  );
}

const FILTER: ReviewFilter<DepositStatus> = {
  param: 'status',
  options: STATUSES.map((s) => ({ label: LABEL[s], value: s })),
  all: 'first',
  fallback: 'all',
};

const useRows = ({ page, limit, filter }: ListQuery<DepositStatus>) => useDeposits(page, limit, filter);

export function Chain() {
  return (
    <ReviewTable
      title="Chain (USDC TRC20)"
      description="Deposits seen on chain, including transfers to addresses no user owns."
      above={<SimulateForm />}
      cardTitle="Deposits"
      filter={FILTER}
      useRows={useRows}
      columns={columns}
      noun={['deposit', 'deposits']}
      empty={{ error: 'Could not load the deposits', none: 'No deposit here' }}
      scrollX={950}
    />
  );
}
