import { OPERATOR_ROLES, type Operator, type OperatorRole } from '@ex/contract';
import { App, Button, Form, Input, Modal, Select, type TableColumnsType, Tag, Typography } from 'antd';
import { useState } from 'react';
import { ConsoleTable } from '../../../components/ConsoleTable.tsx';
import { codeLabel, dateTime } from '../../../lib/format.ts';
import { useOperatorChange, useOperators } from '../api/operators.ts';

const ROLE_TEXT: Record<OperatorRole, string> = {
  admin: 'everything, including operators and markets',
  reviewer: 'reads everything, decides withdrawals, KYC, stakes and OTC orders',
  support: 'reads users and queues, bans, ends user sessions',
};

/** Operator accounts (admin only on the server; other roles get 403). */
export function Operators() {
  const { message, modal } = App.useApp();
  const operators = useOperators();
  const change = useOperatorChange();
  const [creating, setCreating] = useState(false);
  const [form] = Form.useForm<{ email: string; password: string; role: OperatorRole }>();

  const create = async () => {
    // A rejected validation is the form showing its field errors, nothing more.
    const body = await form.validateFields().catch(() => null);
    if (!body) return;
    await change.mutateAsync({ kind: 'create', body });
    void message.success('Operator created');
    setCreating(false);
    form.resetFields();
  };

  const columns: TableColumnsType<Operator> = [
    { title: 'E-mail', dataIndex: 'email' },
    {
      title: 'Role',
      width: 160,
      render: (_: unknown, o) => (
        <Select
          aria-label={`Role of ${o.email}`}
          value={o.role}
          disabled={o.disabled_at !== null}
          onChange={(role: OperatorRole) => void change.mutateAsync({ kind: 'role', id: o.id, role })}
          options={OPERATOR_ROLES.map((r) => ({ value: r, label: codeLabel(r) }))}
          style={{ width: 130 }}
        />
      ),
    },
    {
      title: 'TOTP',
      width: 80,
      render: (_: unknown, o) => (o.totp_enabled ? <Tag color="green">On</Tag> : <Tag>Off</Tag>),
    },
    {
      title: 'State',
      width: 200,
      render: (_: unknown, o) =>
        o.disabled_at !== null ? (
          <Tag color="red">Disabled {dateTime(o.disabled_at)}</Tag>
        ) : (
          <Tag color="green">Active</Tag>
        ),
    },
    { title: 'Created', dataIndex: 'created_at', width: 170, render: (at: number) => dateTime(at) },
    {
      title: '',
      width: 110,
      render: (_: unknown, o) =>
        o.disabled_at === null ? (
          <Button
            danger
            onClick={() =>
              modal.confirm({
                title: `Disable ${o.email}? Their sessions end and they cannot log in again.`,
                okText: 'Disable',
                okButtonProps: { danger: true },
                onOk: () =>
                  change
                    .mutateAsync({ kind: 'disable', id: o.id })
                    .then(() => void message.success('Disabled'))
                    // The SDK has already shown the refusal.
                    .catch(() => undefined),
              })
            }
          >
            Disable
          </Button>
        ) : null,
    },
  ];

  return (
    <>
      <Typography.Title level={4}>Operators</Typography.Title>
      <ul>
        {OPERATOR_ROLES.map((r) => (
          <li key={r}>
            <b>{r}</b>: {ROLE_TEXT[r]}
          </li>
        ))}
      </ul>
      <Button type="primary" onClick={() => setCreating(true)} style={{ marginBottom: 16 }}>
        New operator
      </Button>
      <ConsoleTable
        rowKey="id"
        loading={operators.isFetching}
        columns={columns}
        dataSource={operators.data ?? []}
        pagination={false}
      />
      <Modal
        open={creating}
        title="New operator"
        okText="Create"
        okButtonProps={{ loading: change.isPending }}
        onOk={create}
        onCancel={() => setCreating(false)}
      >
        <Form form={form} layout="vertical" initialValues={{ role: 'support' }}>
          <Form.Item name="email" label="E-mail" rules={[{ required: true, type: 'email' }]}>
            <Input />
          </Form.Item>
          <Form.Item name="password" label="Initial password" rules={[{ required: true, min: 10, max: 128 }]}>
            <Input.Password />
          </Form.Item>
          <Form.Item name="role" label="Role" rules={[{ required: true }]}>
            <Select options={OPERATOR_ROLES.map((r) => ({ value: r, label: codeLabel(r) }))} />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
