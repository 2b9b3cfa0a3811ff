import type { AccountType } from '@ex/sdk';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { PageShell } from '../../../components/PageShell.tsx';
import { showServerErrors } from '../../../lib/form-errors.ts';
import { useAppConfig } from '../../../lib/queries.ts';
import { showToast } from '../../../lib/toast.ts';
import { useCaptcha } from '../api/captcha.ts';
import { useRegister } from '../api/register.ts';
import { AccountTypeTabs } from '../components/AccountTypeTabs.tsx';
import { AgreeLine } from '../components/AgreeLine.tsx';
import { AuthHero } from '../components/AuthHero.tsx';
import {
  AccountField,
  CaptchaField,
  CodeField,
  ConfirmField,
  Field,
  PasswordField,
  SubmitButton,
  TextInput,
  usePlainForm,
} from '../components/auth-form.tsx';
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

/**
 * Sign-up with a verification code, and an existing user's invitation code when invited. The code
 * is always needed: an invitation proves nothing about the address (issue 7 item 9, ADR 103).
 */
export default function Register() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const invited = params.get('invite') ?? params.get('invite_code') ?? '';
  const form = usePlainForm({
    account: '',
    code: '',
    invite_code: invited,
    password: '',
    password_confirmation: '',
    captcha_code: '',
    agree: false,
  });
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

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (register.isPending || !form.validateFields()) return;
    const values = form.current();
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
          showToast(t('auth.registerDone'));
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

  return (
    <PageShell title={t('titles.register')} fallback="/Login">
      <div className="auth">
        <AuthHero title={t('auth.registerTitle')} subtitle={t('auth.registerSubtitle')} />
        <AccountTypeTabs value={type} onChange={switchType} />
        <form className="auth-form" onSubmit={submit} noValidate>
          <AccountField form={form} type={type} areaCode={areaCode} onAreaCode={setAreaCode} />
          {captchaOn && <CaptchaField form={form} captcha={captcha} onRefresh={() => void refresh()} />}
          <CodeField form={form} onSend={sendCode} />
          <Field
            form={form}
            name="invite_code"
            label={invited ? t('auth.inviteCode') : t('auth.inviteOptional')}
          >
            {(control) => (
              <TextInput {...control} placeholder={t('auth.inviteCodePlaceholder')} autoComplete="off" />
            )}
          </Field>
          <PasswordField form={form} strict />
          <ConfirmField form={form} />
          <Field form={form} name="agree" rules={[{ required: true, message: t('auth.agreeRequired') }]}>
            {() => <AgreeLine value={form.values.agree} onChange={(v) => form.setFieldValue('agree', v)} />}
          </Field>
          <SubmitButton busy={register.isPending}>{t('auth.register')}</SubmitButton>
        </form>
        <p className="auth__switch">
          {t('auth.haveAccount')} <Link to="/Login">{t('titles.login')}</Link>
        </p>
      </div>
    </PageShell>
  );
}
