import { describe, expect, it } from 'vitest';
import {
  formatChangePercent,
  formatCompact,
  formatDecimal,
  formatPercent,
  formatPrice,
  formatSpendable,
  formatUsdc,
  isDecimalString,
  shiftDecimal,
} from '../src/lib/format.ts';
import { LANGS, type Lang } from '../src/lib/lang.ts';
import { compareDecimal, sortMarkets } from '../src/lib/market.ts';

// Intl writes narrow/no-break spaces in fr; compare with plain spaces.
const plain = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ');

describe('formatDecimal', () => {
  it('uses the separators of each language', () => {
    expect(formatDecimal('1234.56', 'de')).toBe('1.234,56');
    expect(formatDecimal('1234.56', 'en')).toBe('1,234.56');
    expect(plain(formatDecimal('1234.56', 'fr'))).toBe('1 234,56');
    expect(formatDecimal('1234.56', 'zh_CN')).toBe('1,234.56');
  });

  it('groups four-digit amounts in Spanish and Italian too (1.500,00 beside 12.345,00)', () => {
    expect(formatUsdc('1500', 'es')).toBe('1.500,00');
    expect(formatUsdc('1500', 'it')).toBe('1.500,00');
    expect(formatDecimal('12345.5', 'es')).toBe('12.345,5');
    // fr: narrow no-break space for thousands, comma for decimals, "12,5 %".
    expect(formatUsdc('1500', 'fr')).toBe('1\u202f500,00');
    expect(formatChangePercent('12.5', 'fr', 1).text).toBe('+12,5\u00a0%');
  });

  it('keeps every digit of a long decimal string (no float on the way)', () => {
    expect(formatDecimal('12345678901234567.12345678', 'en', { maxFraction: 8 })).toBe(
      '12,345,678,901,234,567.12345678',
    );
    expect(formatDecimal('0.1', 'en', { minFraction: 20, maxFraction: 20 })).toBe('0.10000000000000000000');
  });

  it('rounds half away from zero for display and never shows -0', () => {
    expect(formatUsdc('2.345', 'en')).toBe('2.35');
    expect(formatUsdc('-2.345', 'en')).toBe('-2.35');
    expect(formatUsdc('-0.001', 'en')).toBe('0.00');
    expect(formatUsdc('-0', 'de')).toBe('0,00');
  });

  it('cuts a spendable amount towards zero: never a cent more than is free (ADR 222)', () => {
    expect(formatSpendable('2463.519999', 'en')).toBe('2,463.51');
    expect(formatSpendable('2463.519999', 'de')).toBe('2.463,51');
    expect(formatSpendable('0.009', 'en')).toBe('0.00');
    expect(formatSpendable('12345678901234567.999999', 'en')).toBe('12,345,678,901,234,567.99');
    expect(formatSpendable('-0.004', 'en')).toBe('0.00');
    expect(formatSpendable('-1.239', 'en')).toBe('-1.23');
    expect(formatSpendable('5', 'en')).toBe('5.00');
    expect(formatUsdc('2463.519999', 'en')).toBe('2,463.52');
  });

  it('renders a dash for anything that is not a plain decimal string', () => {
    for (const bad of [undefined, null, '', 'abc', '1e5', 'NaN', '1,5', 12]) {
      expect(formatDecimal(bad, 'en')).toBe('--');
    }
    expect(isDecimalString('-12.5')).toBe(true);
    expect(isDecimalString('1e5')).toBe(false);
  });

  it('shows prices with the market precision', () => {
    expect(formatPrice('97000.5', 2, 'de')).toBe('97.000,50');
    expect(formatPrice('0.123456', 4, 'en')).toBe('0.1235');
  });
});

describe('formatChangePercent', () => {
  it('is always signed and coloured by direction', () => {
    expect(formatChangePercent('1.25', 'en')).toEqual({ text: '+1.25%', tone: 'up' });
    expect(formatChangePercent('-0.4', 'en')).toEqual({ text: '\u22120.40%', tone: 'down' });
    expect(plain(formatChangePercent('1.25', 'de').text)).toBe('+1,25 %');
  });

  it('is neutral at zero, also when it rounds to zero', () => {
    expect(formatChangePercent('0', 'en')).toEqual({ text: '0.00%', tone: 'flat' });
    expect(formatChangePercent('-0.001', 'en').tone).toBe('flat');
    expect(formatChangePercent('0.004', 'en').text).toBe('0.00%');
  });

  it('keeps the precision of large percentages', () => {
    expect(formatChangePercent('123456.78', 'en').text).toBe('+123,456.78%');
  });

  it('shows a dash for a missing value', () => {
    expect(formatChangePercent(undefined, 'en')).toEqual({ text: '--', tone: 'flat' });
  });
});

