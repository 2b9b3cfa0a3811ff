import {
  Depth,
  DepthQuery,
  KlineList,
  KlinesQuery,
  Leverages,
  MarketCoinList,
  PriceBand,
  PriceBandQuery,
  PublicTradeList,
  TradesQuery,
} from '@ex/contract';
import { formatDecimal } from '@ex/core';
import type { FastifyInstance } from 'fastify';
import type { Services } from '../deps.ts';
import { MARKETS, marketBySymbol } from '../engine/markets.ts';
import { mustMarket } from '../engine/units.ts';
import { AppError } from '../http/errors.ts';
import { jsonRoute } from '../http/route.ts';
import { liveLeverages } from '../ops/market-params.ts';
import { bandText } from './bands.ts';

const known = (symbol: string) => {
  if (marketBySymbol(symbol) === undefined) throw new AppError('MARKET_NOT_FOUND');
  return symbol;
};

export function marketRoutes(app: FastifyInstance, s: Services): void {
  jsonRoute(app, {
    method: 'GET',
    url: '/api/app/market/depth',
    tags: ['market'],
    summary: 'Order book levels (best first) with the book sequence number',
    query: DepthQuery,
    response: Depth,
    handler: async (request) => s.market.depth(known(request.query.symbol), request.query.limit),
  });

  jsonRoute(app, {
    method: 'GET',
    url: '/api/app/market/trades',
    tags: ['market'],
    summary: 'Recent trades, newest first (side = taker side)',
    query: TradesQuery,
    response: PublicTradeList,
    handler: async (request) => s.market.trades(known(request.query.symbol), request.query.limit),
  });

  jsonRoute(app, {
    method: 'GET',
    url: '/api/app/market/klines',
    tags: ['market'],
    summary: 'Candles [open_ts, open, high, low, close, volume], oldest first',
    query: KlinesQuery,
    response: KlineList,
    handler: async (request) =>
      s.market.klines(known(request.query.symbol), request.query.interval, request.query.limit),
  });

  jsonRoute(app, {
    method: 'GET',
    url: '/api/app/market/coins',
    tags: ['market'],
    summary: 'Markets with 24h statistics',
    response: MarketCoinList,
    handler: async () => s.market.coins(),
  });

  jsonRoute(app, {
    method: 'GET',
    url: '/api/app/leverages',
    tags: ['market'],
    summary: 'Allowed leverage values, overall and per perpetual market',
    response: Leverages,
    // The engine's live lists: an operator may have changed them (ADR 154).
    handler: async () => {
      const bySymbol = Object.fromEntries(
        MARKETS.filter((m) => m.kind === 'perp').map((m) => [
          m.symbol,
          [...liveLeverages(s.engine.engine, m.symbol)],
        ]),
      );
      const all = new Set(Object.values(bySymbol).flat());
      return { values: [...all].sort((a, b) => a - b), by_symbol: bySymbol };
    },
  });

  jsonRoute(app, {
    method: 'GET',
    url: '/api/app/market/band',
    tags: ['market'],
    summary: 'Limit prices the market accepts now (index ± band) and the market-order protection',
    query: PriceBandQuery,
    response: PriceBand,
    handler: async (request) => {
      const m = mustMarket(known(request.query.symbol));
      // ppm / 100 = hundredths of a percent: 100 000 ppm -> "10.00".
      return {
        symbol: m.config.symbol,
        band: bandText(s.engine, m),
        band_percent: formatDecimal(m.config.priceBandPpm / 100n, 2),
        market_protection_percent: formatDecimal(m.config.marketProtectionPpm / 100n, 2),
      };
    },
  });
}
