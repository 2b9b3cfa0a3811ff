import { isTronAddress } from './tron.ts';

// Exact fixed-point checks of the withdrawal form (USDC: 6 decimals): no floats anywhere.

export const USDC_DECIMALS = 6;
const DECIMAL_RE = /^(0|[1-9]\d*)(\.\d+)?$/;

/** Accepts "1,5" as "1.5" and drops spaces; anything else is left for the check to refuse. */
export function normalizeAmount(raw: string): string {
  return raw.replace(/\s+/g, '').replace(',', '.');
}

/** The units of a decimal string, or null when it is not a plain decimal with at most `decimals`. */
export function toUnits(value: string, decimals = USDC_DECIMALS): bigint | null {
  if (!DECIMAL_RE.test(value)) return null;
  const [int = '0', frac = ''] = value.split('.');
  if (frac.length > decimals) return null;
  return BigInt(int + frac.padEnd(decimals, '0'));
}

export function fromUnits(units: bigint, decimals = USDC_DECIMALS): string {
  const neg = units < 0n;
  const digits = (neg ? -units : units).toString().padStart(decimals + 1, '0');
  const int = digits.slice(0, digits.length - decimals);
  const frac = digits.slice(digits.length - decimals).replace(/0+$/, '');
  return `${neg ? '-' : ''}${int}${frac ? `.${frac}` : ''}`;
}

export type AddressError = 'required' | 'invalid';
export function validateAddress(raw: string): AddressError | null {
  const a = raw.trim();
  if (a === '') return 'required';
  return isTronAddress(a) ? null : 'invalid';
}

export type AmountError = 'required' | 'invalid' | 'decimals' | 'belowMin' | 'aboveMax' | 'exceeds';

export interface Limits {
  fee: string;
  min: string;
  max: string;
}

/** The least amount: `min`, but always more than the fee (the address must receive something). */
export function leastAmount(limits: Limits): string {
  const fee = toUnits(limits.fee) ?? 0n;
  const min = toUnits(limits.min) ?? 0n;
  return fromUnits(min > fee ? min : fee + 1n);
}

export function validateAmount(
  raw: string,
  available: string | undefined,
  limits: Limits,
): AmountError | null {
  const v = normalizeAmount(raw);
  if (v === '') return 'required';
  const fracDigits = v.includes('.') ? v.length - v.indexOf('.') - 1 : 0;
  if (!DECIMAL_RE.test(v)) return 'invalid';
  if (fracDigits > USDC_DECIMALS) return 'decimals';
  const units = toUnits(v)!;
  if (units < toUnits(leastAmount(limits))!) return 'belowMin';
  const max = toUnits(limits.max);
  if (max !== null && units > max) return 'aboveMax';
  const avail = available === undefined ? null : toUnits(available);
  if (avail !== null && units > avail) return 'exceeds';
  return null;
}

/** What the address receives: amount - fee, or null while the amount is not valid. */
export function receiveAmount(raw: string, fee: string): string | null {
  const a = toUnits(normalizeAmount(raw));
  const f = toUnits(fee);
  if (a === null || f === null || a <= f) return null;
  return fromUnits(a - f);
}

/** The most a user can withdraw: the available balance capped at max, down to whole units of 6 dp. */
export function maxAmount(available: string, limits: Limits): string {
  const a = toUnits(available) ?? 0n;
  const m = toUnits(limits.max) ?? a;
  return fromUnits(a < m ? a : m);
}
