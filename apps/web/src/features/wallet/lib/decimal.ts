/**
 * Exact decimal arithmetic for the wallet screens. The API sends amounts as decimal strings; here
 * they become a bigint of units at a scale ("12.34" -> 1234n at scale 2), are added, multiplied
 * and compared as integers, and go back out as decimal strings for `formatDecimal`. Nothing passes
 * through a JavaScript float.
 */
export interface Fixed {
  units: bigint;
  scale: number;
}

const SIGNED_RE = /^([+-]?)(\d+)(?:\.(\d+))?$/;

/** Parses a plain decimal string ("-12.5", "0.000001"); anything else (exponent, NaN, "") is null. */
export function parseFixed(value: string): Fixed | null {
  const m = SIGNED_RE.exec(value.trim());
  if (!m) return null;
  const frac = m[3] ?? '';
  const units = BigInt(`${m[2]}${frac}`);
  return { units: m[1] === '-' ? -units : units, scale: frac.length };
}

function rescaleUp(f: Fixed, scale: number): bigint {
  return f.units * 10n ** BigInt(scale - f.scale);
}

export function toDecimalString(f: Fixed): string {
  const negative = f.units < 0n;
  const digits = (negative ? -f.units : f.units).toString().padStart(f.scale + 1, '0');
  const whole = digits.slice(0, digits.length - f.scale);
  const frac = digits.slice(digits.length - f.scale).replace(/0+$/, '');
  const text = frac ? `${whole}.${frac}` : whole;
  return negative && f.units !== 0n ? `-${text}` : text;
}

export function addFixed(a: Fixed, b: Fixed): Fixed {
  const scale = Math.max(a.scale, b.scale);
  return { units: rescaleUp(a, scale) + rescaleUp(b, scale), scale };
}

export function mulFixed(a: Fixed, b: Fixed): Fixed {
  return { units: a.units * b.units, scale: a.scale + b.scale };
}

export function compareFixed(a: Fixed, b: Fixed): number {
  const scale = Math.max(a.scale, b.scale);
  const x = rescaleUp(a, scale);
  const y = rescaleUp(b, scale);
  return x < y ? -1 : x > y ? 1 : 0;
}

/** Compares two decimal strings exactly; an unparsable value sorts as zero. */
export function compareDecimalStrings(a: string, b: string): number {
  return compareFixed(parseFixed(a) ?? ZERO, parseFixed(b) ?? ZERO);
}

export const ZERO: Fixed = { units: 0n, scale: 0 };

/** The exact sum of decimal strings; unparsable entries count as zero. */
export function sumDecimals(values: readonly string[]): string {
  let total = ZERO;
  for (const v of values) total = addFixed(total, parseFixed(v) ?? ZERO);
  return toDecimalString(total);
}

/** The exact product of two decimal strings, or null if either is not a decimal. */
export function mulDecimals(a: string, b: string): string | null {
  const x = parseFixed(a);
  const y = parseFixed(b);
  return x && y ? toDecimalString(mulFixed(x, y)) : null;
}

/** Keeps at most `decimals` digits after the point, cutting toward zero (a max must never exceed). */
export function truncateDecimals(value: string, decimals: number): string {
  const f = parseFixed(value);
  if (!f) return value;
  if (f.scale <= decimals) return toDecimalString(f);
  const units = f.units / 10n ** BigInt(f.scale - decimals);
  return toDecimalString({ units, scale: decimals });
}

/** -1, 0 or 1 for a decimal string (0 for anything unparsable). */
export function signOf(value: string): -1 | 0 | 1 {
  const f = parseFixed(value);
  if (!f || f.units === 0n) return 0;
  return f.units < 0n ? -1 : 1;
}

/**
 * `part / whole` as a ratio decimal string with `digits` decimals (rounded half up), for shares
 * shown in percent; null when the whole is not positive.
 */
export function ratio(part: string, whole: string, digits = 4): string | null {
  const p = parseFixed(part);
  const w = parseFixed(whole);
  if (!p || !w || w.units <= 0n) return null;
  const scale = Math.max(p.scale, w.scale);
  const num = rescaleUp(p, scale) * 10n ** BigInt(digits);
  const den = rescaleUp(w, scale);
  const negative = num < 0n;
  const abs = negative ? -num : num;
  const q = (abs * 2n + den) / (2n * den);
  return toDecimalString({ units: negative ? -q : q, scale: digits });
}
