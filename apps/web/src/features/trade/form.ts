import type { Coin } from '@ex/sdk';
import {
  add,
  cmp,
  div,
  fractionDigits,
  isMultipleOf,
  isPositive,
  isValid,
  mul,
  percentOf,
  roundToStep,
  sub,
} from './decimal.ts';

/**
 * The pure part of the order forms: checks a user gets inline before anything is sent, and the
 * estimates shown under the form and restated in the confirmation sheet (cost, fee, margin,
 * liquidation price). All on decimal strings (decimal.ts); the server stays the judge (its 422
 * lands under the same fields).
 */

export type Market = Pick<
  Coin,
  | 'symbol'
  | 'base'
  | 'quote'
  | 'price_scale'
  | 'qty_scale'
  | 'tick_size'
  | 'step_size'
  | 'min_qty'
  | 'max_qty'
  | 'min_notional'
> &
  Partial<Pick<Coin, 'taker_fee_rate'>>;

export type FieldError = { key: FormErrorKey; values?: Record<string, string> };
export type FormErrorKey =
  | 'priceRequired'
  | 'priceTick'
  | 'qtyRequired'
  | 'qtyStep'
  | 'qtyMin'
  | 'qtyMax'
  | 'notionalMin'
  | 'insufficient'
  | 'tpBelow'
  | 'slAbove'
  | 'tpAbove'
  | 'slBelow'
  | 'slUnderLiq'
  | 'slOverLiq';

/** USDC has 6 decimals on the ledger: estimates are exact to that, then shown with 2. */
export const QUOTE_SCALE = 6;
/**
 * Taker fee rates of the estimates when a market does not carry its own: the core's default
 * configuration charges 0.1 % on spot and 0.05 % on perpetuals (docs/perpetuals.md). The coins list
 * carries the engine's live rate (`taker_fee_rate`, an operator may change it: ADR 154), which wins.
 * The estimate says "about"; the ledger has the real fee.
 */
export const SPOT_TAKER_FEE = '0.001';
export const PERP_TAKER_FEE = '0.0005';
const takerFee = (m: Market, fallback: string) => m.taker_fee_rate ?? fallback;

export type Side = 'buy' | 'sell';
export type Kind = 'limit' | 'market';

export interface SpotInput {
  side: Side;
  type: Kind;
  price: string;
  quantity: string;
  /** Quote balance for a buy, base balance for a sell (decimal string). */
  available: string;
  /** Reference price of a market order (best opposite price or last). */
  marketPrice: string | undefined;
}

export interface SpotCheck {
  errors: Partial<Record<'price' | 'quantity', FieldError>>;
  /** price x quantity in quote units, rounded up to the quote's decimals; null until both exist. */
  cost: string | null;
  fee: string | null;
  /** Which price the estimate used (the limit price, or the market reference). */
  price: string | null;
}

function checkPrice(price: string, m: Market): FieldError | undefined {
  if (!isValid(price) || !isPositive(price)) return { key: 'priceRequired' };
  if (fractionDigits(price) > m.price_scale || !isMultipleOf(price, m.tick_size)) {
    return { key: 'priceTick', values: { tick: m.tick_size } };
  }
  return undefined;
}

function checkQty(qty: string, m: Market): FieldError | undefined {
  if (!isValid(qty) || !isPositive(qty)) return { key: 'qtyRequired' };
  if (fractionDigits(qty) > m.qty_scale || !isMultipleOf(qty, m.step_size)) {
    return { key: 'qtyStep', values: { step: m.step_size } };
  }
  if (cmp(qty, m.min_qty) < 0) return { key: 'qtyMin', values: { min: m.min_qty } };
  if (isPositive(m.max_qty) && cmp(qty, m.max_qty) > 0) return { key: 'qtyMax', values: { max: m.max_qty } };
  return undefined;
}

