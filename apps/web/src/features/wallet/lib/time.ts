import { bcp47, dateLocale, type Lang } from '../../../lib/lang.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * DESIGN.md: relative times in lists ("3 min ago"), in the user's language and zone. Older than a
 * week, a date says more than "5 weeks ago"; a time slightly in the future (clock skew) is "now".
 */
export function formatRelativeTime(ms: number, now: number, lang: Lang): string {
  if (!Number.isFinite(ms)) return '--';
  const diff = Math.max(0, now - ms);
  const rtf = new Intl.RelativeTimeFormat(bcp47(lang), { numeric: 'auto', style: 'short' });
  if (diff < MINUTE) return rtf.format(0, 'second');
  if (diff < HOUR) return rtf.format(-Math.floor(diff / MINUTE), 'minute');
  if (diff < DAY) return rtf.format(-Math.floor(diff / HOUR), 'hour');
  if (diff < 7 * DAY) return rtf.format(-Math.floor(diff / DAY), 'day');
  return new Intl.DateTimeFormat(dateLocale(lang), { dateStyle: 'medium' }).format(ms);
}

/** Absolute date and time to the second (details screens). */
export function formatDateTime(ms: number, lang: Lang): string {
  if (!Number.isFinite(ms)) return '--';
  return new Intl.DateTimeFormat(dateLocale(lang), { dateStyle: 'medium', timeStyle: 'medium' }).format(ms);
}

/** Hours and minutes only ("08:00"), e.g. the funding round an entry settles. */
export function formatClock(ms: number, lang: Lang): string {
  if (!Number.isFinite(ms)) return '--';
  return new Intl.DateTimeFormat(dateLocale(lang), { hour: '2-digit', minute: '2-digit' }).format(ms);
}
