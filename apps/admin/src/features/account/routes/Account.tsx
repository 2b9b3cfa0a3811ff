import { CheckCircleFilled, LogoutOutlined, SafetyOutlined } from '@ant-design/icons';
import type { AdminPasswordChangeRequest } from '@ex/contract';
import { isApiError, isValidationError } from '@ex/sdk';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Descriptions, Form, Input, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { codeLabel, dateTime } from '../../../lib/format.ts';
import {
  signOutEverywhereHere,
  useAdminSession,
  useChangePassword,
  useTotpEnable,
  useTotpSetup,
} from '../api/account.ts';

const mono = { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace', fontSize: 12 } as const;
// Server answers the page places under a field instead of only toasting them.
const OLD_PASSWORD_WRONG = 1030;
const PASSWORD_UNCHANGED = 1074;
const TOTP_INVALID = 1071;

function SessionCard() {
  const session = useAdminSession();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const signOut = async () => {
    await signOutEverywhereHere();
    await navigate('/login', { replace: true });
    queryClient.clear();
  };
  const s = session.data;
  return (
    <Card title="Session" loading={session.isPending}>
      {s && (
        <Descriptions column={1} size="small">
          <Descriptions.Item label="Signed in as">{s.email}</Descriptions.Item>
          <Descriptions.Item label="Role">{codeLabel(s.role)}</Descriptions.Item>
          <Descriptions.Item label="Ends when idle at">{dateTime(s.idle_expires_at)}</Descriptions.Item>
          <Descriptions.Item label="Ends at the latest">{dateTime(s.absolute_expires_at)}</Descriptions.Item>
          <Descriptions.Item label="Password last changed">
            {s.password_changed_at ? dateTime(s.password_changed_at) : 'never (still the one from setup)'}
          </Descriptions.Item>
        </Descriptions>
      )}
      <Typography.Paragraph type="secondary">
        Operator sessions end after 15 minutes without activity and 8 hours after sign-in. The session lives
        only in this browser tab.
      </Typography.Paragraph>
      <Button icon={<LogoutOutlined />} onClick={() => void signOut()}>
        Sign out
      </Button>
    </Card>
  );
}

function PasswordCard() {
  const [form] = Form.useForm<AdminPasswordChangeRequest>();
  const change = useChangePassword();
  const [done, setDone] = useState(false);
  const submit = (values: AdminPasswordChangeRequest) => {
    setDone(false);
    change.mutate(values, {
      onSuccess: () => {
        form.resetFields();
        setDone(true);
      },
      onError: (error) => {
        if (isValidationError(error)) {
          form.setFields(
            Object.entries(error.errors).map(([name, errors]) => ({
              name: name as keyof AdminPasswordChangeRequest,
              errors,
            })),
          );
        } else if (isApiError(error) && error.code === OLD_PASSWORD_WRONG) {
          form.setFields([{ name: 'old_password', errors: [error.message] }]);
        } else if (isApiError(error) && error.code === PASSWORD_UNCHANGED) {
          form.setFields([{ name: 'password', errors: [error.message] }]);
        }
      },
    });
  };
  return (
    <Card title="Change password">
      {done && (
        <Alert
          type="success"
          showIcon
          style={{ marginBottom: 16 }}
          message="Password changed"
          description="Every other operator session was signed out; this one stays."
        />
      )}
      <Form form={form} layout="vertical" requiredMark={false} onFinish={submit} disabled={change.isPending}>
        <Form.Item
          name="old_password"
          label="Current password"
          rules={[{ required: true, message: 'Enter the current password' }]}
        >
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        <Form.Item
          name="password"
          label="New password"
          rules={[
            { required: true, message: 'Enter the new password' },
            {
              pattern: /^(?=.*[A-Za-z])(?=.*\d).{8,64}$/,
              message: '8 to 64 characters with at least one letter and one digit',
            },
          ]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          name="password_confirmation"
          label="Repeat the new password"
          dependencies={['password']}
          rules={[
            { required: true, message: 'Repeat the new password' },
            ({ getFieldValue }) => ({
              validator: async (_: unknown, value: string) => {
                if (value && value !== getFieldValue('password')) {
                  throw new Error('The two passwords are inconsistent');
                }
              },
            }),
          ]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={change.isPending}>
          Change password
        </Button>
      </Form>
    </Card>
  );
}

function TotpCard() {
  const session = useAdminSession();
  const setup = useTotpSetup();
  const enable = useTotpEnable();
  const [form] = Form.useForm<{ code: string }>();
  const enabled = session.data?.totp_enabled === true;

  const confirm = ({ code }: { code: string }) =>
    enable.mutate(
      { code },
      {
        onSuccess: () => setup.reset(),
        onError: (error) => {
          if (isValidationError(error)) form.setFields([{ name: 'code', errors: error.errors.code ?? [] }]);
          else if (isApiError(error) && error.code === TOTP_INVALID) {
            form.setFields([{ name: 'code', errors: [error.message] }]);
          }
        },
      },
    );

  return (
    <Card
      title={
        <Space>
          <SafetyOutlined />
          Two-step sign-in
          {enabled ? <Tag color="green">On</Tag> : <Tag>Off</Tag>}
        </Space>
      }
      loading={session.isPending}
    >
      {enabled ? (
        <Typography.Paragraph>
          <CheckCircleFilled style={{ color: '#0ECB81' }} /> Sign-in asks for a code from your authenticator
          app.
        </Typography.Paragraph>
      ) : !setup.data ? (
        <>
          <Typography.Paragraph type="secondary">
            Add a time-based code (TOTP) from an authenticator app to the password. Sessions opened with the
            password alone end when you turn it on.
          </Typography.Paragraph>
          <Button type="primary" loading={setup.isPending} onClick={() => setup.mutate()}>
            Set up authenticator
          </Button>
        </>
      ) : (
        <>
          <Typography.Paragraph>
            Add this key to your authenticator app (or open the link on the phone), then enter the code it
            shows.
          </Typography.Paragraph>
          <Descriptions column={1} size="small" bordered style={{ marginBottom: 16 }}>
            <Descriptions.Item label="Key">
              <Typography.Text copyable style={mono} data-testid="totp-secret">
                {setup.data.secret}
              </Typography.Text>
            </Descriptions.Item>
            <Descriptions.Item label="Link">
              <Typography.Link href={setup.data.otpauth_uri} style={mono}>
                {setup.data.otpauth_uri}
              </Typography.Link>
            </Descriptions.Item>
          </Descriptions>
          <Form form={form} layout="inline" onFinish={confirm} disabled={enable.isPending}>
            <Form.Item
              name="code"
              label="Code"
              rules={[
                { required: true, message: 'Enter the 6-digit code' },
                { pattern: /^\d{6}$/, message: 'The code has 6 digits' },
              ]}
            >
              <Input inputMode="numeric" autoComplete="one-time-code" maxLength={6} style={{ width: 120 }} />
            </Form.Item>
            <Button type="primary" htmlType="submit" loading={enable.isPending}>
              Turn on
            </Button>
          </Form>
        </>
      )}
    </Card>
  );
}

/** The signed-in operator's own security: session, password rotation, TOTP (ADR 125/126). */
export function Account() {
  return (
    <Space direction="vertical" size="large" style={{ width: '100%', maxWidth: 720 }}>
      <Typography.Title level={3} style={{ margin: 0 }}>
        Account
      </Typography.Title>
      <SessionCard />
      <PasswordCard />
      <TotpCard />
    </Space>
  );
}
