import { PLACEHOLDER } from './format.ts';
import { bcp47, dateLocale, type Lang } from './lang.ts';

/**
 * Every date and time the web app shows (ADR 258). One numeric date per language, a 24-hour clock in
 * every language, and a date-time that is that date, a no-break space and that clock:
 *
 *   de 28.11.2026 14:05   en 2026-11-28 14:05   zh_CN/zh_TW 2026/11/28 14:05   es/fr/it 28/11/2026 14:05
 *
 * Records of money and orders add the seconds (`{ seconds: true }`); dates that are UTC days (a
 * maturity, a check-in day, the reserves snapshot) pass `{ utc: true }`. Relative ages in lists
 * ("vor 3 Min.", "3 min ago", "3分钟前") become the date after a week. Each formatter is built once
 * per language and style: building an Intl formatter costs far more than using one (the check-in
 * card's seven weekdays took ~60 ms of Home's render on a slow phone, issue 11).
 *
 * Not for machine-readable values: ISO strings sent to the API, file names and CSV columns stay ISO
 * (`isoDay`).
 */

export interface TimeOptions {
  /** Show the time in UTC instead of the device's zone (UTC days: maturities, snapshots). */
  utc?: boolean;
}

export interface ClockOptions extends TimeOptions {
  /** Add the seconds: order, trade and ledger records (14:05:09). */
  seconds?: boolean;
}

const formatters = new Map<string, Intl.DateTimeFormat | Intl.RelativeTimeFormat>();
function cached<T extends Intl.DateTimeFormat | Intl.RelativeTimeFormat>(key: string, make: () => T): T {
  let f = formatters.get(key);
  if (!f) {
    f = make();
    formatters.set(key, f);
  }
  return f as T;
}

function dateTimeFormat(
  lang: Lang,
  style: string,
  utc: boolean | undefined,
  options: Intl.DateTimeFormatOptions,
) {
  return cached(
    `${style}|${lang}|${utc ? 'utc' : 'local'}`,
    () => new Intl.DateTimeFormat(dateLocale(lang), { ...options, ...(utc ? { timeZone: 'UTC' } : {}) }),
  );
}

function valid(ms: unknown): ms is number {
  return typeof ms === 'number' && Number.isFinite(ms);
}

/** A numeric date: 28.11.2026, 2026-11-28 (en), 2026/11/28 (zh), 28/11/2026 (es, fr, it). */
export function formatDate(ms: unknown, lang: Lang, options: TimeOptions = {}): string {
  if (!valid(ms)) return PLACEHOLDER;
  const f = dateTimeFormat(lang, 'date', options.utc, { year: 'numeric', month: '2-digit', day: '2-digit' });
  if (lang !== 'en') return f.format(ms);
  // English is read on both sides of the Atlantic: 11/28 and 28/11 disagree, and 03/04 is ambiguous.
  // Year-month-day, as the exchanges' English apps and our own exports write it.
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    f.formatToParts(ms).find((p) => p.type === type)?.value;
  return `${part('year')}-${part('month')}-${part('day')}`;
}

/** The clock on 24 hours in every language: 14:05, or 14:05:09 with `seconds`. */
export function formatClock(ms: unknown, lang: Lang, options: ClockOptions = {}): string {
  if (!valid(ms)) return PLACEHOLDER;
  return dateTimeFormat(lang, options.seconds ? 'clock-s' : 'clock', options.utc, {
    hour: '2-digit',
    minute: '2-digit',
    ...(options.seconds ? { second: '2-digit' } : {}),
    hourCycle: 'h23',
  }).format(ms);
}

/**
 * Date and time: the date, a no-break space, the clock (28.11.2026 14:05; records add seconds). One
 * value, so a narrow line moves it whole instead of leaving the clock alone on the next line.
 */
export function formatDateTime(ms: unknown, lang: Lang, options: ClockOptions = {}): string {
  if (!valid(ms)) return PLACEHOLDER;
  return `${formatDate(ms, lang, options)}\u00a0${formatClock(ms, lang, options)}`;
}

/** A weekday's short name (Sa, Sat, 周六) of a UTC day: check-in days are UTC days (ADR 071). */
export function formatWeekdayUtc(ms: number, lang: Lang): string {
  return dateTimeFormat(lang, 'weekday', true, { weekday: 'short' }).format(ms);
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/** From this age on `formatAgo` gives the date, not a relative age. */
const AGO_AS_DATE_MS = 7 * DAY;

/**
 * Relative in lists (DESIGN.md): "now", "vor 3 Min.", "3 min ago", "3分钟前", "yesterday"; from a
 * week on, the date (a date says more than "5 weeks ago"). Whole units that have passed (90 s is
 * one minute); a time slightly in the future (clock skew) is "now".
 */
export function formatAgo(ms: unknown, lang: Lang, now: number): string {
  if (!valid(ms)) return PLACEHOLDER;
  const diff = Math.max(0, now - ms);
  if (diff >= AGO_AS_DATE_MS) return formatDate(ms, lang);
  const rtf = cached(
    `ago|${lang}`,
    () => new Intl.RelativeTimeFormat(bcp47(lang), { numeric: 'auto', style: 'short' }),
  );
  if (diff < MINUTE) return rtf.format(0, 'second');
  if (diff < HOUR) return rtf.format(-Math.floor(diff / MINUTE), 'minute');
  if (diff < DAY) return rtf.format(-Math.floor(diff / HOUR), 'hour');
  return rtf.format(-Math.floor(diff / DAY), 'day');
}

/**
 * A record's age and its exact time with seconds ("3 min ago · 2026-11-28 14:05:09"); from a week
 * on only the time, since the age would be the same date again.
 */
export function formatAgoAndTime(ms: unknown, lang: Lang, now: number): string {
  if (!valid(ms)) return PLACEHOLDER;
  const exact = formatDateTime(ms, lang, { seconds: true });
  return now - ms >= AGO_AS_DATE_MS ? exact : `${formatAgo(ms, lang, now)} · ${exact}`;
}

/** Machine-readable UTC day (2026-11-28) for file names and API ranges; never shown as a date. */
export function isoDay(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}
