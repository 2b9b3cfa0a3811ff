import { LockOutlined, MailOutlined } from '@ant-design/icons';
import type { AdminLoginRequest } from '@ex/sdk';
import { isValidationError } from '@ex/sdk';
import { Alert, Button, Card, Form, Input, Typography } from 'antd';
import { useState } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { tokens } from '../../../app/theme.ts';
import { isSignedIn } from '../../../lib/api.ts';
import { useAdminLogin } from '../api/login.ts';

export function Login() {
  const [form] = Form.useForm<AdminLoginRequest>();
  const navigate = useNavigate();
  const location = useLocation();
  const login = useAdminLogin();
  const [formError, setFormError] = useState<string | null>(null);
  const from = (location.state as { from?: string } | null)?.from ?? '/outbox';

  if (isSignedIn() && !login.isPending) return <Navigate to={from} replace />;

  const submit = (values: AdminLoginRequest) => {
    setFormError(null);
    login.mutate(values, {
      onSuccess: () => navigate(from, { replace: true }),
      onError: (error) => {
        if (!isValidationError(error)) return; // other refusals were toasted by the SDK
        const fields = Object.entries(error.errors).filter(
          ([name]) => name === 'email' || name === 'password',
        );
        if (fields.length === 0) setFormError(error.message);
        form.setFields(fields.map(([name, errors]) => ({ name: name as keyof AdminLoginRequest, errors })));
      },
    });
  };

  return (
    <div
      style={{
        minHeight: '100vh',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        padding: 24,
        background: `radial-gradient(ellipse at top, ${tokens.surface2} 0%, ${tokens.bg} 60%)`,
      }}
    >
      <Card style={{ width: '100%', maxWidth: 400 }} styles={{ body: { padding: 32 } }}>
        <div style={{ display: 'flex', alignItems: 'center', gap: 10, marginBottom: 8 }}>
          <span aria-hidden style={{ width: 28, height: 28, borderRadius: 7, background: tokens.brand }} />
          <Typography.Title level={3} style={{ margin: 0 }}>
            Operator console
          </Typography.Title>
        </div>
        <Typography.Paragraph type="secondary" style={{ marginBottom: 24 }}>
          Sign in with the operator account printed at server start.
        </Typography.Paragraph>
        {formError && <Alert type="error" showIcon message={formError} style={{ marginBottom: 16 }} />}
        <Form form={form} layout="vertical" requiredMark={false} onFinish={submit} disabled={login.isPending}>
          <Form.Item
            name="email"
            label="E-mail"
            rules={[
              { required: true, message: 'Enter the operator e-mail' },
              { type: 'email', message: 'Invalid email format' },
            ]}
          >
            <Input prefix={<MailOutlined />} autoComplete="username" autoFocus size="large" />
          </Form.Item>
          <Form.Item
            name="password"
            label="Password"
            rules={[{ required: true, message: 'Enter the password' }]}
          >
            <Input.Password prefix={<LockOutlined />} autoComplete="current-password" size="large" />
          </Form.Item>
          <Button type="primary" htmlType="submit" block size="large" loading={login.isPending}>
            Sign in
          </Button>
        </Form>
      </Card>
    </div>
  );
}
