import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { hasToken } from '../../../lib/storage.ts';
import { useDepth, usePrivateStreams, useTicker } from '../../stream/hooks.ts';
import { useFunding, useLeverages, usePositions } from '../api/contract.ts';
import { ContractForm } from '../components/ContractForm.tsx';
import { FundingCountdown } from '../components/FundingCountdown.tsx';
import { LeverageChip } from '../components/LeverageSheet.tsx';
import { OrderBookPanel } from '../components/OrderBookPanel.tsx';
import { PositionsPanel } from '../components/PositionsPanel.tsx';
import { TradeScreen } from '../components/TradeScreen.tsx';
import type { MarginMode } from '../form.ts';
import { useSymbolParam } from '../market.ts';
import { readPerpSetting, writePerpSetting } from '../perp-settings.ts';
import '../trade.css';

/** The leverage a new position starts from (or the nearest allowed below it). */
const DEFAULT_LEVERAGE = 20;

/** /ContractOpe: perpetuals with leverage/margin mode, funding, form + book, positions below. */
export default function ContractOpe() {
  const { t } = useTranslation();
  const pair = useSymbolParam('perp');
  const market = pair.market;
  const depth = useDepth(market?.symbol, 20);
  const funding = useFunding(market?.symbol);
  const positions = usePositions();
  const leverages = useLeverages();
  const [picked, setPicked] = useState<{ price: string } | null>(null);
  const [leverage, setLeverage] = useState(0);
  const [mode, setMode] = useState<MarginMode>('cross');
  useTicker();
  usePrivateStreams(hasToken(window.localStorage));

  // Start from the open position's settings on this market, else 20x (or the nearest allowed) cross.
  const symbol = market?.symbol;
  const posList = positions.data ?? [];
  const existing = posList.find((p) => p.symbol === symbol);
  const allowed = (symbol && leverages.data?.by_symbol[symbol]) || leverages.data?.values || [];
  // ADR 153/155: no fresh index, no orders; the banner says why, the form's buttons are off.
  const stale = funding.data?.index_stale === true;
  // Which market's stored choice has been applied (once per market, when its list is known).
  const restored = useRef<string | null>(null);
  useEffect(() => {
    if (!symbol) return;
    if (existing) {
      setLeverage(existing.leverage);
      setMode(existing.margin_mode);
      return;
    }
    if (allowed.length > 0 && restored.current !== symbol) {
      restored.current = symbol;
      const saved = readPerpSetting(window.localStorage, symbol);
      if (saved && allowed.includes(saved.leverage)) {
        setLeverage(saved.leverage);
        setMode(saved.mode);
        return;
      }
    }
    setLeverage((cur) => {
      if (cur > 0 && (allowed.length === 0 || allowed.includes(cur))) return cur;
      // Choose only once the market's list is known: a default taken before it answered stuck,
      // so the chip showed 10x or 20x depending on which request came back first.
      if (allowed.length === 0) return cur;
      const under = allowed.filter((v) => v <= DEFAULT_LEVERAGE);
      return under[under.length - 1] ?? allowed[0] ?? DEFAULT_LEVERAGE;
    });
  }, [symbol, existing, allowed]);

  return (
    <TradeScreen pair={pair} perp>
      {(market) => (
        <>
          {stale && (
            <div className="index-stale" role="alert">
              <span className="index-stale__tag">{t('trade.indexStaleTag')}</span>
              {t('trade.indexStale')}
            </div>
          )}
          <div className="perp-bar">
            <LeverageChip
              market={market}
              leverage={leverage || DEFAULT_LEVERAGE}
              mode={mode}
              onChange={(l, m) => {
                setLeverage(l);
                setMode(m);
                writePerpSetting(window.localStorage, market.symbol, { leverage: l, mode: m });
              }}
            />
            <FundingCountdown symbol={market.symbol} />
          </div>
          <div className="trade-grid">
            <ContractForm
              key={market.symbol}
              market={market}
              depth={depth.data}
              pickedPrice={picked}
              leverage={leverage || DEFAULT_LEVERAGE}
              mode={mode}
              mark={funding.data?.mark_price}
              positions={posList}
              indexStale={stale}
            />
            <OrderBookPanel
              market={market}
              depth={depth.data}
              rows={8}
              mark={funding.data?.mark_price}
              onPick={(price) => setPicked({ price })}
            />
          </div>
          <PositionsPanel coins={pair.coins.data ?? []} positions={posList} />
        </>
      )}
    </TradeScreen>
  );
}
