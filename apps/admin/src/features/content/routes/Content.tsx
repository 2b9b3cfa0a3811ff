import { PlusOutlined, ReloadOutlined } from '@ant-design/icons';
import type { AdminContentItem, ContentKind } from '@ex/contract';
import { LANGS } from '@ex/i18n';
import { isValidationError } from '@ex/sdk';
import {
  Alert,
  App,
  Button,
  Card,
  Drawer,
  Form,
  Input,
  Radio,
  Segmented,
  Space,
  Switch,
  type TableColumnsType,
  Tag,
} from 'antd';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { ConsoleTable } from '../../../components/ConsoleTable.tsx';
import { LangTabs, type TextFields, toTranslations } from '../../../components/LangTabs.tsx';
import { agoCell, LangTags } from '../../../components/table-cells.tsx';
import { type TranslationErrors, translationErrors } from '../../../lib/form-errors.ts';
import { useContentItems, useSaveContent, useSendMessage } from '../api/content.ts';

type Tab = ContentKind | 'message';
const TABS: { label: string; value: Tab }[] = [
  { label: 'Notices', value: 'notice' },
  { label: 'News', value: 'news' },
  { label: 'Send message', value: 'message' },
];

function titleOf(row: AdminContentItem): string {
  for (const lang of ['en', 'de', ...LANGS] as const) {
    const t = row.translations[lang];
    if (t) return t.title;
  }
  return '';
}

const NO_ERRORS: TranslationErrors = { placed: [], langs: [], other: [] };

/** What no field shows of a refused save, above the form (ADR 243's pattern for texts). */
function OtherErrors({ errors }: { errors: TranslationErrors }) {
  return errors.other.length > 0 ? (
    <Alert type="error" showIcon style={{ marginBottom: 12 }} message={errors.other.join(' ')} />
  ) : null;
}

interface EditValues {
  translations?: TextFields;
  published: boolean;
}

function EditDrawer({
  kind,
  row,
  open,
  onClose,
}: {
  kind: ContentKind;
  row: AdminContentItem | null;
  open: boolean;
  onClose: () => void;
}) {
  const { message } = App.useApp();
  const save = useSaveContent();
  const [form] = Form.useForm<EditValues>();
  const [errors, setErrors] = useState(NO_ERRORS);
  const submit = async (values: EditValues) => {
    const translations = toTranslations(values.translations);
    setErrors(NO_ERRORS);
    try {
      await save.mutateAsync(
        row === null
          ? { id: null, body: { kind, translations, published: values.published } }
          : { id: row.id, body: { translations, published: values.published } },
      );
      void message.success(row === null ? 'Created' : 'Saved');
      onClose();
    } catch (error) {
      if (!isValidationError(error)) return;
      const split = translationErrors(error.errors);
      form.setFields(split.placed as never);
      setErrors(split);
    }
  };
  return (
    <Drawer
      title={row === null ? `New ${kind === 'notice' ? 'notice' : 'news item'}` : `Edit #${row.id}`}
      open={open}
      onClose={onClose}
      width={640}
      destroyOnHidden
      extra={
        <Button type="primary" loading={save.isPending} onClick={() => form.submit()}>
          Save
        </Button>
      }
    >
      <Form
        form={form}
        layout="vertical"
        onFinish={submit}
        initialValues={{ published: row?.published ?? false, translations: row?.translations ?? {} }}
      >
        <Form.Item label="Published" name="published" valuePropName="checked">
          <Switch />
        </Form.Item>
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 12 }}
          message="Fill at least one language. Readers get their own, else English, else German."
        />
        <OtherErrors errors={errors} />
        <LangTabs errorLangs={errors.langs} />
      </Form>
    </Drawer>
  );
}

