// The money formulas of ADR 080, in integers of the coin's smallest unit. Every division rounds in
// the exchange's favour: interest down, fees up.

export const PPM = 1_000_000n;
export const BP = 10_000n;
export const DAY_MS = 86_400_000;

/** Interest of one day: floor(principal * ppm / 1e6). */
export function dailyInterest(principal: bigint, ratePpm: number): bigint {
  return (principal * BigInt(ratePpm)) / PPM;
}

/**
 * Interest for `heldMs` of one day, pro rata (ADR 115): floor(daily * held / day). A current
 * product held two seconds across midnight earns two seconds of interest, not a day.
 */
export function proRataInterest(daily: bigint, heldMs: number): bigint {
  if (heldMs <= 0) return 0n;
  if (heldMs >= DAY_MS) return daily;
  return (daily * BigInt(heldMs)) / BigInt(DAY_MS);
}

/** Interest over `days` whole days: the sum of the daily amounts, so it equals what accrual pays. */
export function termInterest(principal: bigint, ratePpm: number, days: number): bigint {
  return dailyInterest(principal, ratePpm) * BigInt(days);
}

/** Early-redemption fee: ceil(principal * bp / 1e4), never more than what would be paid out. */
export function earlyFee(principal: bigint, feeBp: number, accrued: bigint): bigint {
  const fee = (principal * BigInt(feeBp) + BP - 1n) / BP;
  const cap = principal + accrued;
  return fee > cap ? cap : fee;
}

export function utcDay(ms: number): number {
  return Math.floor(ms / DAY_MS);
}
