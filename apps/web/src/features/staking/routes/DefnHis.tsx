import type { StakeStatus } from '@ex/contract';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLang } from '../../../app/lang-context.tsx';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { PageShell } from '../../../components/PageShell.tsx';
import { PullRefresh } from '../../../components/PullRefresh.tsx';
import { api } from '../../../lib/api.ts';
import { formatDate } from '../../../lib/time.ts';
import { formatListAmountWithCoin } from '../../wallet/lib/list-amount.ts';
import '../../ai/ai.css';

const FILTERS: (StakeStatus | 'all')[] = ['all', 'review', 'active', 'settled', 'outstanding', 'rejected'];
const TONE: Record<StakeStatus, string> = {
  review: 'active',
  active: 'active',
  settled: 'settled',
  outstanding: 'redeemed',
  rejected: 'redeemed',
};

/** /DefnHis: own stakes in the spec's five states, filterable. */
export default function DefnHis() {
  const { t } = useTranslation();
  const { t: t2 } = useTranslation('earn2');
  const { lang } = useLang();
  const [filter, setFilter] = useState<StakeStatus | 'all'>('all');
  const q = useQuery({
    queryKey: ['staking', 'stakes', filter],
    queryFn: ({ signal }) =>
      api.staking.stakes(filter === 'all' ? { limit: 50 } : { status: filter, limit: 50 }, { signal }),
  });
  const items = q.data?.list ?? [];
  return (
    <PageShell title={t('titles.defnHis')} fallback="/Defn">
      <PullRefresh onRefresh={() => q.refetch()}>
        <div className="ai-page">
          <div className="chips st-chips" role="tablist">
            {FILTERS.map((f) => (
              <button
                key={f}
                type="button"
                role="tab"
                aria-selected={filter === f}
                className={`chip${filter === f ? ' chip--active' : ''}`}
                onClick={() => setFilter(f)}
              >
                {t2(`staking.${f}`)}
              </button>
            ))}
          </div>
          {q.isPending ? (
            <div className="ai-skeleton" aria-busy="true" />
          ) : items.length === 0 ? (
            <EmptyState text={t2('staking.noRecords')} />
          ) : (
            items.map((s) => (
              <article key={s.id} className="ai-card" data-testid="stake">
                <div className="ai-card__head">
                  <span className="ai-card__name">{s.product_name}</span>
                  <span className={`ai-status ai-status--${TONE[s.status]}`}>
                    {t2(`staking.${s.status}`)}
                  </span>
                </div>
                <dl className="ai-kv">
                  <dt>{t2('staking.amount')}</dt>
                  <dd className="num">{formatListAmountWithCoin(s.amount, s.coin, lang)}</dd>
                  <dt>{t2('staking.period')}</dt>
                  <dd>{t2('ai.days', { count: s.days })}</dd>
                  <dt>{t2('staking.interest')}</dt>
                  <dd className="num">{formatListAmountWithCoin(s.interest, s.coin, lang)}</dd>
                  <dt>{t2('ai.started')}</dt>
                  <dd>{formatDate(s.created_at, lang, { utc: true })}</dd>
                  {s.due_at !== null && (
                    <>
                      <dt>{t2('staking.due')}</dt>
                      <dd>{formatDate(s.due_at, lang, { utc: true })}</dd>
                    </>
                  )}
                  {s.reason && (
                    <>
                      <dt>{t2('staking.reason')}</dt>
                      <dd>{s.reason}</dd>
                    </>
                  )}
                </dl>
              </article>
            ))
          )}
        </div>
      </PullRefresh>
    </PageShell>
  );
}
