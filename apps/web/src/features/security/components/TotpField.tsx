import { Form } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { FieldInput } from '../../../components/FieldInput.tsx';
import { useTotpStatus } from '../api/security.ts';

/** 6 digits, or a 10-character recovery code (ADR 204). */
export const TOTP_RE = /^(\d{6}|[A-Z2-7]{10})$/;

/** Upper-cases a recovery code as typed; digits stay as they are. */
export function normalizeTotp(value: string | undefined): string | undefined {
  const v = value?.replace(/\s+/g, '').toUpperCase();
  return v ? v : undefined;
}

/**
 * The authenticator code field of a form 2FA guards (withdrawals, security changes): rendered only
 * when 2FA is on, so users without it see nothing new. The form value is `totp_code`.
 */
export function TotpField({ name = 'totp_code' }: { name?: string }) {
  const { t } = useTranslation();
  const status = useTotpStatus();
  if (!status.data?.enabled) return null;
  return (
    <Form.Item
      name={name}
      label={t('security.totp.code')}
      help={t('security.twofa.needed')}
      rules={[
        { required: true, message: t('auth.required') },
        { pattern: TOTP_RE, message: t('security.twofa.placeholder'), transform: (v) => normalizeTotp(v) },
      ]}
    >
      <FieldInput
        placeholder={t('security.twofa.placeholder')}
        autoComplete="one-time-code"
        maxLength={10}
        clearable
      />
    </Form.Item>
  );
}
