import type { AccountType, User } from '@ex/sdk';
import { Button, Form, List } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { showServerErrors } from '../../../lib/form-errors.ts';
import { showToast } from '../../../lib/toast.ts';
import { useSendCode } from '../../auth/api/send-code.ts';
import { AccountField } from '../../auth/components/fields.tsx';
import { InputWithAction } from '../../auth/components/InputWithAction.tsx';
import { SendCodeButton } from '../../auth/components/SendCodeButton.tsx';
import { normalizeTotp, TotpField } from '../../security/components/TotpField.tsx';
import { useBind } from '../api/account.ts';
import { maskAccount } from './mask.ts';

interface Values {
  account: string;
  code: string;
  old_code?: string;
  totp_code?: string;
}

const FIELDS = ['account', 'code', 'old_code', 'area_code', 'totp_code'] as const;

/**
 * Bind an e-mail or phone, or change it (ADR 200): a code to the new address and, when one is
 * bound already, a code to the old one too.
 */
export function BindForm({ type, user }: { type: AccountType; user: User }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [form] = Form.useForm<Values>();
  const [areaCode, setAreaCode] = useState<string>();
  const send = useSendCode();
  const bind = useBind();
  const current = type === 'email' ? user.email : user.phone;
  // A phone number is not an address: /SetPhone names the number, /SetEmail the address.
  const phone = type === 'phone';
  const newCodeLabel = t(phone ? 'security.bind.codePhone' : 'security.bind.code');
  const currentShown =
    type === 'email' ? maskAccount(current) : `${user.area_code ?? ''} ${maskAccount(current)}`;

  const sendTo = async (body: Parameters<typeof send.mutateAsync>[0]) => {
    try {
      await send.mutateAsync(body);
      showToast(t('auth.codeSent'), 2000);
      return true;
    } catch (error) {
      showServerErrors(form, error, FIELDS);
      return false;
    }
  };

  const sendNew = async () => {
    try {
      await form.validateFields(['account']);
    } catch {
      return false;
    }
    const account = (form.getFieldValue('account') as string).trim();
    return sendTo({
      type,
      account,
      scene: 'bind',
      ...(type === 'phone' && areaCode ? { area_code: areaCode } : {}),
    });
  };

  const sendOld = () =>
    current
      ? sendTo({
          type,
          account: current,
          scene: 'security',
          ...(type === 'phone' && user.area_code ? { area_code: user.area_code } : {}),
        })
      : Promise.resolve(false);

  const submit = (values: Values) =>
    bind.mutate(
      {
        type,
        account: values.account.trim(),
        code: values.code.trim(),
        ...(current && values.old_code ? { old_code: values.old_code.trim() } : {}),
        ...(type === 'phone' && areaCode ? { area_code: areaCode } : {}),
        ...(values.totp_code ? { totp_code: normalizeTotp(values.totp_code) } : {}),
      },
      {
        onSuccess: () => {
          showToast(t('security.bind.done'), 2000, 'success');
          navigate('/Setting', { replace: true });
        },
        onError: (error) => showServerErrors(form, error, FIELDS),
      },
    );

  const codeInput = (onSend: () => Promise<boolean>, label: string) => (
    <InputWithAction
      action={<SendCodeButton onSend={onSend} />}
      placeholder={t('auth.codePlaceholder')}
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={6}
      aria-label={label}
    />
  );

  return (
    <>
      <List className="link-list">
        <List.Item
          extra={
            current ? (
              <span className="num">{currentShown}</span>
            ) : (
              <span className="muted">{t('security.bind.none')}</span>
            )
          }
        >
          {t('security.bind.current')}
        </List.Item>
      </List>
      {current && (
        <p className="sec-note" role="note">
          {t(phone ? 'security.bind.oldHintPhone' : 'security.bind.oldHint')}
        </p>
      )}
      <Form
        form={form}
        layout="vertical"
        className="auth-form sec-form"
        onFinish={submit}
        footer={
          <Button block type="submit" color="primary" size="large" loading={bind.isPending}>
            {current ? t('security.bind.change') : t('security.bind.submit')}
          </Button>
        }
      >
        <AccountField type={type} areaCode={areaCode} onAreaCode={setAreaCode} />
        <Form.Item name="code" label={newCodeLabel} rules={[{ required: true, message: t('auth.required') }]}>
          {codeInput(sendNew, newCodeLabel)}
        </Form.Item>
        {current && (
          <Form.Item
            name="old_code"
            label={t('security.bind.oldCode', { account: currentShown })}
            rules={[{ required: true, message: t('auth.required') }]}
          >
            {codeInput(sendOld, t('security.bind.oldCode', { account: currentShown }))}
          </Form.Item>
        )}
        <TotpField />
      </Form>
    </>
  );
}
