import type { AdminAiProductCreate, AdminStake, AiProduct, StakeStatus } from '@ex/contract';
import { isValidationError } from '@ex/sdk';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  App,
  Button,
  Card,
  Form,
  Input,
  InputNumber,
  Modal,
  Segmented,
  Select,
  Space,
  type TableColumnsType,
} from 'antd';
import { useState } from 'react';
import { ConsoleTable } from '../../../components/ConsoleTable.tsx';
import { editTextsColumn, useEditing } from '../../../components/EditTextsModal.tsx';
import { type TextLangFields, toTexts } from '../../../components/TextLangTabs.tsx';
import { CodeTag, Num } from '../../../components/table-cells.tsx';
import { api } from '../../../lib/api.ts';
import { codeLabel, dateTime, formatCoinOverview } from '../../../lib/format.ts';
import { ProductNameFields, ProductNameModal } from '../components/ProductNameModal.tsx';
import { enabledColumn, limitsColumn, nameColumn } from '../components/product-columns.tsx';
import { StakingProducts } from '../components/StakingProducts.tsx';

/** Amounts from the API's decimal strings: 2 up to the coin's decimals, cut (DESIGN.md "Numbers"). */
const amount = (v: string, coin: string) => formatCoinOverview(v, coin);
const key = ['admin', 'earn'] as const;

type AiProductForm = Omit<AdminAiProductCreate, 'name_i18n'> & { name_i18n?: TextLangFields };