function ContentTable({ kind }: { kind: ContentKind }) {
  const [page, setPage] = useState(1);
  const [limit, setLimit] = useState(20);
  const [editing, setEditing] = useState<AdminContentItem | null | undefined>(undefined);
  const q = useContentItems(kind, page, limit);
  const save = useSaveContent();
  const { message } = App.useApp();
  const now = Date.now();
  const toggle = async (row: AdminContentItem) => {
    await save.mutateAsync({ id: row.id, body: { published: !row.published } });
    void message.success(row.published ? 'Unpublished' : 'Published');
  };
  const columns: TableColumnsType<AdminContentItem> = [
    { title: 'Id', dataIndex: 'id', width: 70 },
    { title: 'Title', render: (_: unknown, row) => titleOf(row), ellipsis: true },
    {
      title: 'Languages',
      width: 220,
      render: (_: unknown, row) => <LangTags langs={LANGS.filter((l) => row.translations[l])} />,
    },
    {
      title: 'Status',
      width: 110,
      render: (_: unknown, row) =>
        row.published ? <Tag color="green">Published</Tag> : <Tag color="default">Draft</Tag>,
    },
    {
      title: 'Updated',
      dataIndex: 'updated_at',
      width: 130,
      render: agoCell(now),
    },
    {
      title: '',
      width: 180,
      render: (_: unknown, row) => (
        <Space>
          <Button size="small" onClick={() => setEditing(row)}>
            Edit
          </Button>
          <Button size="small" danger={row.published} onClick={() => void toggle(row)}>
            {row.published ? 'Unpublish' : 'Publish'}
          </Button>
        </Space>
      ),
    },
  ];
  return (
    <>
      <Space style={{ marginBottom: 12 }}>
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing(null)}>
          New
        </Button>
        <Button icon={<ReloadOutlined />} onClick={() => void q.refetch()}>
          Refresh
        </Button>
      </Space>
      <ConsoleTable<AdminContentItem>
        rowKey="id"
        size="small"
        loading={q.isFetching}
        columns={columns}
        dataSource={q.data?.list ?? []}
        pagination={{
          current: page,
          pageSize: limit,
          total: q.data?.total ?? 0,
          showSizeChanger: true,
          pageSizeOptions: [10, 20, 50, 100],
          onChange: (p, l) => {
            setPage(p);
            setLimit(l);
          },
        }}
      />
      {editing !== undefined && (
        <EditDrawer kind={kind} row={editing} open onClose={() => setEditing(undefined)} />
      )}
    </>
  );
}

interface SendValues {
  target: 'user' | 'all';
  user_id?: string;
  translations?: TextFields;
}

function SendMessage() {
  const { message, modal } = App.useApp();
  const send = useSendMessage();
  const [form] = Form.useForm<SendValues>();
  const target = Form.useWatch('target', form);
  const [errors, setErrors] = useState(NO_ERRORS);
  const submit = (values: SendValues) => {
    const translations = toTranslations(values.translations);
    const body =
      values.target === 'all'
        ? { broadcast: true as const, translations }
        : { user_id: values.user_id?.trim() ?? '', translations };
    const run = async () => {
      setErrors(NO_ERRORS);
      try {
        const r = await send.mutateAsync(body);
        void message.success(`Sent to ${r.sent} user${r.sent === 1 ? '' : 's'}`);
        form.resetFields();
      } catch (error) {
        if (!isValidationError(error)) return;
        const split = translationErrors(error.errors, ['user_id']);
        form.setFields(split.placed as never);
        setErrors(split);
      }
    };
    if (values.target === 'all')
      modal.confirm({
        title: 'Send to every user?',
        content: 'Each user gets this message in their inbox.',
        onOk: run,
      });
    else void run();
  };
  return (
    <Form
      form={form}
      layout="vertical"
      onFinish={submit}
      initialValues={{ target: 'user' }}
      style={{ maxWidth: 680 }}
    >
      <Form.Item label="Recipients" name="target">
        <Radio.Group
          options={[
            { label: 'One user', value: 'user' },
            { label: 'Broadcast to everyone', value: 'all' },
          ]}
        />
      </Form.Item>
      {target !== 'all' && (
        <Form.Item label="User id" name="user_id" rules={[{ required: true, pattern: /^[1-9]\d*$/ }]}>
          <Input inputMode="numeric" style={{ maxWidth: 200 }} />
        </Form.Item>
      )}
      <OtherErrors errors={errors} />
      <LangTabs errorLangs={errors.langs} />
      <Button type="primary" htmlType="submit" loading={send.isPending}>
        Send
      </Button>
    </Form>
  );
}

/** Notices and news (per-language texts, publish flag) and in-app messages to one user or all. */
export function Content() {
  const [params, setParams] = useSearchParams();
  const tab: Tab = TABS.find((t) => t.value === params.get('tab'))?.value ?? 'notice';
  return (
    <Card
      title="Content"
      extra={
        <Segmented<Tab>
          options={TABS}
          value={tab}
          onChange={(v) =>
            setParams((p) => {
              p.set('tab', v);
              return p;
            })
          }
        />
      }
    >
      {tab === 'message' ? <SendMessage /> : <ContentTable key={tab} kind={tab} />}
    </Card>
  );
}
