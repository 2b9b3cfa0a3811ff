import type { AccountType } from '@ex/sdk';
import { Form } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { FieldInput } from '../../../components/FieldInput.tsx';
import { AreaCodePicker } from './AreaCodePicker.tsx';
import { PasswordInput } from './PasswordInput.tsx';
import { EMAIL_RE, PASSWORD_RE } from './rules.ts';

interface AccountProps {
  type: AccountType;
  areaCode: string | undefined;
  onAreaCode(code: string): void;
}

export function AccountField({ type, areaCode, onAreaCode }: AccountProps) {
  const { t } = useTranslation();
  const isEmail = type === 'email';
  return (
    <Form.Item
      name="account"
      label={isEmail ? t('auth.email') : t('auth.phone')}
      validateTrigger="onBlur"
      rules={[
        { required: true, whitespace: true, message: t('auth.required') },
        ...(isEmail ? [{ pattern: EMAIL_RE, message: t('auth.emailInvalid') }] : []),
      ]}
    >
      {isEmail ? (
        <FieldInput
          type="email"
          inputMode="email"
          autoComplete="username"
          placeholder={t('auth.emailPlaceholder')}
          aria-label={t('auth.email')}
          clearable
        />
      ) : (
        <PhoneInput areaCode={areaCode} onAreaCode={onAreaCode} />
      )}
    </Form.Item>
  );
}

function PhoneInput({
  areaCode,
  onAreaCode,
  value,
  onChange,
}: {
  areaCode: string | undefined;
  onAreaCode(code: string): void;
  value?: string;
  onChange?(v: string): void;
}) {
  const { t } = useTranslation();
  return (
    <div className="field-row">
      <AreaCodePicker value={areaCode} onChange={onAreaCode} />
      <FieldInput
        className="field-row__input"
        type="tel"
        inputMode="tel"
        autoComplete="tel-national"
        placeholder={t('auth.phonePlaceholder')}
        aria-label={t('auth.phone')}
        value={value}
        onChange={(v) => onChange?.(v.replace(/[^\d]/g, ''))}
        clearable
      />
    </div>
  );
}

export function PasswordField({
  name = 'password',
  label,
  strict,
}: {
  name?: string;
  label?: string;
  strict?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Form.Item
      name={name}
      label={label ?? t('auth.password')}
      validateTrigger="onBlur"
      description={strict ? t('auth.passwordRule') : undefined}
      rules={[
        { required: true, message: t('auth.required') },
        ...(strict ? [{ pattern: PASSWORD_RE, message: t('auth.passwordWeak') }] : []),
      ]}
    >
      <PasswordInput
        placeholder={t('auth.passwordPlaceholder')}
        autoComplete={strict ? 'new-password' : 'current-password'}
      />
    </Form.Item>
  );
}

export function ConfirmField() {
  const { t } = useTranslation();
  return (
    <Form.Item
      name="password_confirmation"
      label={t('auth.confirmPassword')}
      dependencies={['password']}
      validateTrigger="onBlur"
      rules={[
        { required: true, message: t('auth.required') },
        ({ getFieldValue }) => ({
          validator: (_, value) =>
            !value || getFieldValue('password') === value
              ? Promise.resolve()
              : Promise.reject(new Error(t('auth.passwordMismatch'))),
        }),
      ]}
    >
      <PasswordInput placeholder={t('auth.confirmPlaceholder')} autoComplete="new-password" />
    </Form.Item>
  );
}
