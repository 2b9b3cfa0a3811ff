import type { DividendClaimStatus } from '@ex/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLang } from '../../../app/lang-context.tsx';
import { PageShell } from '../../../components/PageShell.tsx';
import { PullRefresh } from '../../../components/PullRefresh.tsx';
import { api } from '../../../lib/api.ts';
import { formatDate } from '../../../lib/time.ts';
import { EarnItems, EarnTabs } from '../../ai/components/EarnList.tsx';
import { formatListAmountWithCoin } from '../../wallet/lib/list-amount.ts';
import '../../ai/ai.css';
import { showToast } from '../../../lib/toast.ts';

/** /RedPlan: the dividend plan: claimable and claimed dividends; each claim pays once. */
export default function RedPlan() {
  const { t } = useTranslation();
  const { t: t2 } = useTranslation('earn2');
  const { lang } = useLang();
  const qc = useQueryClient();
  const [tab, setTab] = useState<DividendClaimStatus>('claimable');
  const q = useQuery({
    queryKey: ['dividend', tab],
    queryFn: ({ signal }) => api.dividend.claims({ status: tab, limit: 50 }, { signal }),
  });
  const claim = useMutation({
    mutationFn: (id: string) => api.dividend.claim(id),
    onSuccess: () => {
      showToast(t2('dividend.claimedToast'));
      void qc.invalidateQueries({ queryKey: ['dividend'] });
    },
  });
  const items = q.data?.list ?? [];
  return (
    <PageShell title={t('titles.redPlan')}>
      <PullRefresh onRefresh={() => q.refetch()}>
        <div className="ai-page">
          <p className="ai-intro">{t2('dividend.intro')}</p>
          <EarnTabs<DividendClaimStatus>
            value={tab}
            onChange={setTab}
            options={(['claimable', 'claimed'] as const).map((k) => ({
              value: k,
              label: t2(`dividend.${k}`),
            }))}
          />
          <EarnItems
            pending={q.isPending}
            items={items}
            empty={t2('dividend.empty')}
            row={(c) => (
              <article key={c.id} className="ai-card" data-testid="dividend">
                <div className="ai-card__head">
                  <span className="ai-card__name">{c.title}</span>
                  <span className={`ai-status ai-status--${c.status === 'claimed' ? 'settled' : 'active'}`}>
                    {t2(`dividend.${c.status}`)}
                  </span>
                </div>
                <div className="ai-rate num">{formatListAmountWithCoin(c.amount, c.coin, lang)}</div>
                {c.claimed_at !== null ? (
                  <div className="ai-status">
                    {t2('dividend.claimedAt')} {formatDate(c.claimed_at, lang, { utc: true })}
                  </div>
                ) : (
                  <button
                    type="button"
                    className="ai-btn"
                    disabled={claim.isPending}
                    onClick={() => claim.mutate(c.id)}
                  >
                    {t2('dividend.claim')}
                  </button>
                )}
              </article>
            )}
          />
        </div>
      </PullRefresh>
    </PageShell>
  );
}
