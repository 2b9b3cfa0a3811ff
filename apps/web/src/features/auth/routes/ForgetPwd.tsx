import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { showServerErrors } from '../../../lib/form-errors.ts';
import { showToast } from '../../../lib/toast.ts';
import { useForget } from '../api/forget.ts';
import {
  AccountField,
  AuthFrame,
  CaptchaField,
  CodeField,
  ConfirmField,
  PasswordField,
  SubmitButton,
  useAccountForm,
  usePlainForm,
} from '../components/auth-form.tsx';
import { useCodeSender } from '../components/use-code-sender.ts';

const FIELDS = ['account', 'code', 'password', 'password_confirmation', 'area_code', 'captcha_code'] as const;

const EMPTY = { account: '', code: '', password: '', password_confirmation: '', captcha_code: '' };

export default function ForgetPwd() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const form = usePlainForm(EMPTY);
  const acct = useAccountForm(form, ['account', 'code']);
  const forget = useForget();
  const sendCode = useCodeSender({ form, scene: 'forget', ...acct });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (forget.isPending || !form.validateFields()) return;
    const values = form.current();
    forget.mutate(
      {
        // The reset itself needs a solved image too (issue 7 item 6): sending the code used up the
        // first one, so the field holds the answer to the fresh image by now.
        ...acct.fields(values),
        code: values.code.trim(),
        password: values.password,
        password_confirmation: values.password_confirmation,
      },
      {
        onSuccess: () => {
          showToast(t('auth.resetDone'));
          navigate('/Login', { replace: true });
        },
        onError: (error) => showServerErrors(form, error, FIELDS),
        onSettled: acct.settled,
      },
    );
  };

  return (
    <AuthFrame
      title={t('titles.forgetPwd')}
      fallback="/Login"
      heroTitle={t('auth.resetTitle')}
      heroSubtitle={t('auth.resetSubtitle')}
      type={acct.type}
      onType={acct.switchType}
      onSubmit={submit}
    >
      <AccountField form={form} type={acct.type} areaCode={acct.areaCode} onAreaCode={acct.setAreaCode} />
      {acct.captchaOn && <CaptchaField form={form} captcha={acct.captcha} onRefresh={acct.refreshCaptcha} />}
      <CodeField form={form} onSend={sendCode} />
      <PasswordField form={form} label={t('auth.newPassword')} strict />
      <ConfirmField form={form} />
      <SubmitButton busy={forget.isPending}>{t('auth.resetSubmit')}</SubmitButton>
    </AuthFrame>
  );
}
