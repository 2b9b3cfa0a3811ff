import { parseDecimal } from '@ex/core';
import { AppError } from '../http/errors.ts';
import type { MarketUnits } from './units.ts';

// Checks of decimal strings against a market: the contract schema already refused numbers,
// exponents, signs and malformed strings; here come the market's own scales, grid and limits.
// Every refusal is a 422 on the field, never a rounding.

function fail(field: string, key: string, params?: Record<string, string | number>): never {
  throw new AppError('VALIDATION', params, { [field]: [key] });
}

/** An amount at `scale` decimals, > 0, as an integer of that scale. */
export function amountUnits(
  field: string,
  value: string,
  scale: number,
  min?: bigint,
  minText?: string,
): bigint {
  const r = parseDecimal(value, scale);
  if (!r.ok) fail(field, 'validation.decimal_scale', { scale });
  if (r.value <= 0n) fail(field, 'validation.decimal_positive');
  if (min !== undefined && r.value < min)
    fail(field, 'validation.decimal_min', { min: minText ?? String(min) });
  return r.value;
}

/** A price in ticks of the market. */
export function priceTicks(field: string, value: string, m: MarketUnits): number {
  const r = parseDecimal(value, m.scales.priceScale);
  if (!r.ok) fail(field, 'validation.decimal_scale', { scale: m.scales.priceScale });
  if (r.value <= 0n) fail(field, 'validation.decimal_positive');
  if (r.value % m.scales.tickSize !== 0n) fail(field, 'validation.price_tick', { tick: m.config.tickSize });
  const ticks = r.value / m.scales.tickSize;
  if (ticks > BigInt(2 ** 50)) fail(field, 'validation.decimal_max', { max: m.price(2 ** 50) });
  return Number(ticks);
}

/** A quantity in lots of the market, within its min and max. */
export function qtyLots(field: string, value: string, m: MarketUnits): number {
  const r = parseDecimal(value, m.scales.qtyScale);
  if (!r.ok) fail(field, 'validation.decimal_scale', { scale: m.scales.qtyScale });
  if (r.value <= 0n) fail(field, 'validation.decimal_positive');
  if (r.value % m.scales.stepSize !== 0n) fail(field, 'validation.qty_step', { step: m.config.stepSize });
  const min = parseDecimal(m.config.minQty, m.scales.qtyScale);
  const max = parseDecimal(m.config.maxQty, m.scales.qtyScale);
  if (min.ok && r.value < min.value) fail(field, 'validation.decimal_min', { min: m.config.minQty });
  if (max.ok && r.value > max.value) fail(field, 'validation.decimal_max', { max: m.config.maxQty });
  return Number(r.value / m.scales.stepSize);
}

export function requireField(field: string, value: unknown): void {
  if (value === undefined) fail(field, 'validation.required');
}

export function forbidField(field: string, value: unknown): void {
  if (value !== undefined) fail(field, 'validation.unknown_field');
}

export function fieldFail(field: string, key: string, params?: Record<string, string | number>): never {
  fail(field, key, params);
}
