import type { Coin } from '@ex/sdk';
import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { useCoins } from '../../lib/queries.ts';

export type MarketKindFilter = Coin['kind'];

/**
 * The market a trade screen shows, from `?symbol=` (ADR 025: the same parameter as /DetailPage),
 * falling back to the first market of the screen's kind. A symbol of the wrong kind is ignored.
 */
export function useSymbolParam(kind: MarketKindFilter) {
  const [params, setParams] = useSearchParams();
  const coins = useCoins();
  const wanted = params.get('symbol') ?? '';
  const markets = useMemo(() => (coins.data ?? []).filter((c) => c.kind === kind), [coins.data, kind]);
  const market =
    markets.find((c) => c.symbol === wanted) ?? markets.find((c) => c.base === 'BTC') ?? markets[0];
  const select = (symbol: string) => setParams({ symbol }, { replace: true });
  return { coins, markets, market, select };
}

export function pairLabel(c: Pick<Coin, 'base' | 'quote'>): string {
  return `${c.base}/${c.quote}`;
}
