import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { hasToken } from '../../../lib/storage.ts';
import { useDepth, usePrivateStreams, useTicker } from '../../stream/hooks.ts';
import { OrderBookPanel } from '../components/OrderBookPanel.tsx';
import { SpotForm } from '../components/SpotForm.tsx';
import { SpotOrdersPanel } from '../components/SpotOrdersPanel.tsx';
import { TradeScreen } from '../components/TradeScreen.tsx';
import { useSymbolParam } from '../market.ts';
import '../trade.css';

/** /SpotOpe: pair, order form left 55 %, live book right 45 %, open orders and assets below. */
export default function SpotOpe() {
  const [params] = useSearchParams();
  const pair = useSymbolParam('spot');
  const depth = useDepth(pair.market?.symbol, 20);
  const [picked, setPicked] = useState<{ price: string } | null>(null);
  useTicker();
  usePrivateStreams(hasToken(window.localStorage));
  const initialSide = params.get('side') === 'sell' ? 'sell' : 'buy';

  return (
    <TradeScreen pair={pair}>
      {(market) => (
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
          <SpotOrdersPanel market={market} coins={pair.coins.data ?? []} />
        </>
      )}
    </TradeScreen>
  );
}
