import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatAgo, formatDay, weekdayUtc } from '../src/features/community/lib/time.ts';

const SAT = Date.UTC(2026, 10, 21); // a Saturday, 00:00 UTC

describe('community time formats', () => {
  afterEach(() => vi.restoreAllMocks());

  it('names UTC weekdays, relative ages and dates in the language', () => {
    expect(weekdayUtc(SAT, 'en')).toBe('Sat');
    expect(weekdayUtc(SAT + 86_400_000, 'de')).toMatch(/^So\.?$/);
    expect(weekdayUtc(SAT + 86_399_999, 'en')).toBe('Sat');
    const now = SAT + 3_600_000;
    expect(formatAgo(now - 2_000, 'en', now)).toBe('2 seconds ago');
    expect(formatAgo(now - 5 * 60_000, 'de', now)).toBe('vor 5 Minuten');
    expect(formatAgo(now - 86_400_000, 'en', now)).toBe('yesterday');
    expect(formatAgo(SAT - 10 * 86_400_000, 'en', now)).toBe(formatDay(SAT - 10 * 86_400_000, 'en'));
  });

  it('builds each formatter once per language (the 7 days of a check-in card build none again)', () => {
    weekdayUtc(SAT, 'fr');
    const spy = vi.spyOn(Intl, 'DateTimeFormat');
    for (let d = 0; d < 7; d++) weekdayUtc(SAT + d * 86_400_000, 'fr');
    expect(spy).not.toHaveBeenCalled();
  });
});
