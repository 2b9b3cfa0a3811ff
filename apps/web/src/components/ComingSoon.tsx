import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { SoonGroup } from '../app/routes.ts';
import { Illustration } from './Illustration.tsx';

export function ComingSoon({ group, actions }: { group: SoonGroup; actions?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <section className="soon" aria-live="polite">
      <Illustration kind="soon" size={112} />
      <span className="soon__badge">{t('soon.badge')}</span>
      <h2 className="soon__title">{t('common.comingSoon')}</h2>
      <p className="soon__text">{t(`soon.${group}`)}</p>
      {actions && <div className="soon__actions">{actions}</div>}
    </section>
  );
}
