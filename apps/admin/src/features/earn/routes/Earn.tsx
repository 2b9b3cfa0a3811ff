import type { AdminAiProductCreate, AiProduct } from '@ex/contract';
import { useMutation } from '@tanstack/react-query';
import { App, Button, Card, Form, InputNumber, Segmented, Select, Space, Typography } from 'antd';
import { api } from '../../../lib/api.ts';
import { useUrlState } from '../../../lib/url-state.ts';
import { earnKey as key } from '../api/stakes.ts';
import { NewProduct, type NewProductValues } from '../components/NewProduct.tsx';
import { ProductTable } from '../components/ProductTable.tsx';
import { StakingProducts } from '../components/StakingProducts.tsx';
import { StakingReview } from '../components/StakingReview.tsx';

type AiProductForm = NewProductValues &
  Pick<AdminAiProductCreate, 'kind' | 'days' | 'daily_rate_min_ppm' | 'daily_rate_max_ppm' | 'early_fee_bp'>;

/** AI quantified savings products (ADR 080): list, enable/disable, edit texts, create (ADR 243). */
function AiProducts() {
  const { message } = App.useApp();
  const accrue = useMutation({ mutationFn: () => api.ai.adminAccrue() });
  return (
    <Card
      title="AI quantified savings products"
      extra={
        <Space wrap>
          <Button
            loading={accrue.isPending}
            onClick={() =>
              accrue
                .mutateAsync()
                .then((r) => void message.success(`Accrued ${r.accrued}, settled ${r.settled}`))
            }
          >
            Run daily accrual now
          </Button>
          <NewProduct<AiProductForm, AdminAiProductCreate>
            title="New AI savings product"
            done="AI savings product created"
            initialValues={{ coin: 'USDC', kind: 'fixed', days: 30, early_fee_bp: 50 }}
            // A current product has no term.
            toBody={(v) => ({ ...v, days: v.kind === 'current' ? 0 : v.days })}
            create={(body) => api.ai.adminCreateProduct(body)}
            invalidate={key}
          >
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
            <Form.Item name="early_fee_bp" label="Early fee (bp)">
              <InputNumber min={0} max={10000} precision={0} />
            </Form.Item>
          </NewProduct>
        </Space>
      }
    >
      <ProductTable<AiProduct>
        queryKey={[...key, 'ai']}
        invalidate={key}
        list={(signal) => api.ai.adminProducts({ signal })}
        update={(id, body) => api.ai.adminUpdateProduct(id, body)}
        columns={[
          {
            title: 'Kind',
            render: (_, p) => (
              <span style={{ whiteSpace: 'nowrap' }}>
                {p.kind === 'fixed' ? `Fixed ${p.days} d` : 'Current'}
              </span>
            ),
          },
          {
            title: 'Daily rate (ppm)',
            render: (_, p) => `${p.daily_rate_min_ppm} – ${p.daily_rate_max_ppm}`,
          },
          { title: 'Early fee (bp)', dataIndex: 'early_fee_bp' },
        ]}
      />
    </Card>
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
