import type { AdminStakingProductCreate, StakingProduct } from '@ex/contract';
import { Card, Form, InputNumber } from 'antd';
import { api } from '../../../lib/api.ts';
import { earnKey } from '../api/stakes.ts';
import { NewProduct, type NewProductValues } from './NewProduct.tsx';
import { ProductTable } from './ProductTable.tsx';

const key = [...earnKey, 'staking-products'] as const;

type CreateForm = NewProductValues & Pick<AdminStakingProductCreate, 'days' | 'daily_rate_ppm'>;

/** DeFi staking products (ADR 081): list, enable/disable, edit texts, create (ADR 243). */
export function StakingProducts() {
  return (
    <Card
      title="DeFi staking products"
      extra={
        <NewProduct<CreateForm, AdminStakingProductCreate>
          title="New staking product"
          done="Staking product created"
          initialValues={{ coin: 'USDC', days: 30 }}
          // Offered at once; the list's Disable withdraws it.
          toBody={(v) => ({ ...v, enabled: true })}
          create={(body) => api.staking.adminCreateProduct(body)}
          invalidate={key}
        >
          <Form.Item name="days" label="Days" rules={[{ required: true }]}>
            <InputNumber min={1} max={3650} precision={0} />
          </Form.Item>
          <Form.Item name="daily_rate_ppm" label="Daily rate (ppm)" rules={[{ required: true }]}>
            <InputNumber min={0} max={100000} precision={0} />
          </Form.Item>
        </NewProduct>
      }
    >
      <ProductTable<StakingProduct>
        queryKey={key}
        list={(signal) => api.staking.adminProducts({ signal })}
        update={(id, body) => api.staking.adminUpdateProduct(id, body)}
        columns={[
          { title: 'Days', dataIndex: 'days' },
          { title: 'Daily rate (ppm)', dataIndex: 'daily_rate_ppm' },
        ]}
      />
    </Card>
  );
}
