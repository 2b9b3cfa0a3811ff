import { LockOutlined, MailOutlined, PictureOutlined, SafetyOutlined } from '@ant-design/icons';
import type { AdminLoginRequest } from '@ex/sdk';
import { isApiError, isValidationError } from '@ex/sdk';
import { Alert, Button, Card, Form, Input, Typography } from 'antd';
import { useState } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { tokens } from '../../../app/theme.ts';
import { api, isSignedIn } from '../../../lib/api.ts';
import { useAdminLogin } from '../api/login.ts';

// Login answers that ask for (or refuse) the second factor; see packages/contract errors 1070/1071.
const TOTP_REQUIRED = 1070;
const TOTP_INVALID = 1071;
// The captcha step-up after failed logins (ADR 101): 1050 asks for an image, 1020 refuses an answer.
const CAPTCHA_REQUIRED = 1050;
const CAPTCHA_INVALID = 1020;

export function Login() {
  const [form] = Form.useForm<AdminLoginRequest>();
  const navigate = useNavigate();
  const location = useLocation();
  const login = useAdminLogin();
  const [formError, setFormError] = useState<string | null>(null);
  // Shown once the server says this operator has two-step sign-in on (ADR 125).
  const [needOtp, setNeedOtp] = useState(false);
  // Shown once the server asks this client to prove itself; each image is single-use.
  const [captcha, setCaptcha] = useState<{ key: string; image: string } | null>(null);
  const newCaptcha = () => {
    form.setFieldValue('captcha_code', '');
    api.account.captcha().then(
      (c) => setCaptcha({ key: c.key, image: c.image }),
      () => setCaptcha(null),
    );
  };
  const from = (location.state as { from?: string } | null)?.from ?? '/outbox';

  if (isSignedIn() && !login.isPending) return <Navigate to={from} replace />;

  const submit = (values: AdminLoginRequest) => {
    setFormError(null);
    const body = captcha ? { ...values, captcha_key: captcha.key } : values;
    login.mutate(body, {
      onSuccess: () => navigate(from, { replace: true }),
      onError: (error) => {
        if (captcha || (isApiError(error) && error.code === CAPTCHA_REQUIRED)) newCaptcha();
        if (isApiError(error) && (error.code === CAPTCHA_REQUIRED || error.code === CAPTCHA_INVALID)) {
          if (error.code === CAPTCHA_INVALID)
            form.setFields([{ name: 'captcha_code', errors: [error.message] }]);
          return;
        }
        if (isApiError(error) && (error.code === TOTP_REQUIRED || error.code === TOTP_INVALID)) {
          setNeedOtp(true);
          form.setFields([
            { name: 'otp', value: '', errors: error.code === TOTP_INVALID ? [error.message] : [] },
          ]);
          return;
        }
        if (!isValidationError(error)) return; // other refusals were toasted by the SDK
        const fields = Object.entries(error.errors).filter(
          ([name]) => name === 'email' || name === 'password' || name === 'otp' || name === 'captcha_code',
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
          Sign in with the operator account (a generated password is printed once, at the first start).
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
          {needOtp && (
            <Form.Item
              name="otp"
              label="Authenticator code"
              rules={[
                { required: true, message: 'Enter the code from your authenticator app' },
                { pattern: /^\d{6}$/, message: 'The code has 6 digits' },
              ]}
            >
              <Input
                prefix={<SafetyOutlined />}
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={6}
                size="large"
                autoFocus
              />
            </Form.Item>
          )}
          {captcha && (
            <Form.Item
              name="captcha_code"
              label="Image code"
              extra={
                <img src={captcha.image} alt="Characters to type" style={{ height: 44, marginTop: 8 }} />
              }
              rules={[{ required: true, message: 'Enter the characters of the image' }]}
            >
              <Input prefix={<PictureOutlined />} autoComplete="off" size="large" />
            </Form.Item>
          )}
          <Button type="primary" htmlType="submit" block size="large" loading={login.isPending}>
            Sign in
          </Button>
        </Form>
      </Card>
    </div>
  );
}
