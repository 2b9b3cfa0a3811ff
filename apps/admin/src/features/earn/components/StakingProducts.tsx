import type { AdminStakingProductCreate, StakingProduct, TextPerLang } from '@ex/contract';
import { isValidationError } from '@ex/sdk';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Form, Input, InputNumber, Modal, Select, Space } from 'antd';
import { useState } from 'react';
import { ConsoleTable } from '../../../components/ConsoleTable.tsx';
import { editTextsColumn, useEditing } from '../../../components/EditTextsModal.tsx';
import { type TextLangFields, toTexts } from '../../../components/TextLangTabs.tsx';
import { api } from '../../../lib/api.ts';
import { fieldsFromErrors } from '../../../lib/form-errors.ts';
import { ProductNameFields, ProductNameModal } from './ProductNameModal.tsx';
import { enabledColumn, limitsColumn, nameColumn } from './product-columns.tsx';

const key = ['admin', 'earn', 'staking-products'] as const;

type CreateForm = Omit<AdminStakingProductCreate, 'name_i18n' | 'enabled'> & { name_i18n?: TextLangFields };

/** DeFi staking products (ADR 081): list, enable/disable, edit texts, create (ADR 243). */
export function StakingProducts() {
  const { message } = App.useApp();
  const qc = useQueryClient();
  const products = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => api.staking.adminProducts({ signal }),
  });
  const refresh = () => qc.invalidateQueries({ queryKey: key });
  const update = useMutation({
    mutationFn: (p: { id: string; body: { enabled?: boolean; name?: string; name_i18n?: TextPerLang } }) =>
      api.staking.adminUpdateProduct(p.id, p.body),
    onSuccess: refresh,
  });
  const create = useMutation({
    mutationFn: (body: AdminStakingProductCreate) => api.staking.adminCreateProduct(body),
    onSuccess: refresh,
  });
  const editing = useEditing<StakingProduct>();
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
      <ConsoleTable
        rowKey="id"
        size="small"
        loading={products.isPending}
        dataSource={products.data ?? []}
        pagination={false}
        columns={[
          nameColumn<StakingProduct>(),
          { title: 'Coin', dataIndex: 'coin' },
          { title: 'Days', dataIndex: 'days' },
          { title: 'Daily rate (ppm)', dataIndex: 'daily_rate_ppm' },
          limitsColumn<StakingProduct>(),
          enabledColumn<StakingProduct>((p, enabled) => update.mutate({ id: p.id, body: { enabled } })),
          editTextsColumn(editing.start),
        ]}
      />
      <ProductNameModal editing={editing} save={(id, body) => update.mutateAsync({ id, body })} />
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