function AiProducts() {
  const { message } = App.useApp();
  const qc = useQueryClient();
  const [form] = Form.useForm<AiProductForm>();
  const products = useQuery({
    queryKey: [...key, 'ai'],
    queryFn: ({ signal }) => api.ai.adminProducts({ signal }),
  });
  const create = useMutation({
    mutationFn: (body: AdminAiProductCreate) => api.ai.adminCreateProduct(body),
    onSuccess: () => qc.invalidateQueries({ queryKey: key }),
  });
  const toggle = useMutation({
    mutationFn: (p: { id: string; enabled: boolean }) => api.ai.adminSetEnabled(p.id, p.enabled),
    onSuccess: () => qc.invalidateQueries({ queryKey: key }),
  });
  const rename = useMutation({
    mutationFn: (p: { id: string; body: Parameters<typeof api.ai.adminUpdateProduct>[1] }) =>
      api.ai.adminUpdateProduct(p.id, p.body),
    onSuccess: () => qc.invalidateQueries({ queryKey: key }),
  });
  const editing = useEditing<AiProduct>();
  const accrue = useMutation({ mutationFn: () => api.ai.adminAccrue() });
  const submit = async ({ name_i18n, ...v }: AiProductForm) => {
    const names = toTexts(name_i18n);
    try {
      await create.mutateAsync({
        ...v,
        ...(names ? { name_i18n: names } : {}),
        days: v.kind === 'current' ? 0 : v.days,
      });
      form.resetFields();
      void message.success('Product created');
    } catch (err) {
      if (isValidationError(err)) {
        // Server field names are plain strings; the typed form only knows its own paths.
        const untyped = form as unknown as ReturnType<typeof Form.useForm>[0];
        untyped.setFields(
          Object.entries(err.errors).map(([name, errors]) => ({ name: name.split('.'), errors })),
        );
      }
    }
  };
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Card
        title="AI quantified savings products"
        extra={
          <Button
            onClick={() =>
              accrue
                .mutateAsync()
                .then((r) => void message.success(`Accrued ${r.accrued}, settled ${r.settled}`))
            }
          >
            Run daily accrual now
          </Button>
        }
      >
        <ConsoleTable
          rowKey="id"
          size="small"
          loading={products.isPending}
          dataSource={products.data ?? []}
          pagination={false}
          columns={[
            nameColumn<AiProduct>(),
            { title: 'Coin', dataIndex: 'coin' },
            { title: 'Kind', render: (_, p) => (p.kind === 'fixed' ? `Fixed ${p.days} d` : 'Current') },
            {
              title: 'Daily rate (ppm)',
              render: (_, p) => `${p.daily_rate_min_ppm} – ${p.daily_rate_max_ppm}`,
            },
            limitsColumn<AiProduct>(),
            { title: 'Early fee (bp)', dataIndex: 'early_fee_bp' },
            enabledColumn<AiProduct>((p, enabled) => toggle.mutate({ id: p.id, enabled })),
            editTextsColumn(editing.start),
          ]}
        />
        <ProductNameModal editing={editing} save={(id, body) => rename.mutateAsync({ id, body })} />
      </Card>
      <Card title="New product">
        <Form
          form={form}
          layout="vertical"
          onFinish={(v) => void submit(v)}
          initialValues={{ coin: 'USDC', kind: 'fixed', days: 30, early_fee_bp: 50 }}
        >
          {/* Only required here (the dialog also refuses a blank name); the server's 422 lands on the field. */}
          <ProductNameFields rules={[{ required: true }]} />
          <Space wrap>
            <Form.Item name="coin" label="Coin">
              <Select style={{ width: 110 }} options={['USDC', 'BTC', 'ETH'].map((c) => ({ value: c }))} />
            </Form.Item>
            <Form.Item name="kind" label="Kind">
              <Select
                style={{ width: 130 }}
                options={[
                  { value: 'fixed', label: 'Fixed term' },
                  { value: 'current', label: 'Current' },
                ]}
              />
            </Form.Item>
            <Form.Item name="days" label="Days (fixed)">
              <InputNumber min={0} max={3650} precision={0} />
            </Form.Item>
            <Form.Item name="daily_rate_min_ppm" label="Daily rate min (ppm)" rules={[{ required: true }]}>
              <InputNumber min={0} max={100000} precision={0} />
            </Form.Item>
            <Form.Item name="daily_rate_max_ppm" label="Daily rate max (ppm)" rules={[{ required: true }]}>
              <InputNumber min={0} max={100000} precision={0} />
            </Form.Item>
            <Form.Item name="min_amount" label="Min amount" rules={[{ required: true }]}>
              <Input inputMode="decimal" />
            </Form.Item>
            <Form.Item name="max_amount" label="Max amount" rules={[{ required: true }]}>
              <Input inputMode="decimal" />
            </Form.Item>
            <Form.Item name="early_fee_bp" label="Early fee (bp)">
              <InputNumber min={0} max={10000} precision={0} />
            </Form.Item>
          </Space>
          <Button type="primary" htmlType="submit" loading={create.isPending}>
            Create
          </Button>
        </Form>
      </Card>
    </Space>
  );
}

const STAKE_COLOR: Record<StakeStatus, string> = {
  review: 'gold',
  active: 'blue',
  settled: 'green',
  outstanding: 'orange',
  rejected: 'red',
};

/** The filter above the list says "Under review" for review, so does the tag. */
const STAKE_LABEL: Partial<Record<StakeStatus, string>> = { review: 'Under review' };

