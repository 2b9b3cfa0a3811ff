import type { Transfer } from '@ex/sdk';
import { InfiniteScroll } from 'antd-mobile';
import { RightOutline } from 'antd-mobile-icons';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useLang } from '../../../app/lang-context.tsx';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { PageShell } from '../../../components/PageShell.tsx';
import { PullRefresh } from '../../../components/PullRefresh.tsx';
import { NBSP } from '../../../lib/format.ts';
import { formatAgo, formatDateTime } from '../../../lib/time.ts';
import { useTransfers } from '../api/wallet.ts';
import { CoinAmount } from '../components/Money.tsx';
import { RowSkeletons } from '../components/Skeletons.tsx';
import { useFlag, WALLET_PREF_KEYS } from '../lib/prefs.ts';
import '../wallet.css';

function TransferRow({ record, now, hidden }: { record: Transfer; now: number; hidden: boolean }) {
  const { t } = useTranslation();
  const { lang } = useLang();
  const name = (a: 'spot' | 'contract') =>
    a === 'contract' ? t('wallet.accounts.contract') : t('wallet.accounts.spot');
  const done = record.status === 'completed';
  return (
    <div className="w-row" title={formatDateTime(record.created_at, lang, { seconds: true })}>
      <div className="w-row__main">
        <div className="w-row__title">
          {name(record.from)} <RightOutline fontSize={10} aria-label="→" /> {name(record.to)}
        </div>
        <div className="w-row__sub">
          <time dateTime={new Date(record.created_at).toISOString()}>
            {formatAgo(record.created_at, lang, now)}
          </time>
        </div>
      </div>
      <div className="w-row__side">
        <div className="w-row__amount">
          <CoinAmount value={record.amount} coin={record.coin} hidden={hidden} />
          {NBSP}
          <span className="w-row__coin">{record.coin}</span>
        </div>
        <div className="w-row__sub">
          <span className={`status-chip ${done ? 'status-chip--up' : 'status-chip--warn'}`}>
            {done ? t('wallet.ledger.completed') : record.status}
          </span>
        </div>
      </div>
    </div>
  );
}

/** /TransformHis: transfers between the user's accounts, newest first. */
export default function TransformHis() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const transfers = useTransfers();
  const [hidden] = useFlag(WALLET_PREF_KEYS.hideAmounts);
  const now = Date.now();
  const list = transfers.data?.pages.flatMap((p) => p.list) ?? [];

  let body: ReactNode;
  if (transfers.isPending) body = <RowSkeletons rows={8} />;
  else if (transfers.isError && list.length === 0)
    body = (
      <EmptyState
        text={t('wallet.ledger.loadFailed')}
        action={
          <button type="button" className="btn-ghost" onClick={() => void transfers.refetch()}>
            {t('common.retry')}
          </button>
        }
      />
    );
  else if (list.length === 0)
    body = (
      <EmptyState
        title={t('wallet.history.empty')}
        text={t('wallet.history.emptyHint')}
        action={
          <button type="button" className="btn-ghost" onClick={() => navigate('/TransformTwo')}>
            {t('wallet.history.newTransfer')}
          </button>
        }
      />
    );
  else
    body = (
      <>
        {list.map((r) => (
          <TransferRow key={r.id} record={r} now={now} hidden={hidden} />
        ))}
        <InfiniteScroll
          hasMore={Boolean(transfers.hasNextPage)}
          loadMore={async () => {
            await transfers.fetchNextPage({ throwOnError: true, cancelRefetch: false });
          }}
        >
          {(hasMore, failed, retry) =>
            failed ? (
              <button type="button" className="btn-ghost" onClick={retry}>
                {t('common.retry')}
              </button>
            ) : (
              <span className="muted">
                {hasMore ? t('wallet.ledger.loadingMore') : t('wallet.ledger.end')}
              </span>
            )
          }
        </InfiniteScroll>
      </>
    );

  return (
    <PageShell title={t('titles.transformHis')} fallback="/TransformTwo">
      <PullRefresh onRefresh={() => transfers.refetch()}>
        <div className="w-list">{body}</div>
      </PullRefresh>
    </PageShell>
  );
}
