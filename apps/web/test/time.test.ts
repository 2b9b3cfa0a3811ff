import { LANGS, type Lang } from '@ex/i18n';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  formatAgo,
  formatAgoAndTime,
  formatClock,
  formatDate,
  formatDateTime,
  formatWeekdayUtc,
  isoDay,
} from '../src/lib/time.ts';

// 28 Nov 2026, 14:05:09 on the test machine's clock (the formats show the device's zone).
const LOCAL = new Date(2026, 10, 28, 14, 5, 9).getTime();
const SAT = Date.UTC(2026, 10, 21); // a Saturday, 00:00 UTC

// ADR 258: one numeric date per language, a 24-hour clock everywhere, date + no-break space + clock.
const EXPECTED: Record<Lang, { date: string; dateTime: string; seconds: string }> = {
  de: { date: '28.11.2026', dateTime: '28.11.2026\u00a014:05', seconds: '28.11.2026\u00a014:05:09' },
  en: { date: '2026-11-28', dateTime: '2026-11-28\u00a014:05', seconds: '2026-11-28\u00a014:05:09' },
  zh_CN: { date: '2026/11/28', dateTime: '2026/11/28\u00a014:05', seconds: '2026/11/28\u00a014:05:09' },
  zh_TW: { date: '2026/11/28', dateTime: '2026/11/28\u00a014:05', seconds: '2026/11/28\u00a014:05:09' },
  es: { date: '28/11/2026', dateTime: '28/11/2026\u00a014:05', seconds: '28/11/2026\u00a014:05:09' },
  fr: { date: '28/11/2026', dateTime: '28/11/2026\u00a014:05', seconds: '28/11/2026\u00a014:05:09' },
  it: { date: '28/11/2026', dateTime: '28/11/2026\u00a014:05', seconds: '28/11/2026\u00a014:05:09' },
};

describe('date and time formats (ADR 258)', () => {
  afterEach(() => vi.restoreAllMocks());

  it.each(LANGS)('%s: one date, one date-time, a 24-hour clock', (lang) => {
    const want = EXPECTED[lang];
    expect(formatDate(LOCAL, lang)).toBe(want.date);
    expect(formatDateTime(LOCAL, lang)).toBe(want.dateTime);
    expect(formatDateTime(LOCAL, lang, { seconds: true })).toBe(want.seconds);
    expect(formatClock(LOCAL, lang)).toBe('14:05');
    expect(formatClock(LOCAL, lang, { seconds: true })).toBe('14:05:09');
    // Afternoon stays on 24 hours with no a.m./p.m. marker (zh_TW's CLDR default is 下午02:05).
    expect(formatDateTime(LOCAL, lang)).not.toMatch(/[AP]M|[上下]午/i);
    // A UTC day (maturity, snapshot) is the same date wherever the phone is.
    expect(formatDateTime(Date.UTC(2026, 10, 28, 14, 5, 9), lang, { utc: true, seconds: true })).toBe(
      want.seconds,
    );
    // Midnight is 00, never 24.
    expect(formatClock(Date.UTC(2026, 10, 28), lang, { utc: true })).toBe('00:00');
  });

  it.each(LANGS)('%s: anything but a finite number is the dash', (lang) => {
    for (const bad of [Number.NaN, null, undefined, '1700000000000', Number.POSITIVE_INFINITY]) {
      expect(formatDate(bad, lang)).toBe('--');
      expect(formatDateTime(bad, lang)).toBe('--');
      expect(formatClock(bad, lang)).toBe('--');
      expect(formatAgo(bad, lang, LOCAL)).toBe('--');
    }
  });

  it('is relative in lists: short units, whole units passed, a date from a week on', () => {
    const now = LOCAL;
    expect(formatAgo(now - 10_000, 'en', now)).toBe('now');
    expect(formatAgo(now + 5_000, 'en', now)).toBe('now'); // clock skew
    expect(formatAgo(now - 3 * 60_000, 'de', now)).toBe('vor 3 Min.');
    expect(formatAgo(now - 3 * 60_000 - 50_000, 'zh_CN', now)).toBe('3分钟前');
    expect(formatAgo(now - 3_600_000, 'de', now)).toBe('vor 1 Std.');
    expect(formatAgo(now - 86_400_000, 'en', now)).toBe('yesterday');
    expect(formatAgo(now - 3 * 86_400_000, 'de', now)).toBe('vor 3 Tagen');
    expect(formatAgo(now - 7 * 86_400_000, 'de', now)).toBe('21.11.2026');
    expect(formatAgo(now - 30 * 86_400_000, 'en', now)).toBe('2026-10-29');
    for (const lang of LANGS) expect(formatAgo(now - 5 * 60_000, lang, now)).toMatch(/5/);
  });

  it('gives a record its age and exact time, and from a week on only the time (no date twice)', () => {
    const now = LOCAL;
    const threeMin = now - 3 * 60_000;
    expect(formatAgoAndTime(threeMin, 'de', now)).toBe(
      `vor 3 Min. · ${formatDateTime(threeMin, 'de', { seconds: true })}`,
    );
    const eightDays = now - 8 * 86_400_000;
    expect(formatAgoAndTime(eightDays, 'en', now)).toBe(formatDateTime(eightDays, 'en', { seconds: true }));
    expect(formatAgoAndTime(Number.NaN, 'en', now)).toBe('--');
  });

  it('names UTC weekdays (check-in days are UTC days)', () => {
    expect(formatWeekdayUtc(SAT, 'en')).toBe('Sat');
    expect(formatWeekdayUtc(SAT + 86_400_000, 'de')).toMatch(/^So\.?$/);
    expect(formatWeekdayUtc(SAT + 86_399_999, 'en')).toBe('Sat');
  });

  it('builds each formatter once per language (the 7 days of a check-in card build none again)', () => {
    formatWeekdayUtc(SAT, 'fr');
    formatDateTime(LOCAL, 'fr', { seconds: true });
    const spy = vi.spyOn(Intl, 'DateTimeFormat');
    for (let d = 0; d < 7; d++) {
      formatWeekdayUtc(SAT + d * 86_400_000, 'fr');
      formatDateTime(LOCAL + d * 86_400_000, 'fr', { seconds: true });
    }
    expect(spy).not.toHaveBeenCalled();
  });

  it('keeps machine-readable days ISO and in UTC', () => {
    expect(isoDay(Date.UTC(2026, 10, 28, 23, 59))).toBe('2026-11-28');
  });
});
