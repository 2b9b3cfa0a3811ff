import type { AuditEntry, UserSummary } from '@ex/contract';
import {
  Alert,
  App,
  Button,
  Descriptions,
  Drawer,
  Form,
  Input,
  Modal,
  Space,
  type TableColumnsType,
  Tag,
  Typography,
} from 'antd';
import { useState } from 'react';
import { ConsoleTable } from '../../../components/ConsoleTable.tsx';
import { actionLabel, dateTime } from '../../../lib/format.ts';
import { readInt, useUrlState } from '../../../lib/url-state.ts';
import { type UserAction, useUser, useUserAction, useUserAudit, useUsers } from '../api/users.ts';
import { UserDetailTabs } from '../components/UserDetailTabs.tsx';

const columns: TableColumnsType<UserSummary> = [
  { title: 'UID', dataIndex: 'id', width: 90 },
  { title: 'E-mail', dataIndex: 'email', ellipsis: true, render: (v: string | null) => v ?? '—' },
  {
    title: 'Phone',
    dataIndex: 'phone',
    width: 170,
    render: (_: unknown, u) => (u.phone ? `+${u.area_code ?? ''} ${u.phone}` : '—'),
  },
  { title: 'Nickname', dataIndex: 'nickname', width: 160, ellipsis: true },
  {
    title: 'State',
    width: 150,
    render: (_: unknown, u) => (
      <Space size={4}>
        {u.banned_at !== null ? <Tag color="red">Banned</Tag> : <Tag color="green">Active</Tag>}
        {u.verified ? <Tag color="blue">Verified</Tag> : null}
      </Space>
    ),
  },
  { title: 'Registered', dataIndex: 'created_at', width: 170, render: (at: number) => dateTime(at) },
];

/** What the operator said with an action: a ban's reason, an unban's note (ADR 265). */
function saidWith(e: AuditEntry): string | null {
  const after = e.after as { reason?: unknown; note?: unknown } | null;
  const said = after?.reason ?? after?.note;
  return typeof said === 'string' ? said : null;
}

const historyColumns: TableColumnsType<AuditEntry> = [
  { title: 'When', dataIndex: 'created_at', width: 170, render: (at: number) => dateTime(at) },
  { title: 'Operator', dataIndex: 'admin_email', width: 200, ellipsis: { showTitle: true } },
  { title: 'Action', dataIndex: 'action', width: 170, render: (a: string) => actionLabel(a) },
  {
    title: 'Reason or note',
    render: (_: unknown, e) => (
      <span style={{ overflowWrap: 'anywhere' }}>
        {saidWith(e) ?? <Typography.Text type="secondary">—</Typography.Text>}
      </span>
    ),
  },
];

/**
 * Why this user is banned, by whom and since when, from the ban's audit entry: support bans and
 * answers the appeals of banned users (ADR 268) but may not read the audit log, so the drawer
 * shows it. The user is never shown it (ADR 265).
 */
function BanNotice({ user, history }: { user: UserSummary; history: AuditEntry[] | undefined }) {
  if (user.banned_at === null || history === undefined) return null;
  const ban = history.find((e) => e.action === 'user.ban');
  const reason = ban ? saidWith(ban) : null;
  return (
    <Alert
      type="error"
      showIcon
      style={{ marginBottom: 16 }}
      message={
        ban
          ? `Banned ${dateTime(ban.created_at)} by ${ban.admin_email}`
          : `Banned ${dateTime(user.banned_at)}`
      }
      description={
        reason
          ? `Reason: ${reason}`
          : 'No reason in the audit log: the ban is older than the reasons asked for since ADR 265.'
      }
    />
  );
}

/** The server's limits of a ban's reason and an unban's note (BanUserRequest, UnbanUserRequest). */
const REASON_MIN = 3;
const REASON_MAX = 500;

