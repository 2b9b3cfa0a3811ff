import type { AccountType } from '@ex/sdk';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PageShell } from '../../../components/PageShell.tsx';
import { showServerErrors } from '../../../lib/form-errors.ts';
import { useAppConfig } from '../../../lib/queries.ts';
import { showToast } from '../../../lib/toast.ts';
import { useCaptcha } from '../api/captcha.ts';
import { useForget } from '../api/forget.ts';
import { AccountTypeTabs } from '../components/AccountTypeTabs.tsx';
import { AuthHero } from '../components/AuthHero.tsx';
import {
  AccountField,
  CaptchaField,
  CodeField,
  ConfirmField,
  PasswordField,
  SubmitButton,
  usePlainForm,
} from '../components/auth-form.tsx';
import { useCodeSender } from '../components/use-code-sender.ts';

const FIELDS = ['account', 'code', 'password', 'password_confirmation', 'area_code', 'captcha_code'] as const;

const EMPTY = { account: '', code: '', password: '', password_confirmation: '', captcha_code: '' };

export default function ForgetPwd() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const form = usePlainForm(EMPTY);
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

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (forget.isPending || !form.validateFields()) return;
    const values = form.current();
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
          showToast(t('auth.resetDone'));
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
        <form className="auth-form" onSubmit={submit} noValidate>
          <AccountField form={form} type={type} areaCode={areaCode} onAreaCode={setAreaCode} />
          {captchaOn && <CaptchaField form={form} captcha={captcha} onRefresh={() => void refresh()} />}
          <CodeField form={form} onSend={sendCode} />
          <PasswordField form={form} label={t('auth.newPassword')} strict />
          <ConfirmField form={form} />
          <SubmitButton busy={forget.isPending}>{t('auth.resetSubmit')}</SubmitButton>
        </form>
      </div>
    </PageShell>
  );
}
