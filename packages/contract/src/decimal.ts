import { z } from 'zod';

// Digits only: no sign, no exponent, no leading zeros (except "0.x"), no trailing dot.
const DECIMAL_RE = /^(0|[1-9]\d*)(\.\d+)?$/;

export interface DecimalOptions {
  /** Most decimal places allowed; more is a 422, never a rounding. */
  scale: number;
  /** Inclusive bounds as decimal strings. */
  min?: string;
  max?: string;
  /** Zero is refused unless allowed: amounts, prices and quantities must be positive. */
  allowZero?: boolean;
}

/** Splits a validated decimal string into an integer of `scale` places, exactly (no floats). */
export function decimalToUnits(value: string, scale: number): bigint {
  const [int = '0', frac = ''] = value.split('.');
  if (frac.length > scale) throw new RangeError(`${value} has more than ${scale} decimals`);
  return BigInt(int + frac.padEnd(scale, '0'));
}

/** Formats an integer of `scale` places as a decimal string with exactly `scale` decimals. */
export function unitsToDecimal(units: bigint, scale: number): string {
  const negative = units < 0n;
  const digits = (negative ? -units : units).toString().padStart(scale + 1, '0');
  const int = digits.slice(0, digits.length - scale);
  const frac = digits.slice(digits.length - scale);
  return `${negative ? '-' : ''}${int}${scale > 0 ? `.${frac}` : ''}`;
}

function decimalsOf(value: string): number {
  const dot = value.indexOf('.');
  return dot < 0 ? 0 : value.length - dot - 1;
}

/**
 * A strict decimal string. Issues carry i18n message keys (`validation.decimal_*`) with params, so
 * the server localises them and clients can too.
 */
export function decimalString(options: DecimalOptions) {
  const { scale, min, max, allowZero = false } = options;
  const boundScale = Math.max(scale, min ? decimalsOf(min) : 0, max ? decimalsOf(max) : 0);
  const minUnits = min === undefined ? undefined : decimalToUnits(min, boundScale);
  const maxUnits = max === undefined ? undefined : decimalToUnits(max, boundScale);
  return z
    .string({ error: 'validation.decimal_type' })
    .max(40, { error: 'validation.decimal_format' })
    .superRefine((value, ctx) => {
      if (!DECIMAL_RE.test(value)) {
        ctx.addIssue({ code: 'custom', message: 'validation.decimal_format' });
        return;
      }
      if (decimalsOf(value) > scale) {
        ctx.addIssue({ code: 'custom', message: 'validation.decimal_scale', params: { scale } });
        return;
      }
      const units = decimalToUnits(value, boundScale);
      if (!allowZero && units === 0n) {
        ctx.addIssue({ code: 'custom', message: 'validation.decimal_positive' });
        return;
      }
      if (minUnits !== undefined && units < minUnits) {
        ctx.addIssue({ code: 'custom', message: 'validation.decimal_min', params: { min } });
        return;
      }
      if (maxUnits !== undefined && units > maxUnits) {
        ctx.addIssue({ code: 'custom', message: 'validation.decimal_max', params: { max } });
      }
    });
}
