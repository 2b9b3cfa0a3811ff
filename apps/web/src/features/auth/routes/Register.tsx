import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { showServerErrors } from '../../../lib/form-errors.ts';
import { showToast } from '../../../lib/toast.ts';
import { useRegister } from '../api/register.ts';
import { AgreeLine } from '../components/AgreeLine.tsx';
import {
  AccountField,
  AuthFrame,
  CaptchaField,
  CodeField,
  ConfirmField,
  Field,
  PasswordField,
  SubmitButton,
  TextInput,
  useAccountForm,
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
  const acct = useAccountForm(form, ['account', 'code']);
  const register = useRegister();
  const sendCode = useCodeSender({ form, scene: 'register', ...acct });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (register.isPending || !form.validateFields()) return;
    const values = form.current();
    const invite = values.invite_code?.trim();
    register.mutate(
      {
        ...acct.fields(values),
        password: values.password,
        password_confirmation: values.password_confirmation,
        code: values.code.trim(),
        ...(invite ? { invite_code: invite } : {}),
      },
      {
        onSuccess: () => {
          showToast(t('auth.registerDone'));
          navigate('/', { replace: true });
        },
        onError: (error) => showServerErrors(form, error, FIELDS),
        onSettled: acct.settled,
      },
    );
  };

  return (
    <AuthFrame
      title={t('titles.register')}
      fallback="/Login"
      heroTitle={t('auth.registerTitle')}
      heroSubtitle={t('auth.registerSubtitle')}
      type={acct.type}
      onType={acct.switchType}
      onSubmit={submit}
      after={
        <p className="auth__switch">
          {t('auth.haveAccount')} <Link to="/Login">{t('titles.login')}</Link>
        </p>
      }
    >
      <AccountField form={form} type={acct.type} areaCode={acct.areaCode} onAreaCode={acct.setAreaCode} />
      {acct.captchaOn && <CaptchaField form={form} captcha={acct.captcha} onRefresh={acct.refreshCaptcha} />}
      <CodeField form={form} onSend={sendCode} />
      <Field form={form} name="invite_code" label={invited ? t('auth.inviteCode') : t('auth.inviteOptional')}>
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
    </AuthFrame>
  );
}
