import type { AdminStakingProductCreate, StakingProduct } from '@ex/contract';
import { isValidationError } from '@ex/sdk';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Form, Input, InputNumber, Modal, Select, Space } from 'antd';
import { useState } from 'react';
import { type TextLangFields, toTexts } from '../../../components/TextLangTabs.tsx';
import { api } from '../../../lib/api.ts';
import { fieldsFromErrors } from '../../../lib/form-errors.ts';
import { earnKey } from '../api/stakes.ts';
import { ProductNameFields } from './ProductNameModal.tsx';
import { ProductTable } from './ProductTable.tsx';

const key = [...earnKey, 'staking-products'] as const;

type CreateForm = Omit<AdminStakingProductCreate, 'name_i18n' | 'enabled'> & { name_i18n?: TextLangFields };

/** DeFi staking products (ADR 081): list, enable/disable, edit texts, create (ADR 243). */
export function StakingProducts() {
  const { message } = App.useApp();
  const qc = useQueryClient();
  const create = useMutation({
    mutationFn: (body: AdminStakingProductCreate) => api.staking.adminCreateProduct(body),
    onSuccess: () => qc.invalidateQueries({ queryKey: key }),
  });
  const [creating, setCreating] = useState(false);
  const [form] = Form.useForm<CreateForm>();

  const submit = async ({ name_i18n, ...v }: CreateForm) => {
    const names = toTexts(name_i18n);
    try {
      await create.mutateAsync({
        ...v,
        name: v.name.trim(),
        ...(names ? { name_i18n: names } : {}),
        enabled: true,
      });
      void message.success('Staking product created');
      setCreating(false);
      form.resetFields();
    } catch (err) {
      if (isValidationError(err)) form.setFields(fieldsFromErrors(err.errors) as never);
    }
  };

  return (
    <Card
      title="DeFi staking products"
      extra={
        <Button type="primary" onClick={() => setCreating(true)}>
          New product
        </Button>
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
      <Modal
        open={creating}
        title="New staking product"
        okText="Create"
        okButtonProps={{ loading: create.isPending }}
        onOk={() => form.submit()}
        onCancel={() => setCreating(false)}
        width={640}
        forceRender
      >
        <Form
          form={form}
          layout="vertical"
          onFinish={(v) => void submit(v)}
          initialValues={{ coin: 'USDC', days: 30 }}
        >
          <ProductNameFields />
          <Space wrap>
            <Form.Item name="coin" label="Coin" rules={[{ required: true }]}>
              <Select style={{ width: 110 }} options={['USDC', 'BTC', 'ETH'].map((c) => ({ value: c }))} />
            </Form.Item>
            <Form.Item name="days" label="Days" rules={[{ required: true }]}>
              <InputNumber min={1} max={3650} precision={0} />
            </Form.Item>
            <Form.Item name="daily_rate_ppm" label="Daily rate (ppm)" rules={[{ required: true }]}>
              <InputNumber min={0} max={100000} precision={0} />
            </Form.Item>
            <Form.Item name="min_amount" label="Min amount" rules={[{ required: true }]}>
              <Input inputMode="decimal" />
            </Form.Item>
            <Form.Item name="max_amount" label="Max amount" rules={[{ required: true }]}>
              <Input inputMode="decimal" />
            </Form.Item>
          </Space>
        </Form>
      </Modal>
    </Card>
  );
}
