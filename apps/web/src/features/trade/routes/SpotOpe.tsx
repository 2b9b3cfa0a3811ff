import { HistogramOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { hasToken } from '../../../lib/storage.ts';
import { useDepth, usePrivateStreams, useTicker } from '../../stream/hooks.ts';
import { StreamBanner } from '../../stream/StreamBanner.tsx';
import { OrderBookPanel } from '../components/OrderBookPanel.tsx';
import { PairPicker } from '../components/PairPicker.tsx';
import { SpotForm } from '../components/SpotForm.tsx';
import { SpotOrdersPanel } from '../components/SpotOrdersPanel.tsx';
import { useSymbolParam } from '../market.ts';
import '../trade.css';

/** /SpotOpe: pair, order form left 55 %, live book right 45 %, open orders and assets below. */
export default function SpotOpe() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const { coins, markets, market, select } = useSymbolParam('spot');
  const depth = useDepth(market?.symbol, 20);
  const [picked, setPicked] = useState<{ price: string } | null>(null);
  useTicker();
  usePrivateStreams(hasToken(window.localStorage));
  const initialSide = params.get('side') === 'sell' ? 'sell' : 'buy';

  return (
    <div className="trade">
      <StreamBanner />
      <header className="trade-head">
        {market ? (
          <PairPicker market={market} markets={markets} onSelect={select} />
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
        <>
          <div className="trade-grid">
            <SpotForm
              key={`${market.symbol}-${initialSide}`}
              market={market}
              depth={depth.data}
              pickedPrice={picked}
              initialSide={initialSide}
            />
            <OrderBookPanel market={market} depth={depth.data} onPick={(price) => setPicked({ price })} />
          </div>
          <SpotOrdersPanel market={market} coins={coins.data ?? []} />
        </>
      )}
    </div>
  );
}
