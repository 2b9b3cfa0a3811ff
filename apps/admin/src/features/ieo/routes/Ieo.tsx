import type { IeoProject, IeoProjectCreate, IeoStatus } from '@ex/contract';
import { isValidationError } from '@ex/sdk';
import {
  App,
  Button,
  Card,
  DatePicker,
  Drawer,
  Form,
  Input,
  Progress,
  Select,
  Space,
  type TableColumnsType,
  Tooltip,
  Typography,
} from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { ConsoleTable } from '../../../components/ConsoleTable.tsx';
import {
  type Editing,
  EditTextsButton,
  EditTextsModal,
  useEditing,
} from '../../../components/EditTextsModal.tsx';
import {
  RECORD_EXTRA,
  type TextLangFields,
  TextOfRecordFields,
  toTexts,
} from '../../../components/TextLangTabs.tsx';
import { CodeTag, dateTimeStackCell, languagesOf, Num } from '../../../components/table-cells.tsx';
import { formatCoinOverview, formatDecimal, formatPercent, formatUsdcOverview } from '../../../lib/format.ts';
import { useIeoMutations, useIeoProjects } from '../api/ieo.ts';

const STATUS_COLOR: Record<IeoStatus, string> = {
  not_started: 'default',
  subscribing: 'gold',
  drawing: 'blue',
  ended: 'green',
  cancelled: 'red',
};

/**
 * A project's state in the app's words (the web catalogue's `earn1.ieo.status`, English): an
 * operator answering a user who asks about an "Upcoming" project finds it under the same word.
 */
const STATUS_LABEL: Record<IeoStatus, string> = {
  not_started: 'Upcoming',
  subscribing: 'Subscribing',
  drawing: 'Drawing',
  ended: 'Ended',
  cancelled: 'Cancelled',
};

/**
 * Figures per DESIGN.md "Numbers", from the API's decimal strings: coin quantities with 2 up to the
 * coin's decimals (cut, never more than there is), the unit price with all its digits (at least 2:
 * a 0.0005 USDC price is not 0.00), refunds in USDC with 2. What the form sends stays as typed.
 */
const qty = (v: string, coin: string) => formatCoinOverview(v, coin);
const price = (v: string) => formatDecimal(v, { minFraction: 2 });

type FormValues = Omit<
  IeoProjectCreate,
  'start_at' | 'end_at' | 'listing_at' | 'announcement_at' | 'name_i18n' | 'description_i18n'
> & {
  name_i18n?: TextLangFields;
  description_i18n?: TextLangFields;
  window: [Dayjs, Dayjs];
  listing_at: Dayjs;
  announcement_at: Dayjs;
};

interface TextValues {
  name: string;
  description: string;
  name_i18n?: TextLangFields;
  description_i18n?: TextLangFields;
}

/** "Edit texts" of a project: name and description of record and their maps, each sent whole. */
function EditProjectTexts({ editing }: { editing: Editing<IeoProject> }) {
  const { updateTexts } = useIeoMutations();
  const p = editing.row;
  return (
    <EditTextsModal<TextValues>
      title={p ? `Edit texts: ${p.coin} (${p.name})` : 'Edit texts'}
      editing={editing}
      initialValues={
        p
          ? {
              name: p.name,
              description: p.description,
              name_i18n: { ...p.name_i18n },
              description_i18n: { ...p.description_i18n },
            }
          : undefined
      }
      onSave={async (v) => {
        if (!p) return false;
        await updateTexts.mutateAsync({
          id: p.id,
          body: {
            name: v.name.trim(),
            description: (v.description ?? '').trim(),
            name_i18n: toTexts(v.name_i18n) ?? {},
            description_i18n: toTexts(v.description_i18n) ?? {},
          },
        });
        return true;
      }}
    >
      <TextOfRecordFields
        name="name"
        label="Name"
        max={60}
        extra={RECORD_EXTRA}
        rules={[{ required: true, whitespace: true, max: 60 }]}
      >
        <Input maxLength={60} />
      </TextOfRecordFields>
      <TextOfRecordFields name="description" label="Description" max={5000} multiline rules={[{ max: 5000 }]}>
        <Input.TextArea autoSize={{ minRows: 3, maxRows: 8 }} maxLength={5000} />
      </TextOfRecordFields>
    </EditTextsModal>
  );
}

