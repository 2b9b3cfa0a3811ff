import { ERRORS } from '@ex/contract';
import { type AccountType, isApiError } from '@ex/sdk';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { safeRedirect } from '../../../app/guard.ts';
import { PageShell } from '../../../components/PageShell.tsx';
import { showServerErrors } from '../../../lib/form-errors.ts';
import { useAppConfig } from '../../../lib/queries.ts';
import { showToast } from '../../../lib/toast.ts';
import { useCaptcha } from '../api/captcha.ts';
import { useLogin } from '../api/login.ts';
import { AccountTypeTabs } from '../components/AccountTypeTabs.tsx';
import { AuthHero } from '../components/AuthHero.tsx';
import {
  AccountField,
  CaptchaField,
  Field,
  PasswordField,
  SubmitButton,
  TextInput,
  usePlainForm,
} from '../components/auth-form.tsx';

const FIELDS = ['account', 'password', 'captcha_code', 'area_code'] as const;

const EMPTY = { account: '', password: '', captcha_code: '', totp_code: '' };

export default function Login() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const form = usePlainForm(EMPTY);
  const [type, setType] = useState<AccountType>('email');
  const [areaCode, setAreaCode] = useState<string>();
  const captchaOn = useAppConfig().data?.captcha === true;
  const { captcha, refresh } = useCaptcha(captchaOn);
  const login = useLogin();
  // Shown once the server asks for it: 2FA on and a device the account never used (ADR 204).
  const [needTotp, setNeedTotp] = useState(false);

  const switchType = (next: AccountType) => {
    setType(next);
    form.resetFields(['account']);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (login.isPending || !form.validateFields()) return;
    const values = form.current();
    login.mutate(
      {
        type,
        account: values.account.trim(),
        password: values.password,
        ...(type === 'phone' && areaCode ? { area_code: areaCode } : {}),
        ...(captchaOn && captcha ? { captcha_key: captcha.key, captcha_code: values.captcha_code } : {}),
        ...(needTotp && values.totp_code ? { totp_code: values.totp_code.trim().toUpperCase() } : {}),
      },
      {
        onSuccess: () => {
          showToast(t('auth.loginDone'));
          navigate(safeRedirect(params.get('redirect')), { replace: true });
        },
        onError: (error) => {
          if (isApiError(error) && error.code === ERRORS.TOTP_REQUIRED.code) setNeedTotp(true);
          showServerErrors(form, error, FIELDS);
        },
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
    <PageShell title={t('titles.login')} fallback={null}>
      <div className="auth">
        <AuthHero title={t('auth.loginTitle')} subtitle={t('auth.loginSubtitle')} />
        <AccountTypeTabs value={type} onChange={switchType} />
        <form className="auth-form" onSubmit={submit} noValidate>
          <AccountField form={form} type={type} areaCode={areaCode} onAreaCode={setAreaCode} />
          <PasswordField form={form} />
          {captchaOn && <CaptchaField form={form} captcha={captcha} onRefresh={() => void refresh()} />}
          {needTotp && (
            <Field
              form={form}
              name="totp_code"
              label={t('security.totp.code')}
              description={t('security.totp.hint')}
              rules={[{ required: true, message: t('auth.required') }]}
            >
              {(control) => (
                <TextInput
                  {...control}
                  placeholder={t('auth.codePlaceholder')}
                  inputMode="numeric"
                  autoComplete="one-time-code"
                  maxLength={10}
                />
              )}
            </Field>
          )}
          <div className="auth-form__aside">
            <Link to="/ForgetPwd">{t('auth.forgot')}</Link>
          </div>
          <SubmitButton busy={login.isPending}>{t('auth.login')}</SubmitButton>
        </form>
        <p className="auth__switch">
          {t('auth.noAccount')} <Link to="/Register">{t('titles.register')}</Link>
        </p>
        <p className="auth__legal">
          {t('auth.loginLegal')} <Link to="/Agree?type=terms">{t('auth.terms')}</Link> {t('auth.and')}{' '}
          <Link to="/Agree?type=privacy">{t('auth.privacy')}</Link>
        </p>
      </div>
    </PageShell>
  );
}
