const DAY_MS = 86_400_000;

/** The server's maturity (ADR 080): the start of the UTC day `days` days after today. */
export function maturityFrom(now: number, days: number): number {
  return (Math.floor(now / DAY_MS) + days) * DAY_MS;
}
