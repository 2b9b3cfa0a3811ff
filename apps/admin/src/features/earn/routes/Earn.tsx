import type { AdminAiProductCreate, AiProduct } from '@ex/contract';
import { isValidationError } from '@ex/sdk';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Form, Input, InputNumber, Segmented, Select, Space, Typography } from 'antd';
import { type TextLangFields, toTexts } from '../../../components/TextLangTabs.tsx';
import { api } from '../../../lib/api.ts';
import { useUrlState } from '../../../lib/url-state.ts';
import { earnKey as key } from '../api/stakes.ts';
import { ProductNameFields } from '../components/ProductNameModal.tsx';
import { ProductTable } from '../components/ProductTable.tsx';
import { StakingProducts } from '../components/StakingProducts.tsx';
import { StakingReview } from '../components/StakingReview.tsx';

type AiProductForm = Omit<AdminAiProductCreate, 'name_i18n'> & { name_i18n?: TextLangFields };

function AiProducts() {
  const { message } = App.useApp();
  const qc = useQueryClient();
  const [form] = Form.useForm<AiProductForm>();
  const create = useMutation({
    mutationFn: (body: AdminAiProductCreate) => api.ai.adminCreateProduct(body),
    onSuccess: () => qc.invalidateQueries({ queryKey: key }),
  });
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
        <ProductTable<AiProduct>
          queryKey={[...key, 'ai']}
          invalidate={key}
          list={(signal) => api.ai.adminProducts({ signal })}
          update={(id, body) => api.ai.adminUpdateProduct(id, body)}
          columns={[
            { title: 'Kind', render: (_, p) => (p.kind === 'fixed' ? `Fixed ${p.days} d` : 'Current') },
            {
              title: 'Daily rate (ppm)',
              render: (_, p) => `${p.daily_rate_min_ppm} – ${p.daily_rate_max_ppm}`,
            },
            { title: 'Early fee (bp)', dataIndex: 'early_fee_bp' },
          ]}
        />
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

type Tab = 'ai' | 'staking';

/**
 * Earn: AI savings products, staking products and the DeFi staking review queue (ADRs 080, 081,
 * 243). The tab is in the URL (`?tab=staking`), so a reload or a link opens the same one.
 */
export function Earn() {
  const { params, update } = useUrlState();
  const tab: Tab = params.get('tab') === 'staking' ? 'staking' : 'ai';
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <div>
        <Typography.Title level={3} style={{ margin: 0 }}>
          Earn
        </Typography.Title>
        <Typography.Text type="secondary">
          AI savings pay interest every day from the earn reserve. A stake waits for your review, then pays
          its interest with the amount at the end of its term.
        </Typography.Text>
      </div>
      <Segmented
        value={tab}
        // Another tab's filter and page mean nothing here: they go with the switch.
        onChange={(v) =>
          update({ tab: v === 'staking' ? 'staking' : null, stakes: null, page: null, limit: null })
        }
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
