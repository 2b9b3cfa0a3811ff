import { Leverages, MarketCoinList } from '@ex/contract';
import type { FastifyInstance } from 'fastify';
import type { Services } from '../deps.ts';
import { jsonRoute } from '../http/route.ts';
import { LEVERAGE_STEPS, MARKETS } from './markets.ts';

const zero = (scale: number) => (scale > 0 ? `0.${'0'.repeat(scale)}` : '0');

export function marketRoutes(app: FastifyInstance, _s: Services): void {
  jsonRoute(app, {
    method: 'GET',
    url: '/api/app/market/coins',
    tags: ['market'],
    summary: 'Markets with 24h statistics',
    response: MarketCoinList,
    // 24h stats stay zero until the matching engine is wired in (trading issue).
    handler: async () =>
      MARKETS.map((m) => ({
        symbol: m.symbol,
        base: m.base,
        quote: m.quote,
        kind: m.kind,
        last: zero(m.priceScale),
        change_pct: '0.00',
        high: zero(m.priceScale),
        low: zero(m.priceScale),
        volume: zero(m.qtyScale),
        amount: zero(2),
        price_scale: m.priceScale,
        qty_scale: m.qtyScale,
        tick_size: m.tickSize,
        step_size: m.stepSize,
        min_qty: m.minQty,
        max_qty: m.maxQty,
        min_notional: m.minNotional,
      })),
  });

  jsonRoute(app, {
    method: 'GET',
    url: '/api/app/leverages',
    tags: ['market'],
    summary: 'Allowed leverage values, overall and per perpetual market',
    response: Leverages,
    handler: async () => ({
      values: LEVERAGE_STEPS,
      by_symbol: Object.fromEntries(
        MARKETS.filter((m) => m.kind === 'perp').map((m) => [m.symbol, m.leverages]),
      ),
    }),
  });
}
