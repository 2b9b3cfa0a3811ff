import type { Coin } from '@ex/sdk';
import { HistogramOutline } from 'antd-mobile-icons';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { StreamBanner } from '../../stream/StreamBanner.tsx';
import type { useSymbolParam } from '../market.ts';
import { PairPicker } from './PairPicker.tsx';

/**
 * The frame of /SpotOpe and /ContractOpe (ADR 094): the stream banner, the pair picker with the
 * chart link, then a skeleton while the markets load, "no markets", or `children(market)`.
 */
export function TradeScreen({
  pair: { coins, markets, market, select },
  perp = false,
  children,
}: {
  pair: ReturnType<typeof useSymbolParam>;
  perp?: boolean;
  children(market: Coin): ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <div className="trade">
      <StreamBanner />
      <header className="trade-head">
        {market ? (
          <PairPicker market={market} markets={markets} onSelect={select} perp={perp} />
        ) : (
          <span className="sk sk--w40" />
        )}
        {market && (
          <Link
            to={`/DetailPage?symbol=${encodeURIComponent(market.symbol)}`}
            className="icon-btn"
            aria-label={t('detail.chart')}
          >
            <HistogramOutline fontSize={22} />
          </Link>
        )}
      </header>
      {coins.isPending ? (
        <div className="trade-grid" role="status" aria-label={t('common.loading')}>
          <div className="sk-block" />
          <div className="sk-block" />
        </div>
      ) : !market ? (
        <EmptyState text={t('home.marketsEmpty')} />
      ) : (
        children(market)
      )}
    </div>
  );
}
