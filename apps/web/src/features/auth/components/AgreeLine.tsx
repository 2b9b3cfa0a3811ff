import { Checkbox } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { LegalLinks } from './auth-form.tsx';

/** "I have read and agree to the Terms of Use and the Privacy Policy", links open /Agree. */
export function AgreeLine({ value, onChange }: { value?: boolean; onChange?(v: boolean): void }) {
  const { t } = useTranslation();
  return (
    <div className="agree-line">
      <Checkbox checked={value ?? false} onChange={(v) => onChange?.(v)} aria-label={t('auth.agreeRequired')}>
        <span className="agree-line__text">{t('auth.agreePrefix')} </span>
      </Checkbox>
      <span className="agree-line__text">
        <LegalLinks />
      </span>
    </div>
  );
}
