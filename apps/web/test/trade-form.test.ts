import { describe, expect, it } from 'vitest';
import {
  checkPerp,
  checkSpot,
  liquidationPrice,
  type Market,
  percentForQty,
  perpQtyForPercent,
  spotQtyForPercent,
} from '../src/features/trade/form.ts';

const BTC: Market = {
  symbol: 'BTC_USDC',
  base: 'BTC',
  quote: 'USDC',
  price_scale: 2,
  qty_scale: 5,
  tick_size: '0.01',
  step_size: '0.0001',
  min_qty: '0.0001',
  max_qty: '100',
  min_notional: '5',
};

const spot = (over: Partial<Parameters<typeof checkSpot>[0]> = {}) =>
  checkSpot(
    {
      side: 'buy',
      type: 'limit',
      price: '97000.00',
      quantity: '0.0100',
      available: '10000',
      marketPrice: '97001',
      ...over,
    },
    BTC,
  );

describe('spot form checks', () => {
  it('estimates cost and fee exactly (fee 0.1 %, rounded up to 6 decimals)', () => {
    const r = spot();
    expect(r.errors).toEqual({});
    expect(r.cost).toBe('970.000000');
    expect(r.fee).toBe('0.970000');
  });

  it('asks for a price and an amount', () => {
    expect(spot({ price: '', quantity: '' }).errors).toEqual({
      price: { key: 'priceRequired' },
      quantity: { key: 'qtyRequired' },
    });
  });

  it('refuses prices off the tick grid and amounts off the step grid', () => {
    expect(spot({ price: '97000.005' }).errors.price).toEqual({ key: 'priceTick', values: { tick: '0.01' } });
    expect(spot({ quantity: '0.00015' }).errors.quantity).toEqual({
      key: 'qtyStep',
      values: { step: '0.0001' },
    });
  });

  it('checks min/max amount and min order value', () => {
    expect(spot({ quantity: '101' }).errors.quantity?.key).toBe('qtyMax');
    expect(spot({ price: '100.00', quantity: '0.0001' }).errors.quantity).toEqual({
      key: 'notionalMin',
      values: { min: '5', quote: 'USDC' },
    });
  });

  it('checks the balance: quote for a buy, base for a sell', () => {
    expect(spot({ available: '969.99' }).errors.quantity).toEqual({ key: 'insufficient' });
    expect(spot({ side: 'sell', available: '0.0099' }).errors.quantity).toEqual({ key: 'insufficient' });
    expect(spot({ side: 'sell', available: '0.01' }).errors).toEqual({});
  });

  it('a market order is estimated at the reference price and needs no price field', () => {
    const r = spot({ type: 'market', price: '' });
    expect(r.errors).toEqual({});
    expect(r.price).toBe('97001');
    expect(r.cost).toBe('970.010000');
  });

  it('turns a percentage of the balance into an amount on the step grid and back', () => {
    expect(spotQtyForPercent('buy', 25, '10000', '97000', BTC)).toBe('0.0257');
    expect(spotQtyForPercent('sell', 50, '0.12345', undefined, BTC)).toBe('0.0617');
    expect(spotQtyForPercent('buy', 100, '0', '97000', BTC)).toBe('');
    expect(percentForQty('buy', '0.0257', '10000', '97000')).toBe(24);
    expect(percentForQty('sell', '1', '0.5', undefined)).toBe(100);
  });
});

const PERP: Market = { ...BTC, symbol: 'BTC_USDC_PERP' };
const perp = (over: Partial<Parameters<typeof checkPerp>[0]> = {}) =>
  checkPerp(
    {
      side: 'long',
      type: 'limit',
      price: '50000.00',
      quantity: '1.0000',
      leverage: 10,
      mode: 'isolated',
      available: '10000',
      marketPrice: '50000',
      tp: '',
      sl: '',
      ...over,
    },
    PERP,
  );

describe('contract form estimates', () => {
  it('margin = notional / leverage, taker fee 0.05 % (docs/perpetuals.md example)', () => {
    const r = perp();
    expect(r.notional).toBe('50000.000000');
    expect(r.margin).toBe('5000.000000');
    expect(r.fee).toBe('25.000000');
    expect(r.errors).toEqual({});
  });

  it('isolated liquidation price: long below, short above the entry', () => {
    // long: (50000 - 5000) / (1 - 0.004) = 45180.72... -> first tick below
    expect(liquidationPrice('long', '1', '50000', '5000', PERP)).toBe('45180.72');
    // short: (50000 + 5000) / (1 + 0.005) -> tier 2 (notional 54,726 > 50,000) with cum 50
    expect(liquidationPrice('short', '1', '50000', '5000', PERP)).toBe('54776.12');
    expect(perp().liquidation).toBe('45180.72');
  });

  it('refuses an isolated stop loss at or beyond the liquidation price (it would never fire)', () => {
    // The walk's 5x long: liquidated at 45,180.72 before a stop at 45,000 could close it.
    expect(perp({ sl: '45000.00' }).errors.sl_price).toEqual({
      key: 'slUnderLiq',
      values: { min: '45180.72' },
    });
    expect(perp({ sl: '45180.72' }).errors.sl_price).toEqual({
      key: 'slUnderLiq',
      values: { min: '45180.72' },
    });
    expect(perp({ sl: '45180.73' }).errors).toEqual({});
    expect(perp({ side: 'short', sl: '55000.00' }).errors.sl_price).toEqual({
      key: 'slOverLiq',
      values: { max: '54776.12' },
    });
    expect(perp({ side: 'short', sl: '54000.00' }).errors).toEqual({});
    // Cross liquidation depends on the whole account: the estimate does not refuse there.
    expect(perp({ mode: 'cross', available: '5100', sl: '45000.00' }).errors.sl_price).toBeUndefined();
  });

  it('a long with collateral beyond its value has no liquidation price', () => {
    expect(liquidationPrice('long', '1', '50000', '60000', PERP)).toBeNull();
  });

  it('refuses orders beyond the available margin and misplaced TP/SL', () => {
    expect(perp({ available: '5000' }).errors.quantity).toEqual({ key: 'insufficient' });
    expect(perp({ tp: '49000.00' }).errors.tp_price).toEqual({ key: 'tpBelow' });
    expect(perp({ sl: '51000.00' }).errors.sl_price).toEqual({ key: 'slAbove' });
    expect(perp({ side: 'short', tp: '51000.00', sl: '49000.00' }).errors).toEqual({
      tp_price: { key: 'tpAbove' },
      sl_price: { key: 'slBelow' },
    });
    expect(perp({ tp: '55000.00', sl: '48000.00' }).errors).toEqual({});
  });

  it('sizes a percentage of the available margin including the fee', () => {
    // 100 % of 5025 at 10x, price 50000: 5025 / (50000 * (0.1 + 0.0005)) = 1 exactly
    expect(perpQtyForPercent(100, '5025', 10, '50000', PERP)).toBe('1.0000');
    expect(perpQtyForPercent(100, '5024', 10, '50000', PERP)).toBe('0.9998');
    expect(perpQtyForPercent(50, '10000', 10, undefined, PERP)).toBe('');
  });
});
