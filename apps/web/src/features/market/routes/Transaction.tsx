import { SearchBar, Tabs } from 'antd-mobile';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { CoinRow, CoinRowSkeleton } from '../../../components/CoinRow.tsx';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { sortMarkets } from '../../../lib/market.ts';
import { useCoins } from '../../../lib/queries.ts';

type Tab = 'favorites' | 'spot' | 'contract';

/** Markets tab: Favorites / Spot / Futures with a search over the pairs. */
export default function Transaction() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const tab: Tab =
    params.get('tab') === 'favorites' || params.get('tab') === 'contract'
      ? (params.get('tab') as Tab)
      : 'spot';
  const [query, setQuery] = useState('');
  const coins = useCoins();

  const list = useMemo(() => {
    const kind = tab === 'contract' ? 'perp' : 'spot';
    const q = query
      .trim()
      .toUpperCase()
      .replace(/[/_\s]/g, '');
    return sortMarkets(
      (coins.data ?? []).filter((c) => c.kind === kind && (!q || `${c.base}${c.quote}`.includes(q))),
      'hot',
    );
  }, [coins.data, tab, query]);

  return (
    <div className="market">
      <header className="tab-head">
        <h1 className="tab-head__title">{t('titles.transaction')}</h1>
      </header>
      <div className="market__search">
        <SearchBar
          placeholder={t('market.searchPlaceholder')}
          value={query}
          onChange={setQuery}
          autoFocus={params.get('search') === '1'}
          aria-label={t('market.searchPlaceholder')}
        />
      </div>
      <Tabs activeKey={tab} onChange={(key) => setParams({ tab: key }, { replace: true })}>
        <Tabs.Tab key="favorites" title={t('market.favorites')} />
        <Tabs.Tab key="spot" title={t('market.spot')} />
        <Tabs.Tab key="contract" title={t('market.contract')} />
      </Tabs>
      {tab === 'favorites' ? (
        <EmptyState
          kind="star"
          title={t('market.favoritesEmpty')}
          text={t('market.favoritesHint')}
          action={
            <button
              type="button"
              className="btn-ghost"
              onClick={() => setParams({ tab: 'spot' }, { replace: true })}
            >
              {t('market.addFavorites')}
            </button>
          }
        />
      ) : (
        <>
          <div className="list-head">
            <span>{t('market.pair')}</span>
            <span>{t('market.lastPrice')}</span>
            <span>{t('market.change')}</span>
          </div>
          {coins.isPending ? (
            <CoinRowSkeleton rows={8} />
          ) : list.length === 0 ? (
            <EmptyState
              text={query ? t('market.empty') : t('home.marketsEmpty')}
              action={
                <button type="button" className="btn-ghost" onClick={() => navigate('/')}>
                  {t('common.goHome')}
                </button>
              }
            />
          ) : (
            list.map((coin) => <CoinRow key={coin.symbol} coin={coin} />)
          )}
        </>
      )}
    </div>
  );
}
