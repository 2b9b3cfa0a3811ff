const relative = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });
const absolute = new Intl.DateTimeFormat('en-GB', {
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});

const STEPS: Array<[Intl.RelativeTimeFormatUnit, number]> = [
  ['second', 60],
  ['minute', 60],
  ['hour', 24],
  ['day', 30],
  ['month', 12],
  ['year', Number.POSITIVE_INFINITY],
];

/** "3 minutes ago" for lists (DESIGN.md: relative in lists, absolute in details). */
export function timeAgo(epochMs: number, nowMs: number): string {
  let value = Math.round((epochMs - nowMs) / 1000);
  for (const [unit, size] of STEPS) {
    if (Math.abs(value) < size) return relative.format(value, unit);
    value = Math.trunc(value / size);
  }
  return relative.format(value, 'year');
}

/** Local date and time, e.g. "21/11/2026, 20:57:35". */
export function dateTime(epochMs: number): string {
  return absolute.format(new Date(epochMs));
}

/** "1234.500000" -> "1,234.5" without going through a float. */
export function formatUsdc(value: string): string {
  const [int = '0', frac = ''] = value.split('.');
  const grouped = int.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const trimmed = frac.replace(/0+$/, '');
  return `${grouped}.${trimmed.padEnd(2, '0')}`;
}
