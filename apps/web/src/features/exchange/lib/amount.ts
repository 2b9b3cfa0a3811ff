// Amount checks on decimal strings with bigint: never through a float.

const DECIMAL_RE = /^(0|[1-9]\d*)(\.\d+)?$/;

/** Decimals of a coin in the ledger (server engine/config.ts). */
export const coinScale = (coin: string): number => (coin === 'USDC' ? 6 : 8);

export function toUnits(value: string, scale: number): bigint | null {
  if (!DECIMAL_RE.test(value)) return null;
  const [int = '0', frac = ''] = value.split('.');
  if (frac.length > scale) return null;
  return BigInt(int + frac.padEnd(scale, '0'));
}

export type AmountProblem = 'invalid' | 'exceeds' | null;

/** '' is not a problem yet (nothing typed); zero, bad format or too many decimals are `invalid`. */
export function checkAmount(value: string, scale: number, available: string | undefined): AmountProblem {
  if (value === '') return null;
  const units = toUnits(value, scale);
  if (units === null || units === 0n) return 'invalid';
  if (available !== undefined) {
    const have = toUnits(available, scale);
    if (have !== null && units > have) return 'exceeds';
  }
  return null;
}

/** "1." or ".5" as typed -> the API's form; leaves anything else to validation. */
export function normaliseAmount(value: string): string {
  let v = value.trim().replace(',', '.');
  if (v.startsWith('.')) v = `0${v}`;
  if (v.endsWith('.')) v = v.slice(0, -1);
  return v;
}
