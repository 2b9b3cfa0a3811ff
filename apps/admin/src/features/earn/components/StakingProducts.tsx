import type { AdminStakingProductCreate, StakingProduct, TextPerLang } from '@ex/contract';
import { isValidationError } from '@ex/sdk';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Form, Input, InputNumber, Modal, Select, Space } from 'antd';
import { useState } from 'react';
import { ConsoleTable } from '../../../components/ConsoleTable.tsx';
import { Num, TextWithLangs } from '../../../components/table-cells.tsx';
import { api } from '../../../lib/api.ts';
import { formatCoinOverview } from '../../../lib/format.ts';
import { fieldsFromErrors } from '../../content/components/LangTabs.tsx';
import { useEditing } from './EditTextsModal.tsx';
import { ProductNameModal } from './ProductNameModal.tsx';
import { type TextLangFields, TextLangTabs, toTexts } from './TextLangTabs.tsx';

const key = ['admin', 'earn', 'staking-products'] as const;
const amount = (v: string, coin: string) => formatCoinOverview(v, coin);

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
          { title: 'Name', render: (_, p) => <TextWithLangs text={p.name} texts={p.name_i18n} /> },
          { title: 'Coin', dataIndex: 'coin' },
          { title: 'Days', dataIndex: 'days' },
          { title: 'Daily rate (ppm)', dataIndex: 'daily_rate_ppm' },
          {
            title: 'Min – max',
            align: 'right',
            render: (_, p) => (
              <Num>{`${amount(p.min_amount, p.coin)} – ${amount(p.max_amount, p.coin)} ${p.coin}`}</Num>
            ),
          },
          {
            title: 'State',
            render: (_, p) => (
              <Button size="small" onClick={() => update.mutate({ id: p.id, body: { enabled: !p.enabled } })}>
                {p.enabled ? 'Disable' : 'Enable'}
              </Button>
            ),
          },
          {
            title: '',
            render: (_, p) => (
              <Button size="small" onClick={() => editing.start(p)}>
                Edit texts
              </Button>
            ),
          },
        ]}
      />
      <ProductNameModal
        product={editing.row}
        open={editing.open}
        onClose={editing.close}
        afterClose={editing.clear}
        save={(id, body) => update.mutateAsync({ id, body })}
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
          <Form.Item
            name="name"
            label="Name (text of record)"
            extra="Shown where the reader's language has no name below."
            rules={[{ required: true, whitespace: true, max: 60 }]}
          >
            <Input maxLength={60} />
          </Form.Item>
          <Form.Item label="Name per language" style={{ marginBottom: 0 }}>
            <TextLangTabs name="name_i18n" label="Name" max={60} />
          </Form.Item>
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
