import { InfiniteScroll } from 'antd-mobile';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/EmptyState.tsx';

interface Props<T> {
  items: T[];
  isPending: boolean;
  isError: boolean;
  hasMore: boolean;
  loadMore: () => Promise<unknown>;
  retry: () => void;
  empty: ReactNode;
  row: (item: T) => ReactNode;
}

/** Skeleton rows, then rows with infinite scroll; an empty state with the next action. */
export function HistoryList<T>(p: Props<T>) {
  const { t } = useTranslation();
  if (p.isPending)
    return (
      <div role="status" aria-label={t('common.loading')}>
        {Array.from({ length: 6 }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: static placeholder rows
          <div key={i} className="f-row f-row--skeleton" aria-hidden="true">
            <div className="f-row__main">
              <span className="sk sk--w40" />
              <span className="sk f-sk--short" />
            </div>
            <div className="f-row__side">
              <span className="sk f-sk--num" />
            </div>
          </div>
        ))}
      </div>
    );
  if (p.isError && p.items.length === 0)
    return (
      <EmptyState
        text={t('funds.history.loadFailed')}
        action={
          <button type="button" className="btn-ghost" onClick={p.retry}>
            {t('funds.common.retry')}
          </button>
        }
      />
    );
  if (p.items.length === 0) return <>{p.empty}</>;
  return (
    <>
      {p.items.map((item) => p.row(item))}
      <InfiniteScroll hasMore={p.hasMore} loadMore={async () => void (await p.loadMore())}>
        {(hasMore, failed, retry) =>
          failed ? (
            <button type="button" className="btn-ghost" onClick={retry}>
              {t('funds.common.retry')}
            </button>
          ) : (
            <span className="muted">{hasMore ? t('funds.common.loadingMore') : t('funds.common.end')}</span>
          )
        }
      </InfiniteScroll>
    </>
  );
}
