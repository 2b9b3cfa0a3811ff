import type {
  AdminFaqArticle,
  AdminTicket,
  AdminTicketDetail,
  FaqSaveRequest,
  LocalisedText,
} from '@ex/contract';
import { LANGS, type Lang } from '@ex/i18n';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  App,
  Button,
  Drawer,
  Form,
  Input,
  InputNumber,
  Modal,
  Segmented,
  Space,
  Switch,
  type TableColumnsType,
  Tabs,
  Tag,
  Typography,
} from 'antd';
import { useEffect, useState } from 'react';
import { ConsoleTable } from '../../../components/ConsoleTable.tsx';
import { LangTabs, type TextFields } from '../../../components/LangTabs.tsx';
import { LangTags } from '../../../components/table-cells.tsx';
import { UserLink } from '../../../components/UserLink.tsx';
import { api } from '../../../lib/api.ts';
import { dateTime, PLACEHOLDER } from '../../../lib/format.ts';
import { LANG_CODES, LANG_LABELS } from '../../../lib/langs.ts';
import { readInt, useUrlState } from '../../../lib/url-state.ts';

type Status = 'open' | 'answered' | 'closed';
type Row = AdminTicket;
const STATUS_COLOR: Record<Status, string> = { open: 'orange', answered: 'green', closed: 'default' };
const STATUS_LABEL: Record<Status, string> = { open: 'Open', answered: 'Answered', closed: 'Closed' };
const STATUSES: Status[] = ['open', 'answered', 'closed'];

/**
 * The language the user writes in, to reply in it: a short tag ("DE", "简中"), the full name on
 * hover. A ticket older than migration 0830 did not record it: "--", not a guess.
 */
function TicketLang({ lang }: { lang: Lang | null }) {
  if (lang === null)
    return (
      <Typography.Text type="secondary" title="Not recorded: the ticket is older than its language">
        {PLACEHOLDER}
      </Typography.Text>
    );
  return (
    <Tag title={`The user writes in ${LANG_LABELS[lang]}`} style={{ marginInlineEnd: 0 }}>
      {LANG_CODES[lang]}
    </Tag>
  );
}

/** A screenshot of a ticket message, fetched with the operator token. */
function TicketImage({ url }: { url: string }) {
  const [src, setSrc] = useState<string>();
  useEffect(() => {
    const controller = new AbortController();
    let blob: string | undefined;
    api.kyc
      .adminImage(url, { signal: controller.signal, dedupe: false })
      .then((u) => {
        blob = u;
        if (!controller.signal.aborted) setSrc(u);
      })
      .catch(() => {});
    return () => {
      controller.abort();
      if (blob) URL.revokeObjectURL(blob);
    };
  }, [url]);
  return src ? (
    <img src={src} alt="Attachment" style={{ maxWidth: '100%', borderRadius: 6, marginTop: 8 }} />
  ) : null;
}

