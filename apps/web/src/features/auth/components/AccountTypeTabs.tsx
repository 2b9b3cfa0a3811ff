import type { AccountType } from '@ex/sdk';
import { useTranslation } from 'react-i18next';
import { TextTabs } from '../../../components/TextTabs.tsx';

const TYPES: readonly AccountType[] = ['email', 'phone'];

/**
 * Email / phone switch shared by login, registration and recovery: the app's text tabs (ADR 248),
 * plain elements so the auth screens need no antd Tabs (and its animation library) to paint.
 */
export function AccountTypeTabs({ value, onChange }: { value: AccountType; onChange(v: AccountType): void }) {
  const { t } = useTranslation();
  return (
    <TextTabs<AccountType>
      className="auth-tabs"
      label={t('auth.accountType')}
      value={value}
      onChange={onChange}
      options={TYPES.map((type) => ({
        value: type,
        label: type === 'email' ? t('auth.email') : t('auth.phone'),
      }))}
    />
  );
}
