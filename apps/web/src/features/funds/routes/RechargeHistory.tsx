import type { Deposit } from '@ex/contract';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useLang } from '../../../app/lang-context.tsx';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { PageShell } from '../../../components/PageShell.tsx';
import { PullRefresh } from '../../../components/PullRefresh.tsx';
import { formatDecimal } from '../../../lib/format.ts';
import { useDeposits } from '../api/funds.ts';
import { HistoryList } from '../components/HistoryList.tsx';
import { StatusChip } from '../components/StatusChip.tsx';
import { formatDateTime } from '../lib/time.ts';
import { shortAddress } from '../lib/tron.ts';
import '../funds.css';

function DepositRow({ d }: { d: Deposit }) {
  const { t } = useTranslation();
  const { lang } = useLang();
  return (
    <div className="f-row">
      <div className="f-row__main">
        <div className="f-row__title">
          <span className="num">+{formatDecimal(d.amount, lang, { minFraction: 2, maxFraction: 6 })}</span>{' '}
          USDC
          <span className="f-network f-network--small">TRC20</span>
        </div>
        <div className="f-row__sub">
          {t('funds.history.usdcValue')}{' '}
          <span className="num">
            {formatDecimal(d.usdc_amount, lang, { minFraction: 2, maxFraction: 6 })}
          </span>
        </div>
        <div className="f-row__sub" title={d.txid}>
          {t('funds.common.txid')} <span className="num">{shortAddress(d.txid, 8, 8)}</span>
        </div>
        <div className="f-row__sub">
          <time dateTime={new Date(d.created_at).toISOString()}>{formatDateTime(d.created_at, lang)}</time>
        </div>
      </div>
      <div className="f-row__side">
        <StatusChip kind="deposit" status={d.status} />
      </div>
    </div>
  );
}

/** /RechargeHistory: own deposits, newest first, in the spec's states. */
export default function RechargeHistory() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const q = useDeposits();
  const items = q.data?.pages.flatMap((p) => p.list) ?? [];
  return (
    <PageShell title={t('titles.rechargeHistory')} fallback="/Recharge">
      <PullRefresh onRefresh={() => q.refetch()}>
        <div className="f-list">
          <HistoryList
            items={items}
            isPending={q.isPending}
            isError={q.isError}
            hasMore={Boolean(q.hasNextPage)}
            loadMore={() => q.fetchNextPage({ throwOnError: true, cancelRefetch: false })}
            retry={() => void q.refetch()}
            row={(d) => <DepositRow key={d.id} d={d} />}
            empty={
              <EmptyState
                title={t('funds.history.depositsEmpty')}
                text={t('funds.history.depositsEmptyHint')}
                action={
                  <button type="button" className="btn-ghost" onClick={() => navigate('/Recharge')}>
                    {t('funds.history.toDeposit')}
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