function StakingReview() {
  const { message } = App.useApp();
  const qc = useQueryClient();
  const [status, setStatus] = useState<StakeStatus | 'all'>('review');
  const [page, setPage] = useState(1);
  const stakes = useQuery({
    queryKey: [...key, 'stakes', status, page],
    queryFn: ({ signal }) =>
      api.staking.adminStakes({ page, limit: 20, ...(status === 'all' ? {} : { status }) }, { signal }),
    placeholderData: keepPreviousData,
  });
  const review = useMutation({
    mutationFn: (v: { id: string; reason?: string }) =>
      api.staking.adminReview(
        v.id,
        v.reason === undefined ? { action: 'approve' } : { action: 'reject', reason: v.reason },
      ),
    onSuccess: () => qc.invalidateQueries({ queryKey: key }),
  });
  const settle = useMutation({ mutationFn: () => api.staking.adminSettle() });
  const [rejecting, setRejecting] = useState<AdminStake | null>(null);
  const [reason, setReason] = useState('');
  const columns: TableColumnsType<AdminStake> = [
    { title: '#', dataIndex: 'id' },
    { title: 'User', dataIndex: 'user_id' },
    { title: 'Product', dataIndex: 'product_name' },
    {
      title: 'Amount',
      align: 'right',
      render: (_, s) => <Num>{`${amount(s.amount, s.coin)} ${s.coin}`}</Num>,
    },
    {
      title: 'Interest',
      align: 'right',
      render: (_, s) => <Num>{`${amount(s.interest, s.coin)} ${s.coin}`}</Num>,
    },
    { title: 'Days', dataIndex: 'days' },
    {
      title: 'Status',
      render: (_, s) => <CodeTag code={s.status} color={STAKE_COLOR} labels={STAKE_LABEL} />,
    },
    { title: 'Created', render: (_, s) => dateTime(s.created_at) },
    {
      title: '',
      render: (_, s) =>
        s.status === 'review' ? (
          <Space>
            <Button
              size="small"
              type="primary"
              onClick={() =>
                review.mutateAsync({ id: s.id }).then(() => void message.success(`Stake #${s.id} approved`))
              }
            >
              Approve
            </Button>
            <Button size="small" danger onClick={() => setRejecting(s)}>
              Reject
            </Button>
          </Space>
        ) : null,
    },
  ];
  return (
    <Card
      title="DeFi staking review"
      extra={
        <Button
          onClick={() =>
            settle
              .mutateAsync()
              .then((r) => void message.success(`Settled ${r.settled}, outstanding ${r.outstanding}`))
          }
        >
          Settle due stakes
        </Button>
      }
    >
      <Segmented
        value={status}
        onChange={(v) => {
          setStatus(v as StakeStatus | 'all');
          setPage(1);
        }}
        options={(['review', 'active', 'outstanding', 'settled', 'rejected', 'all'] as const).map((v) => ({
          value: v,
          label: v === 'all' ? 'All' : (STAKE_LABEL[v] ?? codeLabel(v)),
        }))}
        style={{ marginBottom: 12, maxWidth: '100%', overflowX: 'auto' }}
      />
      <ConsoleTable
        rowKey="id"
        size="small"
        loading={stakes.isPending}
        dataSource={stakes.data?.list ?? []}
        columns={columns}
        pagination={{ current: page, total: stakes.data?.total ?? 0, pageSize: 20, onChange: setPage }}
      />
      <Modal
        open={rejecting !== null}
        title={`Reject stake #${rejecting?.id ?? ''}`}
        okText="Reject and refund"
        okButtonProps={{ danger: true, disabled: reason.trim() === '' }}
        onCancel={() => setRejecting(null)}
        onOk={() =>
          rejecting &&
          review.mutateAsync({ id: rejecting.id, reason: reason.trim() }).then(() => {
            setRejecting(null);
            setReason('');
            void message.success('Rejected; the amount went back to the user');
          })
        }
      >
        <Input.TextArea value={reason} maxLength={200} onChange={(e) => setReason(e.target.value)} />
      </Modal>
    </Card>
  );
}

/** Earn: AI savings products, staking products and the DeFi staking review queue (ADRs 080, 081, 243). */
export function Earn() {
  const [tab, setTab] = useState<'ai' | 'staking'>('ai');
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Segmented
        value={tab}
        onChange={(v) => setTab(v as 'ai' | 'staking')}
        options={[
          { value: 'ai', label: 'AI savings' },
          { value: 'staking', label: 'Staking' },
        ]}
      />
      {tab === 'ai' ? (
        <AiProducts />
      ) : (
        <>
          <StakingProducts />
          <StakingReview />
        </>
      )}
    </Space>
  );
}
