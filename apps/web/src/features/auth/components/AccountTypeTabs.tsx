import type { AccountType } from '@ex/sdk';
import { Tabs } from 'antd-mobile';
import { useTranslation } from 'react-i18next';

/** Email / phone switch shared by login, registration and recovery. */
export function AccountTypeTabs({ value, onChange }: { value: AccountType; onChange(v: AccountType): void }) {
  const { t } = useTranslation();
  return (
    <Tabs
      className="auth-tabs"
      activeKey={value}
      onChange={(key) => onChange(key === 'phone' ? 'phone' : 'email')}
      stretch={false}
    >
      <Tabs.Tab key="email" title={t('auth.email')} />
      <Tabs.Tab key="phone" title={t('auth.phone')} />
    </Tabs>
  );
}
