import type { Coin } from '@ex/sdk';
import { SearchBar, Tabs } from 'antd-mobile';
import { AddOutline } from 'antd-mobile-icons';
import { type ReactNode, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { CoinRow, CoinRowSkeleton } from '../../../components/CoinRow.tsx';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { PullRefresh } from '../../../components/PullRefresh.tsx';
import { filterMarkets, sortMarkets } from '../../../lib/market.ts';
import { useCoins } from '../../../lib/queries.ts';
import { useFavorites, useSearchHistory } from '../../../lib/watchlist.ts';
import { FavoritesPicker } from '../components/FavoritesPicker.tsx';
import { SearchHistory } from '../components/SearchHistory.tsx';

type Tab = 'favorites' | 'spot' | 'contract';

/** Markets tab: Favorites (watchlist) / Spot / Futures with a search over the pairs and its history. */
export default function Transaction() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const tab: Tab =
    params.get('tab') === 'favorites' || params.get('tab') === 'contract'
      ? (params.get('tab') as Tab)
      : 'spot';
  const [query, setQuery] = useState('');
  const [searching, setSearching] = useState(params.get('search') === '1');
  const [pickerOpen, setPickerOpen] = useState(false);
  const coins = useCoins();
  const fav = useFavorites();
  const history = useSearchHistory();

  const all = coins.data ?? [];
  const list = useMemo(() => {
    const data = coins.data ?? [];
    if (tab === 'favorites') {
      const bySymbol = new Map(data.map((c) => [c.symbol, c]));
      const mine = fav.favorites.map((s) => bySymbol.get(s)).filter((c): c is Coin => Boolean(c));
      return filterMarkets(mine, query);
    }
    const kind = tab === 'contract' ? 'perp' : 'spot';
    return sortMarkets(
      filterMarkets(
        data.filter((c) => c.kind === kind),
        query,
      ),
      'hot',
    );
  }, [coins.data, tab, query, fav.favorites]);

  const remember = () => {
    if (query.trim()) history.push(query);
  };
  const switchTab = (key: string) => setParams({ tab: key }, { replace: true });

  const rows = list.map((coin) => (
    <CoinRow
      key={coin.symbol}
      coin={coin}
      favorite={{ on: fav.isFavorite(coin.symbol), toggle: () => fav.toggle(coin.symbol) }}
      onOpen={(c) => {
        if (query.trim()) history.push(c.base);
      }}
    />
  ));

  let body: ReactNode;
  if (coins.isPending) {
    body = <CoinRowSkeleton rows={8} />;
  } else if (coins.isError && all.length === 0) {
    body = (
      <EmptyState
        text={t('common.networkError')}
        action={
          <button type="button" className="btn-ghost" onClick={() => void coins.refetch()}>
            {t('common.retry')}
          </button>
        }
      />
    );
  } else if (tab === 'favorites' && fav.favorites.length === 0) {
    body = (
      <EmptyState
        kind="star"
        title={t('market.favoritesEmpty')}
        text={t('market.favoritesHint')}
        action={
          <button type="button" className="btn-ghost" onClick={() => setPickerOpen(true)}>
            <AddOutline /> {t('market.addFavorites')}
          </button>
        }
      />
    );
  } else if (list.length === 0) {
    body = (
      <EmptyState
        text={query ? t('market.empty') : t('home.marketsEmpty')}
        action={
          query ? (
            <button type="button" className="btn-ghost" onClick={() => setQuery('')}>
              {t('common.cancel')}
            </button>
          ) : undefined
        }
      />
    );
  } else {
    body = (
      <>
        {rows}
        {tab === 'favorites' && (
          <div className="list-foot">
            <button type="button" className="btn-ghost" onClick={() => setPickerOpen(true)}>
              <AddOutline /> {t('market.addFavorites')}
            </button>
          </div>
        )}
      </>
    );
  }

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
          onFocus={() => setSearching(true)}
          onSearch={remember}
          showCancelButton={() => searching}
          cancelText={t('common.cancel')}
          onCancel={() => {
            remember();
            setQuery('');
            setSearching(false);
          }}
          autoFocus={params.get('search') === '1'}
          aria-label={t('market.searchPlaceholder')}
        />
      </div>
      {searching && !query && (
        <SearchHistory items={history.history} onPick={setQuery} onClear={history.clear} />
      )}
      <Tabs activeKey={tab} onChange={switchTab}>
        <Tabs.Tab key="favorites" title={t('market.favorites')} />
        <Tabs.Tab key="spot" title={t('market.spot')} />
        <Tabs.Tab key="contract" title={t('market.contract')} />
      </Tabs>
      <PullRefresh onRefresh={() => coins.refetch()}>
        <div className="market__list">
          {list.length > 0 && (
            <div className="list-head list-head--starred">
              <span>{t('market.pair')}</span>
              <span>{t('market.lastPrice')}</span>
              <span>{t('market.change')}</span>
            </div>
          )}
          {body}
        </div>
      </PullRefresh>
      <FavoritesPicker
        open={pickerOpen}
        coins={all}
        selected={fav.favorites}
        onClose={() => setPickerOpen(false)}
        onSave={(symbols) => {
          fav.replace(symbols);
          setPickerOpen(false);
        }}
      />
    </div>
  );
}