function TicketDrawer({ id, onClose }: { id: string | null; onClose: () => void }) {
  const { message, modal } = App.useApp();
  const qc = useQueryClient();
  const [form] = Form.useForm<{ body: string }>();
  const detail = useQuery({
    queryKey: ['admin', 'support', 'ticket', id],
    queryFn: ({ signal }) => api.support.admin.ticket(id ?? '', { signal }),
    enabled: id !== null,
  });
  const done = (t: AdminTicketDetail) => {
    qc.setQueryData(['admin', 'support', 'ticket', id], t);
    void qc.invalidateQueries({ queryKey: ['admin', 'support', 'tickets'] });
  };
  const reply = useMutation({
    mutationFn: (body: string) => api.support.admin.reply(id ?? '', { body }),
    onSuccess: (t) => {
      done(t);
      form.resetFields();
      void message.success('Reply sent');
    },
  });
  const close = useMutation({
    mutationFn: () => api.support.admin.close(id ?? ''),
    onSuccess: (t) => {
      done(t);
      form.resetFields();
      void message.success(`Ticket #${t.id} closed`);
    },
  });
  // Closing is final (the user can no longer reply, nor can it be reopened): it is confirmed, and
  // a reply typed but not sent is named, since it goes with it.
  const confirmClose = (ticket: AdminTicketDetail) => {
    const draft = (form.getFieldValue('body') as string | undefined)?.trim();
    modal.confirm({
      title: `Close ticket #${ticket.id}?`,
      content: `The user can no longer reply to it, and it cannot be reopened.${
        draft ? ' Your reply has not been sent and is discarded.' : ''
      }`,
      okText: 'Close ticket',
      okButtonProps: { danger: true },
      cancelText: 'Keep open',
      onOk: () => close.mutateAsync(),
    });
  };
  const t = detail.data;
  // Opening a ticket marks it read: the list loses its "new" tag.
  const openedId = t?.id;
  useEffect(() => {
    if (openedId !== undefined) void qc.invalidateQueries({ queryKey: ['admin', 'support', 'tickets'] });
  }, [openedId, qc]);
  return (
    <Drawer open={id !== null} onClose={onClose} width={560} title={t ? `#${t.id} ${t.subject}` : 'Ticket'}>
      {t && (
        <Space direction="vertical" style={{ width: '100%' }}>
          <Space>
            <Tag color={STATUS_COLOR[t.status]}>{STATUS_LABEL[t.status]}</Tag>
            <TicketLang lang={t.lang} />
            <Typography.Text type="secondary">{t.user_account ?? `user ${t.user_id}`}</Typography.Text>
          </Space>
          {t.kind === 'appeal' && (
            // What the operator must know before answering an appeal (ADR 268).
            <Alert
              type="warning"
              showIcon
              message="Appeal from the login screen of a disabled account"
              description={
                <>
                  Sent without logging in: anyone who knows the address could have written it. While the
                  account is disabled, a reply also goes to its registered e-mail or phone. The ban&apos;s
                  reason is on user <UserLink id={t.user_id} />; do not tell it to the user.
                </>
              }
            />
          )}
          {t.messages.map((m) => (
            <div
              key={m.id}
              style={{
                padding: 12,
                borderRadius: 8,
                background: m.from === 'operator' ? 'rgba(22,119,255,0.08)' : 'rgba(0,0,0,0.04)',
              }}
            >
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {m.from === 'operator' ? 'Support' : 'User'} · {dateTime(m.created_at)}
              </Typography.Text>
              <div style={{ whiteSpace: 'pre-wrap' }}>{m.body}</div>
              {m.image_url && <TicketImage url={m.image_url} />}
            </div>
          ))}
          {t.status !== 'closed' && (
            <Form form={form} layout="vertical" onFinish={(v) => reply.mutate(v.body.trim())}>
              <Form.Item
                name="body"
                label="Reply"
                extra={t.lang === null ? undefined : `The user writes in ${LANG_LABELS[t.lang]}.`}
                rules={[{ required: true, whitespace: true }]}
              >
                <Input.TextArea autoSize={{ minRows: 3, maxRows: 10 }} maxLength={5000} />
              </Form.Item>
              <Space>
                <Button type="primary" htmlType="submit" loading={reply.isPending}>
                  Send reply
                </Button>
                <Button onClick={() => confirmClose(t)} loading={close.isPending}>
                  Close ticket
                </Button>
              </Space>
            </Form>
          )}
        </Space>
      )}
    </Drawer>
  );
}

/** The list's filter: a status, or every ticket. */
type Filter = Status | 'all';
const FILTERS: Filter[] = [...STATUSES, 'all'];
const FILTER_LABEL: Record<Filter, string> = { ...STATUS_LABEL, all: 'All' };

/**
 * Tickets by status (open first), newest activity first. Filter, page and the open ticket live in
 * the URL (`?status=&page=&ticket=`) as on the review lists (ADR 190): a reload or a shared link
 * shows the same view; they were component state and a reload fell back to page 1 of Open.
 */
