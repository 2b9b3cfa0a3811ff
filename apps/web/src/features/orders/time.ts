import { bcp47, dateLocale, type Lang } from '../../lib/lang.ts';

/** Absolute local time for order details (DESIGN.md: absolute in details). */
export function formatTime(ms: unknown, lang: Lang): string {
  if (typeof ms !== 'number' || !Number.isFinite(ms)) return '--';
  return new Intl.DateTimeFormat(dateLocale(lang), {
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).format(ms);
}

/** Relative time for list rows ("3 min ago"), absolute date after a week. */
export function formatRelative(ms: unknown, lang: Lang, now: number): string {
  if (typeof ms !== 'number' || !Number.isFinite(ms)) return '--';
  const diff = Math.round((ms - now) / 1000);
  const abs = Math.abs(diff);
  const rtf = new Intl.RelativeTimeFormat(bcp47(lang), { numeric: 'auto' });
  if (abs < 60) return rtf.format(diff, 'second');
  if (abs < 3600) return rtf.format(Math.round(diff / 60), 'minute');
  if (abs < 86400) return rtf.format(Math.round(diff / 3600), 'hour');
  if (abs < 7 * 86400) return rtf.format(Math.round(diff / 86400), 'day');
  return new Intl.DateTimeFormat(dateLocale(lang), {
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(ms);
}

/** Clock time of a trade (HH:MM:SS). */
export function formatClock(ms: unknown, lang: Lang): string {
  if (typeof ms !== 'number' || !Number.isFinite(ms)) return '--';
  return new Intl.DateTimeFormat(dateLocale(lang), {
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hour12: false,
  }).format(ms);
}
