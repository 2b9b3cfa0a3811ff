import type { AdminDividendPool } from '@ex/contract';
import { App, Button, Form, Input, Modal, type TableColumnsType, Typography } from 'antd';
import { type ReactNode, useState } from 'react';
import { ConsoleTable } from '../../../components/ConsoleTable.tsx';
import {
  type Editing,
  EditTextsModal,
  editTextsColumn,
  useEditing,
} from '../../../components/EditTextsModal.tsx';
import { type TextLangFields, TextOfRecordFields, toTexts } from '../../../components/TextLangTabs.tsx';
import { Num, TextWithLangs } from '../../../components/table-cells.tsx';
import { dateTime, formatCoinOverview } from '../../../lib/format.ts';
import { useCreateDividend, useDividendPools, useUpdateDividend } from '../api/dividends.ts';

const columns = (onEdit: (p: AdminDividendPool) => void): TableColumnsType<AdminDividendPool> => [
  {
    title: 'Title',
    // Room for a title before the columns that do not wrap take theirs.
    width: 220,
    render: (_: unknown, p) => <TextWithLangs text={p.title} texts={p.title_i18n} />,
  },
  { title: 'Coin', dataIndex: 'coin', width: 90 },
  // The API's decimal strings, 2 up to the coin's decimals, cut (DESIGN.md "Numbers").
  {
    title: 'Total',
    dataIndex: 'total',
    width: 160,
    align: 'right',
    render: (v: string, p) => <Num>{formatCoinOverview(v, p.coin)}</Num>,
  },
  {
    title: 'Claimed',
    dataIndex: 'claimed',
    width: 160,
    align: 'right',
    render: (v: string, p) => <Num>{formatCoinOverview(v, p.coin)}</Num>,
  },
  { title: 'Users', dataIndex: 'users', width: 90, align: 'right' },
  { title: 'Created', dataIndex: 'created_at', width: 170, render: (at: number) => dateTime(at) },
  editTextsColumn(onEdit, 110),
];

/** A plan's title of record (in `children`) and its tabs per language, in the dialog and the create form. */
const TitleFields = ({ children }: { children: ReactNode }) => (
  <TextOfRecordFields
    name="title"
    label="Title"
    max={80}
    extra="Readers whose language has no title below see this one."
    rules={[{ required: true, whitespace: true, max: 80 }]}
  >
    {children}
  </TextOfRecordFields>
);

interface TitleValues {
  title: string;
  title_i18n?: TextLangFields;
}

/** "Edit texts" of a plan: its title of record and the whole map (`{}` when every tab is empty). */
function EditPoolTexts({ editing }: { editing: Editing<AdminDividendPool> }) {
  const update = useUpdateDividend();
  const pool = editing.row;
  return (
    <EditTextsModal<TitleValues>
      title={pool ? `Edit texts: ${pool.title}` : 'Edit texts'}
      editing={editing}
      initialValues={pool ? { title: pool.title, title_i18n: { ...pool.title_i18n } } : undefined}
      onSave={async (v) => {
        if (!pool) return false;
        await update.mutateAsync({
          id: pool.id,
          body: { title: v.title.trim(), title_i18n: toTexts(v.title_i18n) ?? {} },
        });
        return true;
      }}
    >
      <TitleFields>
        <Input maxLength={80} />
      </TitleFields>
    </EditTextsModal>
  );
}

/** "uid,amount" per line -> allocations; amounts stay decimal strings, the server checks them. */
export function parseAllocations(text: string): { user_id: string; amount: string }[] {
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line.length > 0)
    .map((line) => {
      const [user_id = '', amount = ''] = line.split(/[\s,;]+/);
      return { user_id, amount };
    });
}

/** Dividend pools funded from the treasury (ADR 082): list, create, edit a plan's title (ADR 243). */
export function Dividends() {
  const { message } = App.useApp();
  const pools = useDividendPools();
  const create = useCreateDividend();
  const [open, setOpen] = useState(false);
  const editing = useEditing<AdminDividendPool>();
  const [form] = Form.useForm<{
    title: string;
    title_i18n?: TextLangFields;
    coin: string;
    allocations: string;
  }>();

  const submit = async () => {
    // A rejected validation is the form showing its field errors, nothing more.
    const v = await form.validateFields().catch(() => null);
    if (!v) return;
    const title_i18n = toTexts(v.title_i18n);
    await create.mutateAsync({
      title: v.title.trim(),
      ...(title_i18n ? { title_i18n } : {}),
      coin: v.coin.trim(),
      allocations: parseAllocations(v.allocations),
    });
    void message.success('Pool created');
    setOpen(false);
    form.resetFields();
  };

  return (
    <>
      <Typography.Title level={4}>Dividends</Typography.Title>
      <Button type="primary" onClick={() => setOpen(true)} style={{ marginBottom: 16 }}>
        New pool
      </Button>
      <ConsoleTable
        rowKey="id"
        loading={pools.isFetching}
        columns={columns(editing.start)}
        dataSource={pools.data ?? []}
        pagination={false}
        // A phone scrolls the list sideways instead of stacking the title one word a line;
        // columns as wide as their content.
        scroll={{ x: 720 }}
        tableLayout="auto"
      />
      <EditPoolTexts editing={editing} />
      <Modal
        open={open}
        title="New dividend pool"
        okText="Create"
        okButtonProps={{ loading: create.isPending }}
        onOk={submit}
        onCancel={() => setOpen(false)}
      >
        <Form form={form} layout="vertical" initialValues={{ coin: 'USDC' }}>
          <TitleFields>
            <Input />
          </TitleFields>
          <Form.Item name="coin" label="Coin" rules={[{ required: true }]}>
            <Input />
          </Form.Item>
          <Form.Item
            name="allocations"
            label="Allocations (one per line: UID, amount)"
            rules={[{ required: true, whitespace: true }]}
          >
            <Input.TextArea rows={6} placeholder={'1001, 12.5\n1002, 3'} />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
