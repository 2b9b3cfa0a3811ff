import type { Withdrawal } from '@ex/contract';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useLang } from '../../../app/lang-context.tsx';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { PageShell } from '../../../components/PageShell.tsx';
import { PullRefresh } from '../../../components/PullRefresh.tsx';
import { formatDecimal } from '../../../lib/format.ts';
import { useWithdrawals } from '../api/funds.ts';
import { HistoryList } from '../components/HistoryList.tsx';
import { StatusChip } from '../components/StatusChip.tsx';
import { formatDateTime } from '../lib/time.ts';
import { shortAddress } from '../lib/tron.ts';
import '../funds.css';

function WithdrawalRow({ w }: { w: Withdrawal }) {
  const { t } = useTranslation();
  const { lang } = useLang();
  const fmt = (v: string) => formatDecimal(v, lang, { minFraction: 2, maxFraction: 6 });
  return (
    <div className="f-row" data-testid="withdrawal-row">
      <div className="f-row__main">
        <div className="f-row__title">
          <span className="num">−{fmt(w.amount)}</span> USDC
          <span className="f-network f-network--small">{w.network}</span>
        </div>
        <div className="f-row__sub" title={w.address}>
          {t('funds.common.address')} <span className="num">{shortAddress(w.address)}</span>
        </div>
        <div className="f-row__sub">
          {t('funds.history.fee')} <span className="num">{fmt(w.fee)}</span> · {t('funds.history.receive')}{' '}
          <span className="num">{fmt(w.receive_amount)}</span>
        </div>
        {w.txid && (
          <div className="f-row__sub" title={w.txid}>
            {t('funds.common.txid')} <span className="num">{shortAddress(w.txid, 8, 8)}</span>
          </div>
        )}
        {w.status === 'review_failed' && w.reason && (
          <div className="f-reason" role="note">
            {t('funds.history.reason')}: {w.reason}
          </div>
        )}
        <div className="f-row__sub">
          <time dateTime={new Date(w.created_at).toISOString()}>{formatDateTime(w.created_at, lang)}</time>
        </div>
      </div>
      <div className="f-row__side">
        <StatusChip kind="withdraw" status={w.status} />
      </div>
    </div>
  );
}

/** /WithdrawalHistory: own withdrawals with their review state and the reason of a rejection. */
export default function WithdrawalHistory() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const q = useWithdrawals();
  const items = q.data?.pages.flatMap((p) => p.list) ?? [];
  return (
    <PageShell title={t('titles.withdrawalHistory')} fallback="/Withdrawal">
      <PullRefresh onRefresh={() => q.refetch()}>
        <div className="f-list">
          <HistoryList
            items={items}
            isPending={q.isPending}
            isError={q.isError}
            hasMore={Boolean(q.hasNextPage)}
            loadMore={() => q.fetchNextPage({ throwOnError: true, cancelRefetch: false })}
            retry={() => void q.refetch()}
            row={(w) => <WithdrawalRow key={w.id} w={w} />}
            empty={
              <EmptyState
                title={t('funds.history.withdrawalsEmpty')}
                text={t('funds.history.withdrawalsEmptyHint')}
                action={
                  <button type="button" className="btn-ghost" onClick={() => navigate('/Withdrawal')}>
                    {t('funds.history.toWithdraw')}
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
