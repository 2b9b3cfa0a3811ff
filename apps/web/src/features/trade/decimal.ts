/**
 * Exact decimal arithmetic on the API's decimal strings, for order forms (estimates, steppers,
 * percent of balance). A value is held as a bigint of units at a scale (digits after the point);
 * nothing here ever passes through a JS number, so "0.1" + "0.2" is "0.3" and an 18-digit quantity
 * keeps every digit. The pure `@ex/core` money module has the same ideas, but the web does not
 * depend on the core package; these few helpers keep it that way (ADR 025).
 */

export type Rounding = 'down' | 'up' | 'half_up';

export interface Dec {
  units: bigint;
  scale: number;
}

const DEC_RE = /^([+-])?(\d+)(?:\.(\d*))?$|^([+-])?\.(\d+)$/;

/** Parses "12.5", "-0.001", ".5", "3." (what a user may type); null for anything else. */
export function parse(text: string): Dec | null {
  const m = DEC_RE.exec(text.trim());
  if (!m) return null;
  const sign = m[1] ?? m[4];
  const int = m[2] ?? '0';
  const frac = m[3] ?? m[5] ?? '';
  const units = BigInt(int + frac || '0');
  return { units: sign === '-' ? -units : units, scale: frac.length };
}

export function isValid(text: string): boolean {
  return parse(text) !== null;
}

/** Digits after the decimal point that a plain decimal string carries ("0.010" -> 3). */
export function fractionDigits(text: string): number {
  return parse(text)?.scale ?? 0;
}

const TEN = 10n;
function pow10(n: number): bigint {
  return TEN ** BigInt(n);
}

function divRound(n: bigint, d: bigint, rounding: Rounding): bigint {
  if (d === 0n) throw new RangeError('division by zero');
  const negative = n < 0n !== d < 0n;
  const an = n < 0n ? -n : n;
  const ad = d < 0n ? -d : d;
  let q = an / ad;
  const r = an % ad;
  if (r !== 0n) {
    if (rounding === 'up') q += 1n;
    else if (rounding === 'half_up' && r * 2n >= ad) q += 1n;
  }
  return negative ? -q : q;
}

/** The value at another scale (more digits: exact; fewer: rounded as asked, toward zero by default). */
export function rescale(d: Dec, scale: number, rounding: Rounding = 'down'): Dec {
  if (scale === d.scale) return d;
  if (scale > d.scale) return { units: d.units * pow10(scale - d.scale), scale };
  return { units: divRound(d.units, pow10(d.scale - scale), rounding), scale };
}

/** A plain decimal string with exactly `scale` digits after the point (never an exponent or -0). */
export function toText(d: Dec): string {
  const negative = d.units < 0n;
  const digits = (negative ? -d.units : d.units).toString().padStart(d.scale + 1, '0');
  const int = digits.slice(0, digits.length - d.scale);
  const frac = d.scale > 0 ? `.${digits.slice(digits.length - d.scale)}` : '';
  return `${negative ? '-' : ''}${int}${frac}`;
}

/** Same value without trailing zeros after the point ("12.500" -> "12.5", "3.00" -> "3"). */
export function trim(text: string): string {
  if (!text.includes('.')) return text;
  return text.replace(/0+$/, '').replace(/\.$/, '');
}

function align(a: Dec, b: Dec): [bigint, bigint, number] {
  const scale = Math.max(a.scale, b.scale);
  return [rescale(a, scale).units, rescale(b, scale).units, scale];
}

function need(text: string): Dec {
  const d = parse(text);
  if (!d) throw new RangeError(`not a decimal: ${text}`);
  return d;
}

export function cmp(a: string, b: string): -1 | 0 | 1 {
  const [x, y] = align(need(a), need(b));
  return x < y ? -1 : x > y ? 1 : 0;
}

export function isZero(text: string): boolean {
  const d = parse(text);
  return d !== null && d.units === 0n;
}

export function isPositive(text: string): boolean {
  const d = parse(text);
  return d !== null && d.units > 0n;
}

export function add(a: string, b: string): string {
  const [x, y, scale] = align(need(a), need(b));
  return toText({ units: x + y, scale });
}

export function sub(a: string, b: string): string {
  const [x, y, scale] = align(need(a), need(b));
  return toText({ units: x - y, scale });
}

/** a x b rounded to `scale` digits. */
export function mul(a: string, b: string, scale: number, rounding: Rounding = 'down'): string {
  const x = need(a);
  const y = need(b);
  return toText(rescale({ units: x.units * y.units, scale: x.scale + y.scale }, scale, rounding));
}

/** a / b rounded to `scale` digits; null when b is zero. */
export function div(a: string, b: string, scale: number, rounding: Rounding = 'down'): string | null {
  const x = need(a);
  const y = need(b);
  if (y.units === 0n) return null;
  // (x.units / 10^xs) / (y.units / 10^ys) at 10^scale = x.units * 10^(scale + ys - xs) / y.units
  const shift = scale + y.scale - x.scale;
  const n = shift >= 0 ? x.units * pow10(shift) : x.units;
  const d = shift >= 0 ? y.units : y.units * pow10(-shift);
  return toText({ units: divRound(n, d, rounding), scale });
}

/** Rounds a value to a whole number of `step`s ("0.01", "0.5"), shown with the step's digits. */
export function roundToStep(value: string, step: string, rounding: Rounding = 'down'): string {
  const v = need(value);
  const s = need(step);
  if (s.units <= 0n) return value;
  const [x, y, scale] = align(v, s);
  const n = divRound(x, y, rounding);
  return toText(rescale({ units: n * y, scale }, s.scale));
}

/** Whether a value is a whole number of steps (a price on the tick grid). */
export function isMultipleOf(value: string, step: string): boolean {
  const [x, y] = align(need(value), need(step));
  return y !== 0n && x % y === 0n;
}

/** value +/- one step, never below zero; empty input starts at the fallback (e.g. the last price). */
export function stepBy(value: string, step: string, direction: 1 | -1, fallback = '0'): string {
  const base = isValid(value) ? value : fallback;
  const snapped = roundToStep(base, step, direction === 1 ? 'up' : 'down');
  const moved =
    cmp(snapped, base) !== 0 ? snapped : direction === 1 ? add(snapped, step) : sub(snapped, step);
  const next = roundToStep(moved, step);
  return cmp(next, '0') < 0 ? roundToStep('0', step) : next;
}

/** `percent` (a whole number 0-100) of `whole`, rounded down to `scale` digits. */
export function percentOf(whole: string, percent: number, scale: number): string {
  const p = BigInt(Math.min(100, Math.max(0, Math.trunc(percent))));
  const w = rescale(need(whole), scale + 2);
  return toText(rescale({ units: (w.units * p) / 100n, scale: scale + 2 }, scale));
}

/** Typed input cleaned for a decimal field: digits and one point, at most `scale` decimals. */
export function sanitizeInput(text: string, scale: number): string {
  let out = text.replace(/,/g, '.').replace(/[^\d.]/g, '');
  const point = out.indexOf('.');
  if (point !== -1) {
    out = out.slice(0, point + 1) + out.slice(point + 1).replace(/\./g, '');
    if (scale === 0) out = out.slice(0, point);
    else out = out.slice(0, point + 1 + scale);
  }
  if (/^0\d/.test(out)) out = out.replace(/^0+(?=\d)/, '');
  return out;
}

/** Smaller/larger of two decimal strings. */
export function min(a: string, b: string): string {
  return cmp(a, b) <= 0 ? a : b;
}
export function max(a: string, b: string): string {
  return cmp(a, b) >= 0 ? a : b;
}