function UserDrawer({ id, onClose }: { id: string | null; onClose: () => void }) {
  const { message, modal } = App.useApp();
  const detail = useUser(id);
  const audit = useUserAudit(id);
  const act = useUserAction();
  const u = detail.data?.user;
  // Who the dialog is about, by the name the operator searched for, not only a number.
  const who = u
    ? `${u.email ?? (u.phone ? `+${u.area_code ?? ''} ${u.phone}` : u.nickname)} (user ${u.id})`
    : '';
  // The ban and unban dialogs ask for words (a required reason, an optional note): a form, not a confirm.
  const [asking, setAsking] = useState(false);
  // Kept while the dialog closes, so its words do not flip to the other action as the user changes.
  const [action, setAction] = useState<'ban' | 'unban'>('ban');
  const [form] = Form.useForm<{ text?: string }>();

  const send = (action: UserAction, done: string, text?: string) =>
    u
      ? act
          .mutateAsync({ id: u.id, action, ...(text ? { text } : {}) })
          .then(() => {
            void message.success(done);
            return true;
          })
          // The SDK has already shown the refusal (e.g. 403 for a reviewer, 422 for the reason).
          .catch(() => false)
      : Promise.resolve(false);

  const run = (action: UserAction, title: string, content: string, okText: string, done: string) => {
    if (!u) return;
    modal.confirm({
      title,
      content,
      okText,
      okButtonProps: { danger: true },
      onOk: () => send(action, done),
    });
  };
  // The dialog opens empty: it and its form are destroyed when it closes.
  const ask = (what: 'ban' | 'unban') => {
    setAction(what);
    setAsking(true);
  };
  const submit = async () => {
    if (!asking) return;
    // A rejected validation is the form showing its field errors, nothing more.
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    const text = values.text?.trim() ?? '';
    const done = action === 'ban' ? `${who} banned` : `${who} unbanned`;
    // A refusal keeps the dialog and what was typed for another try.
    if (await send(action, done, text)) setAsking(false);
  };

  return (
    <Drawer open={id !== null} onClose={onClose} width={900} title={u ? `User ${u.id}` : 'User'}>
      {u && detail.data ? (
        <>
          <BanNotice user={u} history={audit.data?.list} />
          {/* One column on a phone: two squeezed the values to a letter a line. */}
          <Descriptions size="small" column={{ xs: 1, sm: 2 }} bordered>
            <Descriptions.Item label="E-mail">{u.email ?? '—'}</Descriptions.Item>
            <Descriptions.Item label="Phone">
              {u.phone ? `+${u.area_code ?? ''} ${u.phone}` : '—'}
            </Descriptions.Item>
            <Descriptions.Item label="Nickname">{u.nickname}</Descriptions.Item>
            <Descriptions.Item label="Invite code">{u.invite_code}</Descriptions.Item>
            <Descriptions.Item label="Member level">{u.member_level}</Descriptions.Item>
            <Descriptions.Item label="Points">{u.points}</Descriptions.Item>
            <Descriptions.Item label="State">
              {u.banned_at !== null ? (
                <Tag color="red">Banned {dateTime(u.banned_at)}</Tag>
              ) : (
                <Tag color="green">Active</Tag>
              )}
            </Descriptions.Item>
            <Descriptions.Item label="Registered">{dateTime(u.created_at)}</Descriptions.Item>
          </Descriptions>
          <Space style={{ margin: '16px 0' }}>
            {u.banned_at === null ? (
              <Button danger onClick={() => ask('ban')}>
                Ban
              </Button>
            ) : (
              <Button onClick={() => ask('unban')}>Unban</Button>
            )}
            <Button
              onClick={() =>
                run(
                  'revoke',
                  `End every session of ${who}?`,
                  'They must log in again.',
                  'End sessions',
                  'Sessions ended',
                )
              }
            >
              Revoke sessions
            </Button>
          </Space>
          <Typography.Title level={5}>Account history</Typography.Title>
          <ConsoleTable
            rowKey="id"
            size="small"
            style={{ marginBottom: 16 }}
            loading={audit.isFetching}
            columns={historyColumns}
            dataSource={audit.data?.list ?? []}
            pagination={false}
            locale={{
              emptyText: audit.isError
                ? 'Could not load the account history'
                : 'No ban, unban, ended sessions or message yet',
            }}
          />
          <UserDetailTabs d={detail.data} />
          <Modal
            open={asking}
            title={action === 'ban' ? `Ban ${who}?` : `Lift the ban on ${who}?`}
            okText={action === 'ban' ? 'Ban' : 'Unban'}
            okButtonProps={{ danger: action === 'ban', loading: act.isPending }}
            onOk={submit}
            onCancel={() => setAsking(false)}
            destroyOnHidden
          >
            <Typography.Paragraph>
              {action === 'ban'
                ? 'Login is refused and every session ends. The reason goes to the audit log; the user is not shown it.'
                : 'They can log in again. A note goes to the audit log beside the ban.'}
            </Typography.Paragraph>
            <Form form={form} layout="vertical" preserve={false}>
              <Form.Item
                name="text"
                label={action === 'ban' ? 'Reason' : 'Note (optional)'}
                rules={
                  action === 'ban'
                    ? [
                        {
                          required: true,
                          whitespace: true,
                          message: 'Enter why this user is banned',
                        },
                        {
                          validator: (_, v?: string) =>
                            (v ?? '').trim().length === 0 || (v ?? '').trim().length >= REASON_MIN
                              ? Promise.resolve()
                              : Promise.reject(new Error(`At least ${REASON_MIN} characters`)),
                        },
                        { max: REASON_MAX, message: `At most ${REASON_MAX} characters` },
                      ]
                    : [{ max: REASON_MAX, message: `At most ${REASON_MAX} characters` }]
                }
              >
                <Input.TextArea
                  rows={3}
                  maxLength={REASON_MAX}
                  showCount
                  placeholder={
                    action === 'ban'
                      ? 'e.g. Chargeback fraud reported by the bank, case 4711'
                      : 'e.g. Identity confirmed by phone'
                  }
                />
              </Form.Item>
            </Form>
          </Modal>
        </>
      ) : (
        <Typography.Text type="secondary">
          {detail.isError ? 'Could not load this user' : 'Loading…'}
        </Typography.Text>
      )}
    </Drawer>
  );
}

export function Users() {
  const { params, update } = useUrlState();
  const q = params.get('q') ?? '';
  const page = readInt(params.get('page'), 1);
  const open = params.get('user');
  const users = useUsers(page, 20, q);

  return (
    <>
      <Space style={{ marginBottom: 16, maxWidth: '100%' }} styles={{ item: { maxWidth: '100%' } }} wrap>
        <Typography.Title level={4} style={{ margin: 0 }}>
          Users
        </Typography.Title>
        <Input.Search
          aria-label="Search users"
          placeholder="E-mail, phone or UID"
          allowClear
          defaultValue={q}
          onSearch={(value) => update({ q: value.trim(), page: null })}
          style={{ width: 320, maxWidth: '100%' }}
        />
      </Space>
      <ConsoleTable
        rowKey="id"
        loading={users.isFetching}
        columns={columns}
        dataSource={users.data?.list ?? []}
        onRow={(u) => ({ onClick: () => update({ user: u.id }), style: { cursor: 'pointer' } })}
        pagination={{
          current: page,
          pageSize: 20,
          total: users.data?.total ?? 0,
          showSizeChanger: false,
          onChange: (p) => update({ page: String(p) }),
        }}
      />
      <UserDrawer id={open} onClose={() => update({ user: null })} />
    </>
  );
}