describe('formatPercent (ADR 247: every percent on the web app)', () => {
  // CLDR's percent layout per language, as Intl writes it: de, es and fr put a no-break space
  // before the sign, en, it and both Chinese write it close. Exact characters, not `plain`.
  const NBSP = '\u00a0';
  const cases: Record<Lang, { stop: string; rate: string; negative: string; change: string }> = {
    de: { stop: `25${NBSP}%`, rate: `0,02${NBSP}%`, negative: `-1,5${NBSP}%`, change: `\u22120,32${NBSP}%` },
    en: { stop: '25%', rate: '0.02%', negative: '-1.5%', change: '\u22120.32%' },
    zh_CN: { stop: '25%', rate: '0.02%', negative: '-1.5%', change: '\u22120.32%' },
    zh_TW: { stop: '25%', rate: '0.02%', negative: '-1.5%', change: '\u22120.32%' },
    es: { stop: `25${NBSP}%`, rate: `0,02${NBSP}%`, negative: `-1,5${NBSP}%`, change: `\u22120,32${NBSP}%` },
    fr: { stop: `25${NBSP}%`, rate: `0,02${NBSP}%`, negative: `-1,5${NBSP}%`, change: `\u22120,32${NBSP}%` },
    it: { stop: '25%', rate: '0,02%', negative: '-1,5%', change: '\u22120,32%' },
  };

  it('writes the percent of each of the seven languages, the same way for a stop, a rate and a change', () => {
    expect(Object.keys(cases).sort()).toEqual([...LANGS].sort());
    for (const lang of LANGS) {
      const want = cases[lang];
      expect(formatPercent(25, lang), lang).toBe(want.stop);
      expect(formatPercent('25', lang), lang).toBe(want.stop);
      expect(formatPercent('0.02', lang, { minFraction: 2 }), lang).toBe(want.rate);
      expect(formatPercent('-1.5', lang), lang).toBe(want.negative);
      expect(formatChangePercent('-0.32', lang).text, lang).toBe(want.change);
      // A change and a plain percent share one layout: only the sign differs.
      expect(formatChangePercent('25', lang, 0).text, lang).toBe(`+${want.stop}`);
    }
  });

  it('keeps every digit of the decimal string and rounds only for display', () => {
    expect(formatPercent('12.3456789', 'en', { maxFraction: 4 })).toBe('12.3457%');
    expect(formatPercent('99.995', 'de', { minFraction: 2, maxFraction: 2 })).toBe('100,00\u00a0%');
    expect(formatPercent('0.00000001', 'en')).toBe('0.00000001%');
    expect(formatPercent('1234.5', 'de', { minFraction: 2 })).toBe('1.234,50\u00a0%');
  });

  it('never shows -0, NaN or a float: a dash for anything but a decimal string or a whole number', () => {
    expect(formatPercent('-0.001', 'en', { maxFraction: 2 })).toBe('0%');
    for (const bad of [undefined, null, '', 'abc', '1e5', 0.1, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(formatPercent(bad, 'de')).toBe('--');
    }
  });
});

describe('formatCompact', () => {
  it('abbreviates the way each language does', () => {
    expect(formatCompact('1234567.89', 'en')).toBe('1.23M');
    expect(plain(formatCompact('1234567.89', 'de'))).toBe('1,23 Mio.');
    expect(formatCompact('1234567.89', 'zh_CN')).toBe('123.46万');
  });

  it('keeps two decimals once abbreviated, so a volume column lines up; small values stay bare', () => {
    expect(plain(formatCompact('30700000', 'de'))).toBe('30,70 Mio.');
    expect(plain(formatCompact('31010000', 'de'))).toBe('31,01 Mio.');
    expect(formatCompact('2000000', 'en')).toBe('2.00M');
    expect(formatCompact('950', 'de')).toBe('950');
    expect(formatCompact('12.5', 'en')).toBe('12.5');
  });
});

describe('decimal helpers', () => {
  it('shifts the decimal point exactly', () => {
    expect(shiftDecimal('1.25', -2)).toBe('0.0125');
    expect(shiftDecimal('-125', -2)).toBe('-1.25');
    expect(shiftDecimal('0.5', 3)).toBe('500');
    expect(shiftDecimal('-0.00', -2)).toBe('0');
  });

  it('compares decimal strings exactly, beyond float precision', () => {
    expect(compareDecimal('10', '9.99')).toBeGreaterThan(0);
    expect(compareDecimal('-1', '0')).toBeLessThan(0);
    expect(compareDecimal('-2', '-1')).toBeLessThan(0);
    expect(compareDecimal('1.50', '1.5')).toBe(0);
    expect(compareDecimal('0.30000000000000000001', '0.3')).toBeGreaterThan(0);
  });

  it('sorts markets by volume, gainers and losers', () => {
    const coin = (symbol: string, amount: string, change_pct: string) =>
      ({ symbol, amount, change_pct }) as Parameters<typeof sortMarkets>[0][number];
    const coins = [coin('A', '100', '-1'), coin('B', '2000', '3.5'), coin('C', '30', '0.2')];
    expect(sortMarkets(coins, 'hot').map((c) => c.symbol)).toEqual(['B', 'A', 'C']);
    expect(sortMarkets(coins, 'gainers').map((c) => c.symbol)).toEqual(['B', 'C', 'A']);
    expect(sortMarkets(coins, 'losers').map((c) => c.symbol)).toEqual(['A', 'C', 'B']);
  });
});

describe('never NaN, undefined, -0 or an exponent (DESIGN.md)', () => {
  const inputs: unknown[] = ['1e21', 'NaN', 'Infinity', '', null, undefined, 12, '-0', '-0.000', '0.0000001'];
  const huge = '123456789012345678901234567890.123456789';
  it('holds for every formatter and language', () => {
    for (const lang of ['de', 'en', 'zh_CN', 'fr'] as const) {
      const out = [
        ...inputs.flatMap((v) => [
          formatDecimal(v, lang),
          formatUsdc(v, lang),
          formatCompact(v, lang),
          formatChangePercent(v, lang).text,
        ]),
        formatDecimal(huge, lang),
        formatCompact(huge, lang),
        formatPrice('0.00000001', 8, lang),
      ];
      for (const text of out) {
        expect(text).not.toMatch(/NaN|undefined|Infinity|∞|[eE][+-]?\d|^[-\u2212]0([.,]0*)?\s?%?$/);
      }
    }
    expect(plain(formatDecimal(huge, 'de', { maxFraction: 2 }))).toBe(
      '123.456.789.012.345.678.901.234.567.890,12',
    );
  });
});
