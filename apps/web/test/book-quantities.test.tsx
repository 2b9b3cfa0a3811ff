// The order book of the trade screens, the coin detail's book and its latest trades show quantities
// as the order cards and the confirmation do: at the market's step (formatQuantity). They had a rule
// of their own (at least min(4, qty_scale) decimals), so a market trading in steps of 0.1 read
// "2.500" in the book beside "2.5 ETH" on the order card.
import type { Coin, Depth, Trade } from '@ex/sdk';
import { cleanup } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { DepthTable } from '../src/features/detail/components/DepthTable.tsx';
import { TradesList } from '../src/features/detail/components/TradesList.tsx';
import { OrderBookPanel } from '../src/features/trade/components/OrderBookPanel.tsx';
import { openScreen } from './helpers/screen.tsx';

// Steps of 0.1 with three places in the engine: the old rule wrote every level with 3 decimals.
const ETH: Coin = {
  symbol: 'ETH_USDC',
  base: 'ETH',
  quote: 'USDC',
  kind: 'spot',
  last: '3000.00',
  change_pct: '0.00',
  high: '3000.00',
  low: '3000.00',
  volume: '1',
  amount: '1',
  price_scale: 2,
  qty_scale: 3,
  tick_size: '0.01',
  step_size: '0.1',
  min_qty: '0.1',
  max_qty: '1000',
  min_notional: '5',
  maker_fee_rate: '0.001000',
  taker_fee_rate: '0.001000',
};

const depth: Depth = {
  bids: [
    ['2999.50', '2.500'],
    ['2999.00', '1234.1'],
  ],
  asks: [
    ['3000.50', '0.1'],
    ['3001.00', '12'],
  ],
  seq: 1,
  ts: 0,
};

const trades: Trade[] = [
  { id: '1', price: '3000.00', qty: '2.500', side: 'buy', ts: 1_764_000_000_000 },
  // A market buy for a quote amount: finer than the step, every digit shown, never rounded.
  { id: '2', price: '3000.50', qty: '0.037', side: 'sell', ts: 1_764_000_001_000 },
];

const texts = (selector: string) =>
  Array.from(document.querySelectorAll(selector)).map((e) => e.textContent ?? '');

describe('quantities in the books and the trades list', () => {
  afterEach(cleanup);

  it("the trade screen's book shows each level at the step (2.5, not 2.500)", () => {
    openScreen([{ path: '/', Component: () => <OrderBookPanel market={ETH} depth={depth} /> }], '/');
    // Asks above (best nearest the middle), bids below.
    expect(texts('.ob-row__qty')).toEqual(['12.0', '0.1', '2.5', '1,234.1']);
  });

  it('and in German: 1.234,1', () => {
    openScreen([{ path: '/', Component: () => <OrderBookPanel market={ETH} depth={depth} /> }], '/', {
      lang: 'de',
    });
    expect(texts('.ob-row__qty')).toEqual(['12,0', '0,1', '2,5', '1.234,1']);
  });

  it("the coin detail's book reads the same", () => {
    openScreen([{ path: '/', Component: () => <DepthTable market={ETH} depth={depth} /> }], '/', {
      lang: 'de',
    });
    // Bids on the left (best first), asks on the right; the prices are the coloured cells.
    expect(texts('.dbook__row .num:not(.tone-up):not(.tone-down)')).toEqual([
      '2,5',
      '1.234,1',
      '0,1',
      '12,0',
    ]);
  });

  it('the latest trades show the step, and a quantity finer than it in full', () => {
    openScreen([{ path: '/', Component: () => <TradesList market={ETH} trades={trades} /> }], '/');
    const qty = Array.from(document.querySelectorAll('tbody tr')).map((r) => r.lastElementChild?.textContent);
    expect(qty).toEqual(['2.5', '0.037']);
  });
});
