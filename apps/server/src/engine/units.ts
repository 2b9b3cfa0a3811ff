import { formatDecimal, lotsToQty, type MarketScales, ticksToPrice } from '@ex/core';
import { ASSETS, scalesOf } from './config.ts';
import { MARKETS, type MarketConfig } from './markets.ts';

/** A market with its resolved scales: the one place that turns ticks and lots into decimal strings. */
export interface MarketUnits {
  config: MarketConfig;
  scales: MarketScales;
  price(ticks: number | bigint): string;
  qty(lots: number | bigint): string;
}

const bySymbol = new Map<string, MarketUnits>(
  MARKETS.map((m) => {
    const scales = scalesOf(m);
    return [
      m.symbol,
      {
        config: m,
        scales,
        price: (t: number | bigint) => ticksToPrice(Number(t), scales),
        qty: (l: number | bigint) => lotsToQty(Number(l), scales),
      },
    ];
  }),
);

export function marketUnits(symbol: string): MarketUnits | undefined {
  return bySymbol.get(symbol);
}

export function mustMarket(symbol: string): MarketUnits {
  const m = bySymbol.get(symbol);
  if (m === undefined) throw new Error(`unknown market ${symbol}`);
  return m;
}

export function assetScale(coin: string): number {
  const s = ASSETS[coin];
  if (s === undefined) throw new Error(`unknown asset ${coin}`);
  return s;
}

/** An amount in the asset's smallest unit as a decimal string with the asset's decimals. */
export function formatAmount(units: bigint | string, coin: string): string {
  return formatDecimal(BigInt(units), assetScale(coin));
}