/** Inline checks and the estimate of a spot order. */
export function checkSpot(input: SpotInput, m: Market): SpotCheck {
  const errors: SpotCheck['errors'] = {};
  if (input.type === 'limit') {
    const e = checkPrice(input.price, m);
    if (e) errors.price = e;
  }
  const qe = checkQty(input.quantity, m);
  if (qe) errors.quantity = qe;
  const price = input.type === 'limit' ? (errors.price ? null : input.price) : (input.marketPrice ?? null);
  const priceOk = price !== null && isPositive(price);
  const cost = priceOk && !qe ? mul(price, input.quantity, QUOTE_SCALE, 'up') : null;
  const fee = cost ? mul(cost, takerFee(m, SPOT_TAKER_FEE), QUOTE_SCALE, 'up') : null;
  if (cost && !errors.quantity && isPositive(m.min_notional) && cmp(cost, m.min_notional) < 0) {
    errors.quantity = { key: 'notionalMin', values: { min: m.min_notional, quote: m.quote } };
  }
  if (!errors.quantity && isValid(input.available)) {
    const need = input.side === 'buy' ? cost : qe ? null : input.quantity;
    if (need && cmp(need, input.available) > 0) errors.quantity = { key: 'insufficient' };
  }
  return { errors, cost, fee, price: priceOk ? price : null };
}

/** The quantity for `percent` of the available balance (rounded down to the step). */
export function spotQtyForPercent(
  side: Side,
  percent: number,
  available: string,
  price: string | undefined,
  m: Market,
): string {
  if (!isValid(available) || !isPositive(available)) return '';
  const part = percentOf(available, percent, Math.max(QUOTE_SCALE, m.qty_scale));
  if (side === 'sell') return roundToStep(part, m.step_size);
  if (!price || !isPositive(price)) return '';
  const qty = div(part, price, m.qty_scale + 2) ?? '0';
  return roundToStep(qty, m.step_size);
}

/** Which share of the available balance a typed quantity uses, 0-100 (for the slider position). */
export function percentForQty(side: Side, qty: string, available: string, price: string | undefined): number {
  if (!isValid(qty) || !isValid(available) || !isPositive(available)) return 0;
  const used = side === 'sell' ? qty : price && isPositive(price) ? mul(price, qty, QUOTE_SCALE) : null;
  if (!used) return 0;
  const ratio = div(mul(used, '100', QUOTE_SCALE), available, 0) ?? '0';
  const n = BigInt(ratio);
  return n >= 100n ? 100 : n <= 0n ? 0 : Number(n);
}

// ---- perpetuals ----

export type MarginMode = 'cross' | 'isolated';
export type PerpSide = 'long' | 'short';

/** Maintenance-margin tiers of docs/perpetuals.md (notional up to, rate, cumulative amount). */
export const MM_TIERS: ReadonlyArray<{ upTo: string | null; mmr: string; cum: string }> = [
  { upTo: '50000', mmr: '0.004', cum: '0' },
  { upTo: '250000', mmr: '0.005', cum: '50' },
  { upTo: '1000000', mmr: '0.01', cum: '1300' },
  { upTo: null, mmr: '0.025', cum: '16300' },
];

export interface PerpInput {
  side: PerpSide;
  type: Kind;
  price: string;
  quantity: string;
  leverage: number;
  mode: MarginMode;
  /** Available USDC of the contract account. */
  available: string;
  /** Mark (or last) price for market orders. */
  marketPrice: string | undefined;
  tp: string;
  sl: string;
}

export interface PerpCheck {
  errors: Partial<Record<'price' | 'quantity' | 'tp_price' | 'sl_price', FieldError>>;
  price: string | null;
  notional: string | null;
  /** Initial margin = notional / leverage, rounded up. */
  margin: string | null;
  fee: string | null;
  /** Estimated liquidation price (first tick at which it liquidates); null when there is none. */
  liquidation: string | null;
}

/**
 * Where a new position of `qty` entered at `entry` with collateral `collateral` is liquidated:
 * long P = (Q*E - C - cum) / (Q*(1 - mmr)), short P = (Q*E + C + cum) / (Q*(1 + mmr)), in the tier
 * whose notional range contains Q*P (docs/perpetuals.md). Long rounds down to the tick, short up.
 */
export function liquidationPrice(
  side: PerpSide,
  qty: string,
  entry: string,
  collateral: string,
  m: Pick<Market, 'tick_size' | 'price_scale'>,
): string | null {
  if (!isPositive(qty) || !isPositive(entry)) return null;
  const value = mul(qty, entry, QUOTE_SCALE + 8);
  let lower = '0';
  for (const tier of MM_TIERS) {
    const num =
      side === 'long' ? sub(sub(value, collateral), tier.cum) : add(add(value, collateral), tier.cum);
    const den = mul(qty, side === 'long' ? sub('1', tier.mmr) : add('1', tier.mmr), QUOTE_SCALE + 8);
    const p = div(num, den, m.price_scale + 4);
    if (p === null) return null;
    const notional = mul(qty, p, QUOTE_SCALE);
    const inTier = cmp(notional, lower) >= 0 && (tier.upTo === null || cmp(notional, tier.upTo) <= 0);
    if (tier.upTo !== null) lower = tier.upTo;
    if (!inTier) continue;
    if (!isPositive(p)) return null;
    const shown = roundToStep(p, m.tick_size, side === 'long' ? 'down' : 'up');
    return isPositive(shown) ? shown : null;
  }
  return null;
}

