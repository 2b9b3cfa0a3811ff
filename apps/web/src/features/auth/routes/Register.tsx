import type { AccountType } from '@ex/sdk';
import { Button, Form, Input, Toast } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { PageShell } from '../../../components/PageShell.tsx';
import { showServerErrors } from '../../../lib/form-errors.ts';
import { useAppConfig } from '../../../lib/queries.ts';
import { useCaptcha } from '../api/captcha.ts';
import { useRegister } from '../api/register.ts';
import { AccountTypeTabs } from '../components/AccountTypeTabs.tsx';
import { AgreeLine } from '../components/AgreeLine.tsx';
import { AuthHero } from '../components/AuthHero.tsx';
import { CaptchaImage } from '../components/CaptchaImage.tsx';
import { AccountField, ConfirmField, PasswordField } from '../components/fields.tsx';
import { InputWithAction } from '../components/InputWithAction.tsx';
import { SendCodeButton } from '../components/SendCodeButton.tsx';
import { useCodeSender } from '../components/use-code-sender.ts';

const FIELDS = [
  'account',
  'code',
  'invite_code',
  'password',
  'password_confirmation',
  'captcha_code',
  'area_code',
] as const;

interface Values {
  account: string;
  code: string;
  invite_code?: string;
  password: string;
  password_confirmation: string;
  captcha_code?: string;
  agree: boolean;
}

/**
 * Sign-up with a verification code, and an existing user's invitation code when invited. The code
 * is always needed: an invitation proves nothing about the address (issue 7 item 9, ADR 103).
 */
export default function Register() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const invited = params.get('invite') ?? params.get('invite_code') ?? '';
  const [form] = Form.useForm<Values>();
  const [type, setType] = useState<AccountType>('email');
  const [areaCode, setAreaCode] = useState<string>();
  const captchaOn = useAppConfig().data?.captcha === true;
  const { captcha, refresh } = useCaptcha(captchaOn);
  const register = useRegister();
  const sendCode = useCodeSender({
    form,
    type,
    areaCode,
    scene: 'register',
    captcha,
    captchaOn,
    refreshCaptcha: () => void refresh(),
  });

  const switchType = (next: AccountType) => {
    setType(next);
    form.resetFields(['account', 'code']);
  };

  const submit = (values: Values) => {
    if (register.isPending) return;
    const invite = values.invite_code?.trim();
    register.mutate(
      {
        type,
        account: values.account.trim(),
        password: values.password,
        password_confirmation: values.password_confirmation,
        code: values.code.trim(),
        ...(invite ? { invite_code: invite } : {}),
        ...(type === 'phone' && areaCode ? { area_code: areaCode } : {}),
        ...(captchaOn && captcha ? { captcha_key: captcha.key, captcha_code: values.captcha_code } : {}),
      },
      {
        onSuccess: () => {
          Toast.show({ content: t('auth.registerDone'), duration: 2000 });
          navigate('/', { replace: true });
        },
        onError: (error) => showServerErrors(form, error, FIELDS),
        onSettled: () => {
          if (captchaOn) {
            form.setFieldValue('captcha_code', '');
            void refresh();
          }
        },
      },
    );
  };

  const captchaField = captchaOn && (
    <Form.Item
      name="captcha_code"
      label={t('auth.captcha')}
      rules={[{ required: true, message: t('auth.required') }]}
    >
      <InputWithAction
        placeholder={t('auth.captchaPlaceholder')}
        autoComplete="off"
        aria-label={t('auth.captcha')}
        action={<CaptchaImage captcha={captcha} onRefresh={() => void refresh()} />}
      />
    </Form.Item>
  );

  return (
    <PageShell title={t('titles.register')} fallback="/Login">
      <div className="auth">
        <AuthHero title={t('auth.registerTitle')} subtitle={t('auth.registerSubtitle')} />
        <AccountTypeTabs value={type} onChange={switchType} />
        <Form
          form={form}
          layout="vertical"
          onFinish={submit}
          className="auth-form"
          initialValues={{ invite_code: invited, agree: false }}
          footer={
            <Button
              block
              type="submit"
              color="primary"
              size="large"
              loading={register.isPending}
              disabled={register.isPending}
            >
              {t('auth.register')}
            </Button>
          }
        >
          <AccountField type={type} areaCode={areaCode} onAreaCode={setAreaCode} />
          {captchaField}
          <Form.Item
            name="code"
            label={t('auth.code')}
            rules={[{ required: true, message: t('auth.required') }]}
          >
            <InputWithAction
              action={<SendCodeButton onSend={sendCode} />}
              placeholder={t('auth.codePlaceholder')}
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              aria-label={t('auth.code')}
            />
          </Form.Item>
          <Form.Item name="invite_code" label={invited ? t('auth.inviteCode') : t('auth.inviteOptional')}>
            <Input
              placeholder={t('auth.inviteCodePlaceholder')}
              autoComplete="off"
              aria-label={t('auth.inviteCode')}
            />
          </Form.Item>
          <PasswordField strict />
          <ConfirmField />
          <Form.Item
            name="agree"
            valuePropName="value"
            rules={[
              {
                validator: (_, value) =>
                  value ? Promise.resolve() : Promise.reject(new Error(t('auth.agreeRequired'))),
              },
            ]}
          >
            <AgreeLine />
          </Form.Item>
        </Form>
        <p className="auth__switch">
          {t('auth.haveAccount')} <Link to="/Login">{t('titles.login')}</Link>
        </p>
      </div>
    </PageShell>
  );
}
