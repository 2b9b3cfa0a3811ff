import { useTranslation } from 'react-i18next';

/** Placeholder rows in the shape of the list that is loading (DESIGN.md: skeleton rows). */
export function RowSkeletons({ rows = 6 }: { rows?: number }) {
  const { t } = useTranslation();
  return (
    <div role="status" aria-label={t('common.loading')} className="w-skeletons">
      {Array.from({ length: rows }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: static placeholder rows
        <div key={i} className="w-row w-row--skeleton" aria-hidden="true">
          <div className="w-row__main">
            <span className="sk sk--w40" />
            <span className="sk w-sk--short" />
          </div>
          <div className="w-row__side">
            <span className="sk w-sk--num" />
            <span className="sk w-sk--short" />
          </div>
        </div>
      ))}
    </div>
  );
}
