import type { AccountType } from '@ex/sdk';
import { useTranslation } from 'react-i18next';

const TYPES: readonly AccountType[] = ['email', 'phone'];

/**
 * Email / phone switch shared by login, registration and recovery: two tab buttons with the
 * underline of the app's tabs, plain elements so the auth screens need no antd Tabs (and its
 * animation library) to paint.
 */
export function AccountTypeTabs({ value, onChange }: { value: AccountType; onChange(v: AccountType): void }) {
  const { t } = useTranslation();
  return (
    <div className="auth-tabs" role="tablist">
      {TYPES.map((type) => (
        <button
          key={type}
          type="button"
          role="tab"
          aria-selected={value === type}
          className={`auth-tabs__tab${value === type ? ' auth-tabs__tab--active' : ''}`}
          onClick={() => onChange(type)}
        >
          {type === 'email' ? t('auth.email') : t('auth.phone')}
        </button>
      ))}
    </div>
  );
}
