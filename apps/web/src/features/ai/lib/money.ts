import { decimalToUnits, unitsToDecimal } from '@ex/contract';

// Previews of the server's formulas (ADR 080) in integers, so what the form shows is what the
// server will pay: interest rounded down, the early fee rounded up.

const DECIMAL_RE = /^(0|[1-9]\d*)(\.\d+)?$/;

/** The amount in smallest units, or null when it is not a decimal within the coin's scale. */
export function toUnits(value: string, scale: number): bigint | null {
  if (!DECIMAL_RE.test(value)) return null;
  const frac = value.split('.')[1] ?? '';
  if (frac.length > scale) return null;
  return decimalToUnits(value, scale);
}

export function fromUnits(units: bigint, scale: number): string {
  return unitsToDecimal(units, scale);
}

export function dailyInterest(units: bigint, ppm: number): bigint {
  return (units * BigInt(ppm)) / 1_000_000n;
}

export function earlyFee(units: bigint, bp: number): bigint {
  return (units * BigInt(bp) + 9_999n) / 10_000n;
}

/** ppm a day as a percent string without floats: 1500 -> "0.15". */
export function ppmPercent(ppm: number): string {
  const int = Math.floor(ppm / 10_000);
  const frac = String(ppm % 10_000)
    .padStart(4, '0')
    .replace(/0+$/, '');
  return frac === '' ? String(int) : `${int}.${frac}`;
}

/** basis points as a percent string: 50 -> "0.5". */
export function bpPercent(bp: number): string {
  return ppmPercent(bp * 100);
}
