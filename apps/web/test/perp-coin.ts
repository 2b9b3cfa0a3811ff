import type { Position } from '@ex/sdk';

// BTC_USDC_PERP as /api/app/market/coins lists it, for the contract screen's tests.
export const BTC_PERP_COIN = {
  symbol: 'BTC_USDC_PERP',
  base: 'BTC',
  quote: 'USDC',
  kind: 'perp' as const,
  last: '97000.00',
  change_pct: '0.00',
  high: '97000.00',
  low: '97000.00',
  volume: '1',
  amount: '1',
  price_scale: 2,
  qty_scale: 3,
  tick_size: '0.01',
  step_size: '0.001',
  min_qty: '0.001',
  max_qty: '100',
  min_notional: '5',
  taker_fee_rate: '0.000500',
};

/**
 * A BTC_USDC_PERP position as /api/app/contract/positions returns it: 0.010 BTC long, cross, 10x,
 * entered at 96,000 and marked at 97,000, no TP/SL. A test overrides what it is about; the id
 * follows symbol, margin mode and side unless given.
 */
export function btcPerpPosition(over: Partial<Position> = {}): Position {
  const position: Position = {
    id: '',
    symbol: 'BTC_USDC_PERP',
    side: 'long',
    margin_mode: 'cross',
    leverage: 10,
    size: '0.010',
    entry_price: '96000.00',
    mark_price: '97000.00',
    liquidation_price: null,
    margin: '97.00',
    notional: '970.00',
    unrealized_pnl: '10.000000',
    pnl_rate: '10.30',
    margin_rate: '0.50',
    realized_pnl: '0',
    fees: '0',
    funding: '0',
    tp_price: null,
    sl_price: null,
    tpsl_by: 'mark',
    adl_lights: 1,
    opened_at: 0,
    ...over,
  };
  return { ...position, id: over.id ?? `${position.symbol}:${position.margin_mode}:${position.side}` };
}
