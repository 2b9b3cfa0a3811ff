import type { User } from '@ex/sdk';
import { Button, Form, Tabs } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { PageShell } from '../../../components/PageShell.tsx';
import { showServerErrors } from '../../../lib/form-errors.ts';
import { useUserInfo } from '../../../lib/queries.ts';
import { useSendCode } from '../../auth/api/send-code.ts';
import { ConfirmField, PasswordField } from '../../auth/components/fields.tsx';
import { InputWithAction } from '../../auth/components/InputWithAction.tsx';
import { SendCodeButton } from '../../auth/components/SendCodeButton.tsx';
import { normalizeTotp, TotpField } from '../../security/components/TotpField.tsx';
import { useChangePassword, useSetTradePassword } from '../api/account.ts';
import { maskAccount } from '../components/mask.ts';
import '../security.css';
import { showToast } from '../../../lib/toast.ts';

type Kind = 'login' | 'trade';

/** /ChangePwd: the login password (old + new; other sessions end) or, with ?type=trade, the transaction password. */
export default function ChangePwd() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const kind: Kind = params.get('type') === 'trade' ? 'trade' : 'login';
  const user = useUserInfo().data;
  return (
    <PageShell title={t('titles.changePwd')} fallback="/Setting">
      <Tabs
        activeKey={kind}
        onChange={(k) => setParams(k === 'trade' ? { type: 'trade' } : {}, { replace: true })}
      >
        {/* Short names under the title: "Mot de passe de connexion | Mot de passe de transaction" ran
            off the screen at 375 px, the second tab cut. */}
        <Tabs.Tab key="login" title={t('security.pwd.loginTab')} />
        <Tabs.Tab key="trade" title={t('security.pwd.tradeTab')} />
      </Tabs>
      {kind === 'login' ? <LoginPasswordForm /> : user ? <TradePasswordForm user={user} /> : null}
    </PageShell>
  );
}

interface LoginValues {
  old_password: string;
  password: string;
  password_confirmation: string;
  totp_code?: string;
}

function LoginPasswordForm() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [form] = Form.useForm<LoginValues>();
  const change = useChangePassword();
  const submit = (values: LoginValues) =>
    change.mutate(
      { ...values, totp_code: normalizeTotp(values.totp_code) },
      {
        onSuccess: () => {
          showToast(t('security.pwd.done'), 3000, 'success');
          navigate('/Setting', { replace: true });
        },
        onError: (error) => {
          showServerErrors(form, error, ['old_password', 'password', 'password_confirmation', 'totp_code']);
        },
      },
    );
  return (
    <>
      <p className="sec-note" role="note">
        {t('security.pwd.note')}
      </p>
      <Form
        form={form}
        layout="vertical"
        className="auth-form sec-form"
        onFinish={submit}
        footer={
          <Button block type="submit" color="primary" size="large" loading={change.isPending}>
            {t('security.pwd.submit')}
          </Button>
        }
      >
        <PasswordField name="old_password" label={t('security.pwd.old')} />
        <PasswordField label={t('auth.newPassword')} strict />
        <ConfirmField />
        <TotpField />
      </Form>
    </>
  );
}

interface TradeValues {
  password: string;
  password_confirmation: string;
  code: string;
  totp_code?: string;
}

/** The code goes to the user's own address (scene "security"): e-mail when bound, else the phone. */
function TradePasswordForm({ user }: { user: User }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [form] = Form.useForm<TradeValues>();
  const setTrade = useSetTradePassword();
  const send = useSendCode();
  const viaEmail = user.email !== null;
  const account = viaEmail ? user.email : user.phone;
  const sendCode = async () => {
    if (!account) return false;
    try {
      await send.mutateAsync({
        type: viaEmail ? 'email' : 'phone',
        account,
        scene: 'security',
        ...(!viaEmail && user.area_code ? { area_code: user.area_code } : {}),
      });
      showToast(t('auth.codeSent'), 2000);
      return true;
    } catch {
      return false;
    }
  };
  const submit = (values: TradeValues) =>
    setTrade.mutate(
      { ...values, code: values.code.trim(), totp_code: normalizeTotp(values.totp_code) },
      {
        onSuccess: () => {
          showToast(t('security.pwd.tradeDone'), 2000, 'success');
          navigate('/Setting', { replace: true });
        },
        onError: (error) =>
          showServerErrors(form, error, ['password', 'password_confirmation', 'code', 'totp_code']),
      },
    );
  return (
    <>
      <p className="sec-note" role="note">
        {t('security.pwd.tradeNote', { account: maskAccount(account) })}
      </p>
      <Form
        form={form}
        layout="vertical"
        className="auth-form sec-form"
        onFinish={submit}
        footer={
          <Button block type="submit" color="primary" size="large" loading={setTrade.isPending}>
            {t('security.pwd.setTrade')}
          </Button>
        }
      >
        <PasswordField label={t('security.pwd.trade')} strict />
        <ConfirmField />
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
        <TotpField />
      </Form>
    </>
  );
}
