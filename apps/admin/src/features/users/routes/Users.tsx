import type { UserSummary } from '@ex/contract';
import {
  App,
  Button,
  Descriptions,
  Drawer,
  Input,
  Space,
  type TableColumnsType,
  Tag,
  Typography,
} from 'antd';
import { ConsoleTable } from '../../../components/ConsoleTable.tsx';
import { dateTime } from '../../../lib/format.ts';
import { readInt, useUrlState } from '../../../lib/url-state.ts';
import { type UserAction, useUser, useUserAction, useUsers } from '../api/users.ts';
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

function UserDrawer({ id, onClose }: { id: string | null; onClose: () => void }) {
  const { message, modal } = App.useApp();
  const detail = useUser(id);
  const act = useUserAction();
  const u = detail.data?.user;

  const run = (action: UserAction, title: string, content: string, okText: string, done: string) => {
    if (!u) return;
    modal.confirm({
      title,
      content,
      okText,
      okButtonProps: { danger: action !== 'unban' },
      onOk: () =>
        act
          .mutateAsync({ id: u.id, action })
          .then(() => {
            void message.success(done);
          })
          // The SDK has already shown the refusal (e.g. 403 for a reviewer).
          .catch(() => undefined),
    });
  };
  // Who the dialog is about, by the name the operator searched for, not only a number.
  const who = u
    ? `${u.email ?? (u.phone ? `+${u.area_code ?? ''} ${u.phone}` : u.nickname)} (user ${u.id})`
    : '';

  return (
    <Drawer open={id !== null} onClose={onClose} width={900} title={u ? `User ${u.id}` : 'User'}>
      {u && detail.data ? (
        <>
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
              <Button
                danger
                onClick={() =>
                  run(
                    'ban',
                    `Ban ${who}?`,
                    'Login is refused and every session ends.',
                    'Ban',
                    `${who} banned`,
                  )
                }
              >
                Ban
              </Button>
            ) : (
              <Button
                onClick={() =>
                  run(
                    'unban',
                    `Lift the ban on ${who}?`,
                    'They can log in again.',
                    'Unban',
                    `${who} unbanned`,
                  )
                }
              >
                Unban
              </Button>
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
          <UserDetailTabs d={detail.data} />
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
