import type { Coin } from '@ex/sdk';
import { BellOutline, SearchOutline, UserCircleOutline } from 'antd-mobile-icons';
import { memo, type ReactNode, useDeferredValue, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CoinRow, CoinRowSkeleton } from '../../../components/CoinRow.tsx';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { PullRefresh } from '../../../components/PullRefresh.tsx';
import { type MarketSort, sortMarkets } from '../../../lib/market.ts';
import { useCoins } from '../../../lib/queries.ts';
import { CheckinCard } from '../../community/components/CheckinCard.tsx';
import { HomeNews, HomeNotices, UnreadDot } from '../../community/components/HomeContent.tsx';
import { HomePositions } from '../components/HomePositions.tsx';
import { Recommended } from '../components/Recommended.tsx';
import { Shortcuts } from '../components/Shortcuts.tsx';
import { TickerCards, TickerCardsSkeleton } from '../components/TickerCards.tsx';

const SORTS: MarketSort[] = ['hot', 'gainers', 'losers'];
const NO_COINS: Coin[] = [];

// Home's render stays cheap when an answer or a ticker push arrives (issue 11, ADR 088): only the
// market data lives in Home itself. The sections with their own data (notices, check-in, news, the
// unread dots) and the static ones are memoised, so a market update does not render them again;
// the market list, below the fold, renders from a deferred copy of the data, i.e. in a background
// render React slices into short tasks, and each row re-renders only when its coin changed.

export default function Home() {
  const coins = useCoins();
  const spot = useMemo(() => (coins.data ?? NO_COINS).filter((c) => c.kind === 'spot'), [coins.data]);
  const headline = useMemo(() => sortMarkets(spot, 'hot').slice(0, 3), [spot]);
  // undefined while loading (the skeleton), the list otherwise (also empty after a failure).
  const markets = useDeferredValue(coins.isPending ? undefined : (coins.data ?? NO_COINS));

  return (
    <PullRefresh onRefresh={() => coins.refetch()}>
      <div className="home">
        <HomeHeader />
        {coins.isPending ? <TickerCardsSkeleton /> : headline.length > 0 && <TickerCards coins={headline} />}
        <HomeCards />
        <HomeMarkets coins={markets} />
        <HomePositionsSection />
        <HomeRecommended coins={markets} />
        <HomeNewsSection />
      </div>
    </PullRefresh>
  );
}

const HomeHeader = memo(function HomeHeader() {
  const { t } = useTranslation();
  return (
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
  );
});

/** Shortcuts, notices and the check-in card: each loads its own data. */
const HomeCards = memo(function HomeCards() {
  return (
    <>
      <Shortcuts />
      <HomeNotices />
      <CheckinCard />
    </>
  );
});

/** A market row that renders again only when its coin changed (the data keeps unchanged coins). */
const MarketRow = memo(CoinRow);

/** The top markets by the chosen order; `coins` undefined while they load. */
const HomeMarkets = memo(function HomeMarkets({ coins }: { coins: Coin[] | undefined }) {
  const { t } = useTranslation();
  const [sort, setSort] = useState<MarketSort>('hot');
  const list = useMemo(() => (coins ? sortMarkets(coins, sort).slice(0, 8) : []), [coins, sort]);
  return (
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
      {!coins ? (
        <CoinRowSkeleton />
      ) : list.length === 0 ? (
        <EmptyState compact text={t('home.marketsEmpty')} />
      ) : (
        list.map((coin) => <MarketRow key={coin.symbol} coin={coin} />)
      )}
    </section>
  );
});

/** A titled section below the fold: heading (linked by id for screen readers), optional link, body. */
function HomeSection({
  id,
  title,
  more,
  children,
}: {
  id: string;
  title: string;
  more?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section className="section" aria-labelledby={id}>
      <div className="section__head">
        <h2 id={id} className="section__title">
          {title}
        </h2>
        {more}
      </div>
      {children}
    </section>
  );
}

/** Open positions, below the fold (they load their own data). */
const HomePositionsSection = memo(function HomePositionsSection() {
  const { t } = useTranslation();
  const more = (
    <Link to="/ContractOpe" className="section__more">
      {t('home.tradeFutures')}
    </Link>
  );
  return (
    <HomeSection id="home-positions" title={t('home.positions')} more={more}>
      <HomePositions />
    </HomeSection>
  );
});

/** Recommended coins, computed from the (deferred) market data; `coins` undefined while loading. */
const HomeRecommended = memo(function HomeRecommended({ coins }: { coins: Coin[] | undefined }) {
  const { t } = useTranslation();
  return (
    <HomeSection id="home-recommended" title={t('home.recommended')}>
      <Recommended coins={coins} />
    </HomeSection>
  );
});

/** News, below the fold (loads its own data). */
const HomeNewsSection = memo(function HomeNewsSection() {
  const { t } = useTranslation();
  const more = (
    <Link to="/Notices?tab=news" className="section__more">
      {t('common.more')}
    </Link>
  );
  return (
    <HomeSection id="home-news" title={t('home.news')} more={more}>
      <HomeNews />
    </HomeSection>
  );
});
