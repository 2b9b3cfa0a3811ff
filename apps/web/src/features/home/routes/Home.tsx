import { BellOutline, SearchOutline, UserCircleOutline } from 'antd-mobile-icons';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CoinRow, CoinRowSkeleton } from '../../../components/CoinRow.tsx';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { PullRefresh } from '../../../components/PullRefresh.tsx';
import { type MarketSort, sortMarkets } from '../../../lib/market.ts';
import { useCoins } from '../../../lib/queries.ts';
import { CheckinCard } from '../../community/components/CheckinCard.tsx';
import { HomeNews, HomeNotices, UnreadDot } from '../../community/components/HomeContent.tsx';
import { Shortcuts } from '../components/Shortcuts.tsx';
import { TickerCards, TickerCardsSkeleton } from '../components/TickerCards.tsx';

const SORTS: MarketSort[] = ['hot', 'gainers', 'losers'];

export default function Home() {
  const { t } = useTranslation();
  const coins = useCoins();
  const [sort, setSort] = useState<MarketSort>('hot');
  const spot = useMemo(() => (coins.data ?? []).filter((c) => c.kind === 'spot'), [coins.data]);
  const headline = useMemo(() => sortMarkets(spot, 'hot').slice(0, 3), [spot]);
  const list = useMemo(() => sortMarkets(coins.data ?? [], sort).slice(0, 8), [coins.data, sort]);

  return (
    <PullRefresh onRefresh={() => coins.refetch()}>
      <div className="home">
        <header className="home-head">
          <Link to="/My" className="icon-btn" aria-label={t('home.profile')}>
            <UserCircleOutline fontSize={24} />
          </Link>
          <Link to="/Transaction?search=1" className="home-search" aria-label={t('home.searchPlaceholder')}>
            <SearchOutline />
            <span>{t('home.searchPlaceholder')}</span>
          </Link>
          <Link to="/Msg" className="icon-btn" aria-label={t('home.messages')}>
            <BellOutline fontSize={22} />
            <UnreadDot />
          </Link>
        </header>

        {coins.isPending ? <TickerCardsSkeleton /> : headline.length > 0 && <TickerCards coins={headline} />}
        <Shortcuts />
        <HomeNotices />
        <CheckinCard />

        <section className="section" aria-labelledby="home-markets">
          <div className="section__head">
            <h2 id="home-markets" className="section__title">
              {t('home.markets')}
            </h2>
            <Link to="/Transaction" className="section__more">
              {t('common.viewAll')}
            </Link>
          </div>
          <div className="chips" role="tablist">
            {SORTS.map((s) => (
              <button
                key={s}
                type="button"
                role="tab"
                aria-selected={sort === s}
                className={`chip ${sort === s ? 'chip--active' : ''}`}
                onClick={() => setSort(s)}
              >
                {t(`home.${s}`)}
              </button>
            ))}
          </div>
          <div className="list-head">
            <span>{t('market.pair')}</span>
            <span>{t('market.lastPrice')}</span>
            <span>{t('market.change')}</span>
          </div>
          {coins.isPending ? (
            <CoinRowSkeleton />
          ) : list.length === 0 ? (
            <EmptyState compact text={t('home.marketsEmpty')} />
          ) : (
            list.map((coin) => <CoinRow key={coin.symbol} coin={coin} />)
          )}
        </section>

        <section className="section" aria-labelledby="home-positions">
          <div className="section__head">
            <h2 id="home-positions" className="section__title">
              {t('home.positions')}
            </h2>
            <Link to="/ContractOpe" className="section__more">
              {t('home.tradeFutures')}
            </Link>
          </div>
          <EmptyState compact text={t('home.positionsEmpty')} />
        </section>

        <section className="section" aria-labelledby="home-recommended">
          <div className="section__head">
            <h2 id="home-recommended" className="section__title">
              {t('home.recommended')}
            </h2>
          </div>
          <EmptyState compact kind="star" text={t('home.recommendedEmpty')} />
        </section>

        <section className="section" aria-labelledby="home-news">
          <div className="section__head">
            <h2 id="home-news" className="section__title">
              {t('home.news')}
            </h2>
          </div>
          <HomeNews />
        </section>
      </div>
    </PullRefresh>
  );
}