function Tickets() {
  const { params, update } = useUrlState();
  const raw = params.get('status');
  const filter: Filter = FILTERS.includes(raw as Filter) ? (raw as Filter) : 'open';
  const page = readInt(params.get('page'), 1);
  const openId = params.get('ticket');
  const list = useQuery({
    queryKey: ['admin', 'support', 'tickets', filter, page],
    queryFn: ({ signal }) =>
      api.support.admin.tickets(
        { ...(filter === 'all' ? {} : { status: filter }), page, limit: 20 },
        { signal },
      ),
  });
  const columns: TableColumnsType<Row> = [
    { title: '#', dataIndex: 'id', width: 70 },
    {
      title: 'Subject',
      dataIndex: 'subject',
      render: (s: string, r) => (
        <Space>
          {r.unread && <Tag color="red">New</Tag>}
          {/* By how it was filed (ADR 268), never by its subject, which any user may type. */}
          {r.kind === 'appeal' && <Tag color="gold">Appeal</Tag>}
          {s}
        </Space>
      ),
    },
    { title: 'User', dataIndex: 'user_account', render: (a: string | null, r) => a ?? `user ${r.user_id}` },
    {
      title: 'Language',
      dataIndex: 'lang',
      width: 100,
      render: (l: Lang | null) => <TicketLang lang={l} />,
    },
    {
      title: 'Status',
      dataIndex: 'status',
      width: 110,
      render: (s: Status) => <Tag color={STATUS_COLOR[s]}>{STATUS_LABEL[s]}</Tag>,
    },
    { title: 'Updated', dataIndex: 'updated_at', width: 170, render: (at: number) => dateTime(at) },
  ];
  return (
    <>
      <Segmented
        value={filter}
        onChange={(v) => update({ status: v === 'open' ? null : String(v), page: null })}
        options={FILTERS.map((v) => ({ value: v, label: FILTER_LABEL[v] }))}
        style={{ marginBottom: 16 }}
      />
      <ConsoleTable<Row>
        rowKey="id"
        size="middle"
        loading={list.isPending}
        columns={columns}
        dataSource={list.data?.list ?? []}
        locale={{
          emptyText: list.isError
            ? 'Could not load the tickets'
            : filter === 'all'
              ? 'No ticket yet'
              : `No ${STATUS_LABEL[filter].toLowerCase()} ticket`,
        }}
        onRow={(r) => ({ onClick: () => update({ ticket: r.id }), style: { cursor: 'pointer' } })}
        pagination={{
          current: page,
          pageSize: 20,
          total: list.data?.total ?? 0,
          showTotal: (n) => `${n} ticket${n === 1 ? '' : 's'}`,
          onChange: (p) => update({ page: p === 1 ? null : String(p) }),
        }}
      />
      <TicketDrawer id={openId} onClose={() => update({ ticket: null })} />
    </>
  );
}

interface FaqForm {
  translations: TextFields;
  position: number;
  published: boolean;
}

function toFields(a: AdminFaqArticle | null): FaqForm {
  const translations: TextFields = {};
  for (const lang of LANGS) {
    translations[lang] = { title: a?.title[lang] ?? '', body: a?.body[lang] ?? '' };
  }
  return { translations, position: a?.position ?? 0, published: a?.published ?? true };
}

function toRequest(v: FaqForm): FaqSaveRequest {
  const title: Record<string, string> = {};
  const body: Record<string, string> = {};
  for (const lang of LANGS) {
    const f = v.translations?.[lang];
    if (f?.title?.trim()) title[lang] = f.title.trim();
    if (f?.body?.trim()) body[lang] = f.body.trim();
  }
  return {
    title: title as LocalisedText,
    body: body as LocalisedText,
    position: v.position ?? 0,
    published: v.published ?? true,
  };
}