/** /admin/ieo: create IEO projects, edit their texts (ADR 243), settle them after the end (ADR 077). */
export function Ieo() {
  const { message, modal } = App.useApp();
  const projects = useIeoProjects();
  const { create, settle } = useIeoMutations();
  const [open, setOpen] = useState(false);
  const editing = useEditing<IeoProject>();
  const [form] = Form.useForm<FormValues>();

  const doSettle = (p: IeoProject) =>
    modal.confirm({
      title: `Settle ${p.coin} (${p.name})?`,
      content: `${qty(p.subscribed, p.coin)} ${p.coin} subscribed for ${qty(p.issue_amount, p.coin)}. Allotment is pro rata when oversubscribed; the coins are delivered, the rest of the USDC refunded. This cannot be undone.`,
      okText: 'Settle',
      onOk: () =>
        settle
          .mutateAsync(p.id)
          .then(
            (r) =>
              void message.success(
                `Allotted ${qty(r.allotted, p.coin)} ${p.coin}, refunded ${formatUsdcOverview(r.refunded)} USDC`,
              ),
          ),
    });

  // Every column sized (ADR 239): 920 px, so at 1280 px (962 px in the card, 947 with a page
  // scrollbar) nothing scrolls and the pinned actions column (Edit texts over Settle) covers no
  // date; below that the table scrolls inside its card. Issue, subscribed and progress share one
  // column, the times take two lines: ten columns of their own needed about 1,050 px.
  const columns: TableColumnsType<IeoProject> = [
    { title: 'Coin', dataIndex: 'coin', width: 64 },
    {
      title: 'Name',
      dataIndex: 'name',
      width: 150,
      ellipsis: { showTitle: false },
      // The tooltip also names the languages the project has its own name in (ADR 243).
      render: (v: string, p) => (
        <Tooltip placement="topLeft" title={`${v} (${languagesOf(p.name_i18n)})`}>
          <span>{v}</span>
        </Tooltip>
      ),
    },
    {
      title: 'Unit price',
      dataIndex: 'unit_price',
      width: 116,
      align: 'right',
      render: (v: string) => <Num>{price(v)} USDC</Num>,
    },
    {
      title: 'Subscribed of issue',
      key: 'subscription',
      width: 186,
      render: (_: unknown, p) => (
        <>
          <Progress
            percent={Number.parseInt(p.progress, 10)}
            size="small"
            format={() => formatPercent(p.progress)}
          />
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            <Num>{qty(p.subscribed, p.coin)}</Num> of <Num>{qty(p.issue_amount, p.coin)}</Num>
          </Typography.Text>
        </>
      ),
    },
    { title: 'Start', dataIndex: 'start_at', width: 100, render: dateTimeStackCell },
    { title: 'End', dataIndex: 'end_at', width: 100, render: dateTimeStackCell },
    {
      title: 'Status',
      dataIndex: 'status',
      width: 104,
      render: (s: IeoStatus) => <CodeTag code={s} color={STATUS_COLOR} labels={STATUS_LABEL} />,
    },
    {
      title: '',
      width: 100,
      render: (_: unknown, p) => (
        <Space direction="vertical" size={4}>
          <EditTextsButton onClick={() => editing.start(p)} />
          {p.status === 'drawing' ? (
            <Button size="small" type="primary" onClick={() => doSettle(p)}>
              Settle
            </Button>
          ) : null}
        </Space>
      ),
    },
  ];

  const submit = async () => {
    const v = await form.validateFields();
    const { window, listing_at, announcement_at, name_i18n, description_i18n, ...rest } = v;
    const names = toTexts(name_i18n);
    const about = toTexts(description_i18n);
    try {
      await create.mutateAsync({
        ...rest,
        ...(names ? { name_i18n: names } : {}),
        ...(about ? { description_i18n: about } : {}),
        start_at: window[0].valueOf(),
        end_at: window[1].valueOf(),
        listing_at: listing_at.valueOf(),
        announcement_at: announcement_at.valueOf(),
      });
      void message.success('Project created');
      setOpen(false);
      form.resetFields();
    } catch (err) {
      if (isValidationError(err)) {
        form.setFields(
          Object.entries(err.errors).map(([name, errors]) => ({
            // `name_i18n.de` is the field ['name_i18n', 'de'].
            name: (name === 'start_at' || name === 'end_at' ? ['window'] : name.split('.')) as [
              keyof FormValues,
            ],
            errors,
          })),
        );
      }
    }
  };

  return (
    <Card
      title="IEO projects"
      extra={
        <Button type="primary" onClick={() => setOpen(true)}>
          New project
        </Button>
      }
    >
      <ConsoleTable
        rowKey="id"
        size="small"
        loading={projects.isFetching}
        dataSource={projects.data ?? []}
        columns={columns}
        pagination={false}
      />
      <EditProjectTexts editing={editing} />
      <Drawer
        open={open}
        onClose={() => setOpen(false)}
        title="New IEO project"
        width={460}
        extra={
          <Button type="primary" loading={create.isPending} onClick={submit}>
            Create
          </Button>
        }
      >
        <Form form={form} layout="vertical" initialValues={{ coin: 'SOL' }}>
          <Form.Item name="coin" label="Coin (an engine asset)" rules={[{ required: true }]}>
            <Select
              options={['BTC', 'ETH', 'SOL', 'BNB', 'XRP', 'DOGE'].map((c) => ({ value: c, label: c }))}
            />
          </Form.Item>
          <TextOfRecordFields
            name="name"
            label="Name"
            max={60}
            extra={RECORD_EXTRA}
            rules={[{ required: true, max: 60 }]}
          >
            <Input />
          </TextOfRecordFields>
          <Form.Item name="issue_amount" label="Issue amount" rules={[{ required: true }]}>
            <Input inputMode="decimal" />
          </Form.Item>
          <Form.Item name="unit_price" label="Unit price (USDC, 6 decimals)" rules={[{ required: true }]}>
            <Input inputMode="decimal" />
          </Form.Item>
          <Form.Item name="price_range" label="Price range (text)">
            <Input maxLength={60} />
          </Form.Item>
          <Form.Item name="min_quantity" label="Min quantity per account" rules={[{ required: true }]}>
            <Input inputMode="decimal" />
          </Form.Item>
          <Form.Item name="max_quantity" label="Max quantity per account" rules={[{ required: true }]}>
            <Input inputMode="decimal" />
          </Form.Item>
          <Form.Item name="window" label="Subscription start – end" rules={[{ required: true }]}>
            <DatePicker.RangePicker showTime style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item name="listing_at" label="Listing time" rules={[{ required: true }]}>
            <DatePicker showTime style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item name="announcement_at" label="Announcement time" rules={[{ required: true }]}>
            <DatePicker showTime style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item name="white_paper" label="White paper URL" rules={[{ type: 'url' }]}>
            <Input />
          </Form.Item>
          <Form.Item name="expected_return" label="Expected return (text)">
            <Input maxLength={60} />
          </Form.Item>
          <TextOfRecordFields name="description" label="Description" max={5000} multiline>
            <Input.TextArea rows={4} maxLength={5000} />
          </TextOfRecordFields>
        </Form>
      </Drawer>
    </Card>
  );
}
