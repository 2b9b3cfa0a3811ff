import type { TextPerLang } from '@ex/contract';
import { isValidationError } from '@ex/sdk';
import { type QueryKey, useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Button, Form, Input, Modal, Select, Space } from 'antd';
import { type ReactNode, useState } from 'react';
import { type TextLangFields, toTexts } from '../../../components/TextLangTabs.tsx';
import { fieldsFromErrors } from '../../../lib/form-errors.ts';
import { ProductNameFields } from './ProductNameModal.tsx';

/** What every new product's form holds, whatever its kind (ADRs 080, 081, 243). */
export interface NewProductValues {
  name: string;
  name_i18n?: TextLangFields;
  coin: string;
  min_amount: string;
  max_amount: string;
}

/** The form's values as they are sent: the name trimmed, the empty language tabs left out. */
export type NewProductFields<V extends NewProductValues> = Omit<V, 'name_i18n'> & { name_i18n?: TextPerLang };

const COINS = ['USDC', 'BTC', 'ETH'];

/**
 * "New product" and its dialog, for AI savings and staking alike: the name of record and its
 * tabs per language, the coin, the kind's own fields (`children`), the amount range. `toBody` adds
 * the kind's own rules; a 422 lands on its field and keeps the dialog open; on success the dialog
 * closes empty and `invalidate` is refetched.
 */
export function NewProduct<V extends NewProductValues, B>({
  title,
  done,
  initialValues,
  toBody,
  create,
  invalidate,
  children,
}: {
  title: string;
  done: string;
  initialValues: Partial<V>;
  toBody: (fields: NewProductFields<V>) => B;
  create: (body: B) => Promise<unknown>;
  invalidate: QueryKey;
  children: ReactNode;
}) {
  const { message } = App.useApp();
  const qc = useQueryClient();
  const [open, setOpen] = useState(false);
  // Typed loosely: the server's 422 keys are plain strings, and antd's generic paths do not
  // narrow through V.
  const [form] = Form.useForm();
  const send = useMutation({
    mutationFn: create,
    onSuccess: () => qc.invalidateQueries({ queryKey: invalidate }),
  });

  const submit = async ({ name_i18n, ...v }: V) => {
    const names = toTexts(name_i18n);
    const fields = { ...v, name: v.name.trim(), ...(names ? { name_i18n: names } : {}) };
    try {
      await send.mutateAsync(toBody(fields as NewProductFields<V>));
      void message.success(done);
      setOpen(false);
      form.resetFields();
    } catch (err) {
      if (isValidationError(err)) form.setFields(fieldsFromErrors(err.errors));
    }
  };

  return (
    <>
      <Button type="primary" onClick={() => setOpen(true)}>
        New product
      </Button>
      <Modal
        open={open}
        title={title}
        okText="Create"
        okButtonProps={{ loading: send.isPending }}
        onOk={() => form.submit()}
        onCancel={() => setOpen(false)}
        width={640}
        forceRender
      >
        <Form form={form} layout="vertical" onFinish={(v: V) => void submit(v)} initialValues={initialValues}>
          <ProductNameFields />
          <Space wrap>
            <Form.Item name="coin" label="Coin" rules={[{ required: true }]}>
              <Select style={{ width: 110 }} options={COINS.map((c) => ({ value: c }))} />
            </Form.Item>
            {children}
            <Form.Item name="min_amount" label="Min amount" rules={[{ required: true }]}>
              <Input inputMode="decimal" />
            </Form.Item>
            <Form.Item name="max_amount" label="Max amount" rules={[{ required: true }]}>
              <Input inputMode="decimal" />
            </Form.Item>
          </Space>
        </Form>
      </Modal>
    </>
  );
}
