import { DeleteOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';

/** Recent searches as chips; a tap searches again, the bin clears them. */
export function SearchHistory({
  items,
  onPick,
  onClear,
}: {
  items: readonly string[];
  onPick(term: string): void;
  onClear(): void;
}) {
  const { t } = useTranslation();
  if (items.length === 0) return null;
  return (
    <section className="search-history" aria-labelledby="search-history-title">
      <div className="search-history__head">
        <h2 id="search-history-title" className="search-history__title">
          {t('market.history')}
        </h2>
        <button type="button" className="icon-btn" onClick={onClear} aria-label={t('market.clearHistory')}>
          <DeleteOutline fontSize={18} />
        </button>
      </div>
      <div className="search-history__chips">
        {items.map((term) => (
          <button key={term} type="button" className="history-chip" onClick={() => onPick(term)}>
            {term}
          </button>
        ))}
      </div>
    </section>
  );
}
