import type { LedgerEntry, LedgerType, WalletAccount } from '@ex/sdk';
import { InfiniteScroll } from 'antd-mobile';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useLang } from '../../../app/lang-context.tsx';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { PullRefresh } from '../../../components/PullRefresh.tsx';
import { NBSP } from '../../../lib/format.ts';
import { formatAgo } from '../../../lib/time.ts';
import { useBalances, useLedger } from '../api/wallet.ts';
import { isLedgerCoin, isLedgerType, typesFor } from '../lib/ledger.ts';
import { useFlag, WALLET_PREF_KEYS } from '../lib/prefs.ts';
import { FilterChip } from './FilterBar.tsx';
import { CoinAmount, SignedAmount } from './Money.tsx';
import { RowSkeletons } from './Skeletons.tsx';
import { useLedgerEntryLabel, useLedgerTypeLabel } from './use-labels.ts';

/** "now" that moves on every minute, so "3 min ago" does not go stale on an open screen. */
function useNow(stepMs = 30_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const id = window.setInterval(() => setNow(Date.now()), stepMs);
    return () => window.clearInterval(id);
  }, [stepMs]);
  return now;
}

export function LedgerRow({
  entry,
  now,
  showAccount,
  hidden,
}: {
  entry: LedgerEntry;
  now: number;
  showAccount: boolean;
  hidden: boolean;
}) {
  const { t } = useTranslation();
  const { lang } = useLang();
  const label = useLedgerEntryLabel();
  return (
    <Link className="w-row" to={`/FinancialDetail?id=${encodeURIComponent(entry.id)}`} state={{ entry }}>
      <div className="w-row__main">
        <div className="w-row__title">{label(entry)}</div>
        {/* The account tag sits beside the time, not the type: German types such as "Ordersperre
            freigegeben" fill the title line at 375 px, and a tag there wrapped onto a line of its own. */}
        <div className="w-row__sub">
          {showAccount && (
            <span className="tag w-row__tag">
              {entry.account === 'contract' ? t('wallet.accounts.contract') : t('wallet.accounts.spot')}
            </span>
          )}
          {formatAgo(entry.created_at, lang, now)}
        </div>
      </div>
      <div className="w-row__side">
        <div className="w-row__amount">
          <SignedAmount value={entry.amount} coin={entry.coin} hidden={hidden} />
          {NBSP}
          <span className="w-row__coin">{entry.coin}</span>
        </div>
        <div className="w-row__sub">
          {t('wallet.ledger.balanceAfter')}{' '}
          <CoinAmount value={entry.balance_after} coin={entry.coin} hidden={hidden} />
        </div>
      </div>
    </Link>
  );
}

/**
 * A ledger with its filter bar (type and coin, both filtered by the server), pull to refresh,
 * infinite scroll and the empty states. `account` undefined lists every account.
 */
export function LedgerList({ account }: { account: WalletAccount | undefined }) {
  const { t } = useTranslation();
  const label = useLedgerTypeLabel();
  const [params, setParams] = useSearchParams();
  const [hidden] = useFlag(WALLET_PREF_KEYS.hideAmounts);
  const now = useNow();
  const offered = typesFor(account);
  const typeParam = params.get('type');
  const type: LedgerType | '' = isLedgerType(typeParam) && offered.includes(typeParam) ? typeParam : '';
  const coinParam = (params.get('coin') ?? '').toUpperCase();
  // The futures account holds USDC only, so it has no coin filter.
  const coin = account !== 'contract' && isLedgerCoin(coinParam) ? coinParam : '';
  const types = useMemo(() => (type ? [type] : []), [type]);
  const ledger = useLedger(account, types, coin);
  const balances = useBalances();

  const coins = useMemo(() => {
    const set = new Set<string>(['USDC']);
    for (const b of balances.data?.spot ?? []) if (account !== 'contract') set.add(b.coin);
    if (coin) set.add(coin);
    return [...set].sort((a, b) => (a === 'USDC' ? -1 : b === 'USDC' ? 1 : a.localeCompare(b)));
  }, [balances.data, account, coin]);

  const setFilter = (key: 'type' | 'coin', value: string) => {
    const next = new URLSearchParams(params);
    if (value) next.set(key, value);
    else next.delete(key);
    setParams(next, { replace: true });
  };

  const entries = ledger.data?.pages.flatMap((p) => p.list) ?? [];
  const filtered = Boolean(type || coin);

  let body: ReactNode;
  if (ledger.isPending) {
    body = <RowSkeletons rows={8} />;
  } else if (ledger.isError && entries.length === 0) {
    body = (
      <EmptyState
        text={t('wallet.ledger.loadFailed')}
        action={
          <button type="button" className="btn-ghost" onClick={() => void ledger.refetch()}>
            {t('common.retry')}
          </button>
        }
      />
    );
  } else {
    body = (
      <>
        {entries.map((e) => (
          <LedgerRow key={e.id} entry={e} now={now} showAccount={!account} hidden={hidden} />
        ))}
        {entries.length === 0 && !ledger.hasNextPage && (
          <EmptyState
            title={filtered ? t('wallet.ledger.emptyFiltered') : t('wallet.ledger.empty')}
            text={t('wallet.ledger.emptyHint')}
            action={
              filtered ? (
                <button type="button" className="btn-ghost" onClick={() => setParams({}, { replace: true })}>
                  {t('wallet.ledger.clearFilter')}
                </button>
              ) : (
                <Link to="/TransformTwo" className="btn-ghost w-btn-inline">
                  {t('wallet.history.newTransfer')}
                </Link>
              )
            }
          />
        )}
        <InfiniteScroll
          hasMore={Boolean(ledger.hasNextPage)}
          loadMore={async () => {
            await ledger.fetchNextPage({ throwOnError: true, cancelRefetch: false });
          }}
        >
          {(hasMore, failed, retry) =>
            failed ? (
              <button type="button" className="btn-ghost" onClick={retry}>
                {t('common.retry')}
              </button>
            ) : hasMore ? (
              <span className="muted">{t('wallet.ledger.loadingMore')}</span>
            ) : entries.length > 0 ? (
              <span className="muted">{t('wallet.ledger.end')}</span>
            ) : null
          }
        </InfiniteScroll>
      </>
    );
  }

  return (
    <div className="w-ledger">
      <div className="w-filters" role="toolbar" aria-label={t('wallet.ledger.filterType')}>
        <FilterChip
          title={t('wallet.ledger.filterType')}
          value={type}
          allLabel={t('wallet.ledger.allTypes')}
          options={offered.map((v) => ({ value: v, label: label(v) }))}
          onChange={(v) => setFilter('type', v)}
        />
        {account !== 'contract' && (
          <FilterChip
            title={t('wallet.ledger.filterCoin')}
            value={coin}
            allLabel={t('wallet.ledger.allCoins')}
            options={coins.map((c) => ({ value: c, label: c }))}
            onChange={(v) => setFilter('coin', v)}
          />
        )}
      </div>
      <PullRefresh onRefresh={() => ledger.refetch()}>
        <div className="w-list">{body}</div>
      </PullRefresh>
    </div>
  );
}
