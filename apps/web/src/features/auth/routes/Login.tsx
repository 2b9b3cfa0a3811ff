import { ERRORS } from '@ex/contract';
import { isApiError } from '@ex/sdk';
import { type FormEvent, lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { safeRedirect } from '../../../app/guard.ts';
import { showServerErrors } from '../../../lib/form-errors.ts';
import { showToast } from '../../../lib/toast.ts';
import { useLogin } from '../api/login.ts';
import {
  AccountField,
  AuthFrame,
  CaptchaField,
  Field,
  LegalLinks,
  PasswordField,
  SubmitButton,
  TextInput,
  useAccountForm,
  usePlainForm,
} from '../components/auth-form.tsx';

const FIELDS = ['account', 'password', 'captcha_code', 'area_code'] as const;

// A disabled account's contact form (ADR 268): loaded when opened, so /Login stays light (ADR 091).
// The notice too, with the styles both share: /Login's first load stays at its requests budget
// (e2e/lighthouse: a Login.css chunk for the notice made it 21).
const AppealSheet = lazy(() => import('../../support/components/AppealSheet.tsx'));
const BannedNotice = lazy(() =>
  import('../../support/components/BannedNotice.tsx').then((m) => ({ default: m.BannedNotice })),
);

const EMPTY = { account: '', password: '', captcha_code: '', totp_code: '' };

export default function Login() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const form = usePlainForm(EMPTY);
  const acct = useAccountForm(form, ['account']);
  const login = useLogin();
  // Shown once the server asks for it: 2FA on and a device the account never used (ADR 204).
  const [needTotp, setNeedTotp] = useState(false);
  // The account is disabled (1003): the way to support is offered below the form (ADR 268).
  const [banned, setBanned] = useState(false);
  const [appealing, setAppealing] = useState(false);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (login.isPending || !form.validateFields()) return;
    const values = form.current();
    setBanned(false);
    login.mutate(
      {
        ...acct.fields(values),
        password: values.password,
        ...(needTotp && values.totp_code ? { totp_code: values.totp_code.trim().toUpperCase() } : {}),
      },
      {
        onSuccess: () => {
          showToast(t('auth.loginDone'));
          navigate(safeRedirect(params.get('redirect')), { replace: true });
        },
        onError: (error) => {
          if (isApiError(error) && error.code === ERRORS.TOTP_REQUIRED.code) setNeedTotp(true);
          if (isApiError(error) && error.code === ERRORS.ACCOUNT_BANNED.code) setBanned(true);
          showServerErrors(form, error, FIELDS);
        },
        onSettled: acct.settled,
      },
    );
  };

  return (
    <AuthFrame
      title={t('titles.login')}
      fallback={null}
      heroTitle={t('auth.loginTitle')}
      heroSubtitle={t('auth.loginSubtitle')}
      type={acct.type}
      onType={(next) => {
        setBanned(false);
        acct.switchType(next);
      }}
      onSubmit={submit}
      after={
        <>
          {banned && (
            <Suspense fallback={null}>
              <BannedNotice onContact={() => setAppealing(true)} />
            </Suspense>
          )}
          {appealing && (
            <Suspense fallback={null}>
              <AppealSheet
                open
                onClose={() => setAppealing(false)}
                type={acct.type}
                account={form.values.account.trim()}
                areaCode={acct.areaCode}
              />
            </Suspense>
          )}
          <p className="auth__switch">
            {t('auth.noAccount')} <Link to="/Register">{t('titles.register')}</Link>
          </p>
          <p className="auth__legal">
            {t('auth.loginLegal')} <LegalLinks />
          </p>
        </>
      }
    >
      <AccountField form={form} type={acct.type} areaCode={acct.areaCode} onAreaCode={acct.setAreaCode} />
      <PasswordField form={form} />
      {acct.captchaOn && <CaptchaField form={form} captcha={acct.captcha} onRefresh={acct.refreshCaptcha} />}
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
    </AuthFrame>
  );
}
