// One-way position mode in the order form (ADR 180, 184): which action a button sends, and the
// margin estimate of an order that first reduces the opposite position. Pure, on decimal strings.
import type { ContractAction } from '@ex/sdk';
import { add, cmp, div, isPositive, isValid, mul, sub } from '../decimal.ts';
import {
  checkPerp,
  liquidationPrice,
  type Market,
  PERP_TAKER_FEE,
  type PerpCheck,
  type PerpInput,
  type PerpSide,
  QUOTE_SCALE,
} from '../form.ts';

/**
 * The action of a button: the green one buys (`long`), the red one sells (`short`). Opening, they
 * open that side (in one-way mode a buy reduces a short first). Closing (hedge mode's Close tab, or
 * one-way reduce-only) a buy closes the short and a sell closes the long.
 */
export function contractAction(side: PerpSide, closing: boolean): ContractAction {
  if (!closing) return side === 'long' ? 'open_long' : 'open_short';
  return side === 'long' ? 'close_short' : 'close_long';
}

export interface OneWayCheck extends PerpCheck {
  /** The part of the order that reduces the opposite position (lots as a decimal string). */
  reduce: string;
  /** The part that opens (or adds to) a position: the margin, hold and liquidation are for it. */
  open: string;
}

/**
 * checkPerp for a one-way order against the opposite position of `opposite` size: the quantity
 * first reduces it, only the rest opens. The server holds margin and fee for the opening part only
 * (the core's `holdNeeded` of remaining minus reduce), so the margin, the "insufficient" check and
 * the liquidation estimate take that part; the fee stays the whole order's (every fill pays it).
 * Without an opposite position it is checkPerp as it is (with a balance to check against).
 */
export function checkOneWay(input: PerpInput, m: Market, opposite: string | undefined): OneWayCheck {
  // No balance to check against (signed out, or a closing order): checkPerp's cross estimate would
  // subtract the fee from '' and throw, so the estimate takes the margin as the collateral then.
  const full = checkPerp(isValid(input.available) ? input : { ...input, mode: 'isolated' }, m);
  const qty = input.quantity;
  const whole = { ...full, reduce: '0', open: qty };
  if (opposite === undefined || !isPositive(opposite) || full.price === null || full.margin === null)
    return whole;
  if (!isValid(qty) || !isPositive(qty)) return whole;
  const reduce = cmp(qty, opposite) <= 0 ? qty : opposite;
  const open = sub(qty, reduce);
  const errors = { ...full.errors };
  if (errors.quantity?.key === 'insufficient') delete errors.quantity;
  if (!isPositive(open)) return { ...full, errors, margin: '0', liquidation: null, reduce, open: '0' };
  const notional = mul(full.price, open, QUOTE_SCALE, 'up');
  const margin = div(notional, String(input.leverage), QUOTE_SCALE, 'up') ?? notional;
  const openFee = mul(notional, m.taker_fee_rate ?? PERP_TAKER_FEE, QUOTE_SCALE, 'up');
  if (isValid(input.available) && cmp(add(margin, openFee), input.available) > 0)
    errors.quantity = { key: 'insufficient' };
  const collateral =
    input.mode === 'isolated' || !isValid(input.available) ? margin : sub(input.available, full.fee ?? '0');
  const liquidation = liquidationPrice(input.side, open, full.price, collateral, m);
  return { ...full, errors, margin, liquidation, reduce, open };
}
