const DAY_MS = 86_400_000;

/** `YYYY-MM-DD` (an `<input type="date">` value) as the start of that UTC day in ms, or null. */
export function dayStartMs(value: string): number | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return null;
  const ms = Date.parse(`${value}T00:00:00Z`);
  return Number.isFinite(ms) ? ms : null;
}

/** The statement range for two inclusive dates: [start of `from`, start of the day after `to`). */
export function rangeOf(from: string, to: string): { from: number; to: number } | null {
  const a = dayStartMs(from);
  const b = dayStartMs(to);
  if (a === null || b === null || b < a) return null;
  return { from: a, to: b + DAY_MS };
}
