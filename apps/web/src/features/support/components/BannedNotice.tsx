import { useTranslation } from 'react-i18next';
import '../appeal.css';

/**
 * What the login screen says under its form when the account is disabled (1003): that it is, and
 * the one way left, support (ADR 268). Never why: the reason stays with the operators (ADR 265).
 */
export function BannedNotice({ onContact }: { onContact(): void }) {
  const { t } = useTranslation();
  return (
    <section className="appeal-notice" role="alert" aria-labelledby="appeal-notice-title">
      <h2 className="appeal-notice__title" id="appeal-notice-title">
        {t('security.support.appeal.disabledTitle')}
      </h2>
      <p className="appeal-notice__text">{t('security.support.appeal.disabledText')}</p>
      <button type="button" className="appeal-notice__action" onClick={onContact}>
        {t('security.support.appeal.contact')}
      </button>
    </section>
  );
}