function Faq() {
  const { message, modal } = App.useApp();
  const qc = useQueryClient();
  const list = useQuery({
    queryKey: ['admin', 'support', 'faq'],
    queryFn: ({ signal }) => api.support.admin.faq({ signal }),
  });
  const [editing, setEditing] = useState<AdminFaqArticle | null | undefined>(undefined);
  const [form] = Form.useForm<FaqForm>();
  const refresh = () => qc.invalidateQueries({ queryKey: ['admin', 'support', 'faq'] });
  const save = useMutation({
    mutationFn: (v: FaqForm) =>
      editing
        ? api.support.admin.updateFaq(editing.id, toRequest(v))
        : api.support.admin.createFaq(toRequest(v)),
    onSuccess: () => {
      void refresh();
      setEditing(undefined);
      void message.success('Article saved');
    },
  });
  const remove = useMutation({
    mutationFn: (id: string) => api.support.admin.deleteFaq(id),
    onSuccess: refresh,
  });
  useEffect(() => {
    if (editing !== undefined) form.setFieldsValue(toFields(editing));
  }, [editing, form]);

  const columns: TableColumnsType<AdminFaqArticle> = [
    { title: 'Order', dataIndex: 'position', width: 80 },
    { title: 'Title (de)', render: (_: unknown, a) => a.title.de },
    {
      title: 'Languages',
      render: (_: unknown, a) => <LangTags langs={LANGS.filter((l) => a.title[l])} />,
    },
    {
      title: 'Published',
      dataIndex: 'published',
      width: 100,
      render: (p: boolean) => (p ? <Tag color="green">Published</Tag> : <Tag>Draft</Tag>),
    },
    { title: 'Updated', dataIndex: 'updated_at', width: 170, render: (at: number) => dateTime(at) },
    {
      title: '',
      width: 150,
      render: (_: unknown, a) => (
        <Space>
          <Button size="small" onClick={() => setEditing(a)}>
            Edit
          </Button>
          <Button
            size="small"
            danger
            onClick={() =>
              modal.confirm({ title: `Delete “${a.title.de}”?`, onOk: () => remove.mutateAsync(a.id) })
            }
          >
            Delete
          </Button>
        </Space>
      ),
    },
  ];
  return (
    <>
      <Button type="primary" onClick={() => setEditing(null)} style={{ marginBottom: 16 }}>
        New article
      </Button>
      <ConsoleTable<AdminFaqArticle>
        rowKey="id"
        size="middle"
        loading={list.isPending}
        columns={columns}
        dataSource={list.data ?? []}
      />
      <Modal
        open={editing !== undefined}
        title={editing ? 'Edit article' : 'New article'}
        width={720}
        okText="Save"
        confirmLoading={save.isPending}
        onCancel={() => setEditing(undefined)}
        onOk={async () => {
          const v = await form.validateFields().catch(() => null);
          if (!v) return;
          if (!v.translations?.de?.title?.trim() || !v.translations?.de?.body?.trim()) {
            void message.error(
              'German (Deutsch) title and body are required; other languages fall back to it.',
            );
            return;
          }
          save.mutate(v);
        }}
        destroyOnHidden
      >
        <Form form={form} layout="vertical" preserve={false}>
          <LangTabs />
          <Space size="large">
            <Form.Item label="Order" name="position">
              <InputNumber min={0} max={10000} />
            </Form.Item>
            <Form.Item label="Published" name="published" valuePropName="checked">
              <Switch />
            </Form.Item>
          </Space>
        </Form>
      </Modal>
    </>
  );
}

/** Support (ADR 208): tickets to answer (unread first) and the FAQ in every language. */
export function Support() {
  return (
    <>
      <Typography.Title level={3}>Support</Typography.Title>
      <Tabs
        items={[
          { key: 'tickets', label: 'Tickets', children: <Tickets /> },
          { key: 'faq', label: 'FAQ', children: <Faq /> },
        ]}
      />
    </>
  );
}
