import { bcp47, dateLocale, type Lang } from '../../../lib/lang.ts';

// One formatter per language and style: building an Intl formatter costs far more than using one
// (the check-in card's seven weekdays took ~60 ms of Home's render on a slow phone, issue 11).
const formatters = new Map<string, Intl.DateTimeFormat | Intl.RelativeTimeFormat>();
function cached<T extends Intl.DateTimeFormat | Intl.RelativeTimeFormat>(key: string, make: () => T): T {
  let f = formatters.get(key);
  if (!f) {
    f = make();
    formatters.set(key, f);
  }
  return f as T;
}
const dateFormat = (lang: Lang, style: string, options: Intl.DateTimeFormatOptions) =>
  cached(`${style} ${lang}`, () => new Intl.DateTimeFormat(dateLocale(lang), options));

/** Relative in lists ("3 minutes ago", then a date after a week), per DESIGN.md. */
export function formatAgo(ms: number, lang: Lang, now: number): string {
  const diff = Math.round((ms - now) / 1000);
  const abs = Math.abs(diff);
  const rtf = cached(`ago ${lang}`, () => new Intl.RelativeTimeFormat(bcp47(lang), { numeric: 'auto' }));
  if (abs < 60) return rtf.format(diff, 'second');
  if (abs < 3600) return rtf.format(Math.round(diff / 60), 'minute');
  if (abs < 86400) return rtf.format(Math.round(diff / 3600), 'hour');
  if (abs < 7 * 86400) return rtf.format(Math.round(diff / 86400), 'day');
  return formatDay(ms, lang);
}

/** Absolute in details. */
export function formatWhen(ms: number, lang: Lang): string {
  return dateFormat(lang, 'when', { dateStyle: 'medium', timeStyle: 'short' }).format(ms);
}

export function formatDay(ms: number, lang: Lang): string {
  return dateFormat(lang, 'day', { year: 'numeric', month: '2-digit', day: '2-digit' }).format(ms);
}

/** Weekday letter of a UTC day start: check-in days are UTC days (ADR 071). */
export function weekdayUtc(ms: number, lang: Lang): string {
  return dateFormat(lang, 'weekday', { weekday: 'short', timeZone: 'UTC' }).format(ms);
}