export function checkPerp(input: PerpInput, m: Market): PerpCheck {
  const errors: PerpCheck['errors'] = {};
  if (input.type === 'limit') {
    const e = checkPrice(input.price, m);
    if (e) errors.price = e;
  }
  const qe = checkQty(input.quantity, m);
  if (qe) errors.quantity = qe;
  const price = input.type === 'limit' ? (errors.price ? null : input.price) : (input.marketPrice ?? null);
  const priceOk = price !== null && isPositive(price);
  const empty: PerpCheck = {
    errors,
    price: priceOk ? price : null,
    notional: null,
    margin: null,
    fee: null,
    liquidation: null,
  };
  for (const [field, value] of [
    ['tp_price', input.tp],
    ['sl_price', input.sl],
  ] as const) {
    if (value === '') continue;
    const e = checkPrice(value, m);
    if (e) errors[field] = e;
    else if (priceOk) {
      // TP above and SL below the entry for a long, the other way round for a short.
      const above = cmp(value, price) > 0;
      if (field === 'tp_price' && input.side === 'long' && !above) errors[field] = { key: 'tpBelow' };
      if (field === 'tp_price' && input.side === 'short' && above) errors[field] = { key: 'tpAbove' };
      if (field === 'sl_price' && input.side === 'long' && above) errors[field] = { key: 'slAbove' };
      if (field === 'sl_price' && input.side === 'short' && !above) errors[field] = { key: 'slBelow' };
    }
  }
  if (!priceOk || qe || input.leverage < 1) return empty;
  const notional = mul(price, input.quantity, QUOTE_SCALE, 'up');
  const margin = div(notional, String(input.leverage), QUOTE_SCALE, 'up') ?? notional;
  const fee = mul(notional, takerFee(m, PERP_TAKER_FEE), QUOTE_SCALE, 'up');
  if (isValid(input.available) && cmp(add(margin, fee), input.available) > 0) {
    errors.quantity = { key: 'insufficient' };
  }
  const collateral = input.mode === 'isolated' ? margin : sub(input.available, fee);
  const liquidation = liquidationPrice(input.side, input.quantity, price, collateral, m);
  // An isolated position is liquidated at its own price: a stop loss beyond it never fires (a 5x
  // long entered at 190.05 went through with its stop at 152.07 under a liquidation at 152.65).
  // Cross liquidation depends on the whole account, so the estimate does not refuse there.
  if (input.mode === 'isolated' && liquidation !== null && input.sl !== '' && !errors.sl_price) {
    if (input.side === 'long' && cmp(input.sl, liquidation) <= 0)
      errors.sl_price = { key: 'slUnderLiq', values: { min: liquidation } };
    if (input.side === 'short' && cmp(input.sl, liquidation) >= 0)
      errors.sl_price = { key: 'slOverLiq', values: { max: liquidation } };
  }
  return { errors, price, notional, margin, fee, liquidation };
}

/** Quantity for `percent` of the available margin at `leverage` (fee included, rounded down). */
export function perpQtyForPercent(
  percent: number,
  available: string,
  leverage: number,
  price: string | undefined,
  m: Market,
): string {
  if (!price || !isPositive(price) || !isValid(available) || !isPositive(available) || leverage < 1)
    return '';
  const part = percentOf(available, percent, QUOTE_SCALE);
  // margin + fee = qty * price * (1/lev + fee)  =>  qty = part / (price * (1/lev + fee))
  const perUnit = mul(
    price,
    add(div('1', String(leverage), 10) ?? '0', takerFee(m, PERP_TAKER_FEE)),
    QUOTE_SCALE + 6,
    'up',
  );
  const qty = div(part, perUnit, m.qty_scale + 2) ?? '0';
  return roundToStep(qty, m.step_size);
}
