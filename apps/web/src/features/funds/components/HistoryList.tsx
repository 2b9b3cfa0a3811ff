import type { Page } from '@ex/contract';
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import { InfiniteScroll } from 'antd-mobile';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useLang } from '../../../app/lang-context.tsx';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { PageShell } from '../../../components/PageShell.tsx';
import { PullRefresh } from '../../../components/PullRefresh.tsx';
import { formatDecimal, NBSP } from '../../../lib/format.ts';
import { formatDateTime } from '../../../lib/time.ts';
import { shortAddress } from '../lib/tron.ts';

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

/**
 * A whole history screen (deposits, withdrawals; ADR 095): the page with its back target, pull to
 * refresh, and the list of an infinite query with an empty state that leads to `emptyAction`.
 */
export function HistoryPage<T>({
  title,
  fallback,
  query: q,
  row,
  empty,
}: {
  title: string;
  fallback: string;
  query: UseInfiniteQueryResult<InfiniteData<Page<T>>>;
  row: (item: T) => ReactNode;
  empty: { title: string; text: string; action: string; to: string };
}) {
  const navigate = useNavigate();
  const items = q.data?.pages.flatMap((p) => p.list) ?? [];
  return (
    <PageShell title={title} fallback={fallback}>
      <PullRefresh onRefresh={() => q.refetch()}>
        <div className="f-list">
          <HistoryList
            items={items}
            isPending={q.isPending}
            isError={q.isError}
            hasMore={Boolean(q.hasNextPage)}
            loadMore={() => q.fetchNextPage({ throwOnError: true, cancelRefetch: false })}
            retry={() => void q.refetch()}
            row={row}
            empty={
              <EmptyState
                title={empty.title}
                text={empty.text}
                action={
                  <button type="button" className="btn-ghost" onClick={() => navigate(empty.to)}>
                    {empty.action}
                  </button>
                }
              />
            }
          />
        </div>
      </PullRefresh>
    </PageShell>
  );
}

/** One deposit or withdrawal: amount and network, `children` as the lines below, time, status. */
export function HistoryRow({
  sign,
  amount,
  network,
  at,
  status,
  testId,
  children,
}: {
  sign: '+' | '−';
  amount: string;
  network: string;
  at: number;
  status: ReactNode;
  testId?: string;
  children: ReactNode;
}) {
  const { lang } = useLang();
  return (
    <div className="f-row" data-testid={testId}>
      <div className="f-row__main">
        <div className="f-row__title">
          <span className="num">
            {sign}
            {formatDecimal(amount, lang, { minFraction: 2, maxFraction: 6 })}
          </span>
          {NBSP}USDC
          <span className="f-network f-network--small">{network}</span>
        </div>
        {children}
        <div className="f-row__sub">
          <time dateTime={new Date(at).toISOString()}>{formatDateTime(at, lang, { seconds: true })}</time>
        </div>
      </div>
      <div className="f-row__side">{status}</div>
    </div>
  );
}

/** The "TxID abcd…wxyz" line of a row. */
export function TxidLine({ txid }: { txid: string }) {
  const { t } = useTranslation();
  return (
    <div className="f-row__sub" title={txid}>
      {t('funds.common.txid')} <span className="num">{shortAddress(txid, 8, 8)}</span>
    </div>
  );
}
