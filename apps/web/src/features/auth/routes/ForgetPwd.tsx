import type { AccountType } from '@ex/sdk';
import { Button, Form, Toast } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PageShell } from '../../../components/PageShell.tsx';
import { showServerErrors } from '../../../lib/form-errors.ts';
import { useAppConfig } from '../../../lib/queries.ts';
import { useCaptcha } from '../api/captcha.ts';
import { useForget } from '../api/forget.ts';
import { AccountTypeTabs } from '../components/AccountTypeTabs.tsx';
import { AuthHero } from '../components/AuthHero.tsx';
import { CaptchaImage } from '../components/CaptchaImage.tsx';
import { AccountField, ConfirmField, PasswordField } from '../components/fields.tsx';
import { InputWithAction } from '../components/InputWithAction.tsx';
import { SendCodeButton } from '../components/SendCodeButton.tsx';
import { useCodeSender } from '../components/use-code-sender.ts';

const FIELDS = ['account', 'code', 'password', 'password_confirmation', 'area_code', 'captcha_code'] as const;

interface Values {
  account: string;
  code: string;
  password: string;
  password_confirmation: string;
  captcha_code?: string;
}

export default function ForgetPwd() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [form] = Form.useForm<Values>();
  const [type, setType] = useState<AccountType>('email');
  const [areaCode, setAreaCode] = useState<string>();
  const captchaOn = useAppConfig().data?.captcha === true;
  const { captcha, refresh } = useCaptcha(captchaOn);
  const forget = useForget();
  const sendCode = useCodeSender({
    form,
    type,
    areaCode,
    scene: 'forget',
    captcha,
    captchaOn,
    refreshCaptcha: () => void refresh(),
  });

  const switchType = (next: AccountType) => {
    setType(next);
    form.resetFields(['account', 'code']);
  };

  const submit = (values: Values) => {
    if (forget.isPending) return;
    forget.mutate(
      {
        type,
        account: values.account.trim(),
        code: values.code.trim(),
        password: values.password,
        password_confirmation: values.password_confirmation,
        ...(type === 'phone' && areaCode ? { area_code: areaCode } : {}),
        // The reset itself needs a solved image too (issue 7 item 6): sending the code used up the
        // first one, so the field holds the answer to the fresh image by now.
        ...(captchaOn && captcha ? { captcha_key: captcha.key, captcha_code: values.captcha_code } : {}),
      },
      {
        onSuccess: () => {
          Toast.show({ content: t('auth.resetDone'), duration: 2000 });
          navigate('/Login', { replace: true });
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

  return (
    <PageShell title={t('titles.forgetPwd')} fallback="/Login">
      <div className="auth">
        <AuthHero title={t('auth.resetTitle')} subtitle={t('auth.resetSubtitle')} />
        <AccountTypeTabs value={type} onChange={switchType} />
        <Form
          form={form}
          layout="vertical"
          onFinish={submit}
          className="auth-form"
          footer={
            <Button
              block
              type="submit"
              color="primary"
              size="large"
              loading={forget.isPending}
              disabled={forget.isPending}
            >
              {t('auth.resetSubmit')}
            </Button>
          }
        >
          <AccountField type={type} areaCode={areaCode} onAreaCode={setAreaCode} />
          {captchaOn && (
            <Form.Item
              name="captcha_code"
              label={t('auth.captcha')}
              rules={[{ required: true, message: t('auth.required') }]}
            >
              <InputWithAction
                action={<CaptchaImage captcha={captcha} onRefresh={() => void refresh()} />}
                placeholder={t('auth.captchaPlaceholder')}
                autoComplete="off"
                aria-label={t('auth.captcha')}
              />
            </Form.Item>
          )}
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
          <PasswordField label={t('auth.newPassword')} strict />
          <ConfirmField />
        </Form>
      </div>
    </PageShell>
  );
}
