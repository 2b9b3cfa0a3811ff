import { useTranslation } from 'react-i18next';

const SLOTS = ['first', 'second', 'third', 'fourth'] as const;

/** Placeholder cards (up to four) while the OTC offers or orders load (a status for screen readers). */
export function OtcSkeleton({ cards }: { cards: number }) {
  const { t } = useTranslation();
  return (
    <div role="status" aria-label={t('common.loading')}>
      {SLOTS.slice(0, cards).map((slot) => (
        <div key={slot} className="fx-card otc-skeleton" aria-hidden="true">
          <span className="sk sk--w40" />
          <span className="sk" />
          <span className="sk sk--w24" />
        </div>
      ))}
    </div>
  );
}
