import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  decimal,
  divRound,
  formatDecimal,
  lotsToQty,
  marketScales,
  mulDiv,
  notional,
  parseDecimal,
  priceToTicks,
  qtyToLots,
  quoteToTickLots,
  ROUNDINGS,
  type Rounding,
  rescale,
  tickLotsToQuote,
  ticksToPrice,
} from '../src/money.ts';

describe('parseDecimal', () => {
  const accepted: [string, number, bigint][] = [
    ['0', 2, 0n],
    ['1', 2, 100n],
    ['1.5', 2, 150n],
    ['1.50', 2, 150n],
    ['1.500', 2, 150n], // trailing zeros beyond the scale are exact
    ['0.01', 2, 1n],
    ['007.10', 2, 710n],
    ['1234567890123456789.12', 2, 123456789012345678912n],
    ['42', 0, 42n],
    ['0.000001', 6, 1n],
  ];
  it.each(accepted)('parses %s at scale %i', (s, scale, want) => {
    expect(parseDecimal(s, scale)).toEqual({ ok: true, value: want });
  });

  const refused: [string, number, string][] = [
    ['', 2, 'empty'],
    [' 1', 2, 'invalid_format'],
    ['1 ', 2, 'invalid_format'],
    ['.5', 2, 'invalid_format'],
    ['5.', 2, 'invalid_format'],
    ['1,5', 2, 'invalid_format'],
    ['0x10', 2, 'invalid_format'],
    ['abc', 2, 'invalid_format'],
    ['1.2.3', 2, 'invalid_format'],
    ['NaN', 2, 'invalid_format'],
    ['Infinity', 2, 'invalid_format'],
    ['--1', 2, 'invalid_format'],
    ['1e5', 2, 'exponent_not_allowed'],
    ['1.5E-3', 2, 'exponent_not_allowed'],
    ['-1', 2, 'sign_not_allowed'],
    ['+1', 2, 'sign_not_allowed'],
    ['1.234', 2, 'too_many_decimals'],
    ['0.1', 0, 'too_many_decimals'],
    ['1'.repeat(81), 2, 'too_long'],
  ];
  it.each(refused)('refuses %j at scale %i with %s', (s, scale, error) => {
    expect(parseDecimal(s, scale)).toEqual({ ok: false, error });
  });

  it('accepts a minus sign only when allowed', () => {
    expect(parseDecimal('-1.25', 2, { allowNegative: true })).toEqual({ ok: true, value: -125n });
    expect(parseDecimal('-0', 2, { allowNegative: true })).toEqual({ ok: true, value: 0n });
  });

  const rounded: [string, Rounding, bigint][] = [
    ['1.234', 'down', 123n],
    ['1.235', 'down', 123n],
    ['1.231', 'up', 124n],
    ['1.235', 'half_even', 124n],
    ['1.245', 'half_even', 124n],
    ['1.2451', 'half_even', 125n],
    ['1.245', 'half_up', 125n],
    ['1.239', 'floor', 123n],
    ['1.231', 'ceil', 124n],
    ['-1.239', 'floor', -124n],
    ['-1.239', 'ceil', -123n],
    ['-1.239', 'down', -123n],
    ['-1.231', 'up', -124n],
    ['-1.245', 'half_even', -124n],
    ['-1.255', 'half_even', -126n],
  ];
  it.each(rounded)('rounds %s with %s', (s, rounding, want) => {
    expect(parseDecimal(s, 2, { rounding, allowNegative: true })).toEqual({ ok: true, value: want });
  });
});

describe('formatDecimal', () => {
  const table: [bigint, number, number | undefined, string][] = [
    [0n, 2, undefined, '0.00'],
    [1n, 2, undefined, '0.01'],
    [-1n, 2, undefined, '-0.01'],
    [123450n, 4, undefined, '12.3450'],
    [123450n, 4, 0, '12.345'],
    [123450n, 4, 2, '12.345'],
    [120000n, 4, 2, '12.00'],
    [120000n, 4, 0, '12'],
    [5n, 0, undefined, '5'],
    [-123456789012345678912n, 2, undefined, '-1234567890123456789.12'],
  ];
  it.each(table)('formats %s at scale %i (minDecimals %s) as %s', (v, scale, minDecimals, want) => {
    expect(formatDecimal(v, scale, minDecimals === undefined ? {} : { minDecimals })).toBe(want);
  });
});

describe('divRound / mulDiv', () => {
  // n/d, then the expected result per mode: down, up, floor, ceil, half_even, half_up
  const table: [bigint, bigint, [bigint, bigint, bigint, bigint, bigint, bigint]][] = [
    [7n, 2n, [3n, 4n, 3n, 4n, 4n, 4n]],
    [5n, 2n, [2n, 3n, 2n, 3n, 2n, 3n]],
    [-7n, 2n, [-3n, -4n, -4n, -3n, -4n, -4n]],
    [-5n, 2n, [-2n, -3n, -3n, -2n, -2n, -3n]],
    [7n, -2n, [-3n, -4n, -4n, -3n, -4n, -4n]],
    [10n, 3n, [3n, 4n, 3n, 4n, 3n, 3n]],
    [11n, 3n, [3n, 4n, 3n, 4n, 4n, 4n]],
    [9n, 3n, [3n, 3n, 3n, 3n, 3n, 3n]],
    [0n, 5n, [0n, 0n, 0n, 0n, 0n, 0n]],
  ];
  it.each(table)('%s / %s', (n, d, want) => {
    expect(ROUNDINGS.map((r) => divRound(n, d, r))).toEqual(want);
  });

  it('mulDiv computes exactly with one rounding', () => {
    // 0.1% fee of 123.456789 USDC at scale 6: 123456789 * 1000 / 1e6 = 123456.789
    expect(mulDiv(123456789n, 1000n, 1_000_000n, 'down')).toBe(123456n);
    expect(mulDiv(123456789n, 1000n, 1_000_000n, 'up')).toBe(123457n);
    expect(mulDiv(123456789n, 1000n, 1_000_000n, 'half_even')).toBe(123457n);
    // Beyond 2^64: no overflow.
    expect(mulDiv(2n ** 80n, 3n, 2n ** 79n, 'down')).toBe(6n);
    expect(() => mulDiv(1n, 1n, 0n, 'down')).toThrow(RangeError);
  });

  it('rescale', () => {
    expect(rescale(12345n, 2, 4, 'down')).toBe(1234500n);
    expect(rescale(12345n, 4, 2, 'down')).toBe(123n);
    expect(rescale(12355n, 4, 2, 'half_even')).toBe(124n);
  });
});

describe('market units', () => {
  // BTC_USDT-like: price tick 0.5 at scale 2, qty step 0.001 at scale 6.
  const m = marketScales('0.5', 2, '0.001', 6);
  it('converts prices and quantities', () => {
    expect(priceToTicks('65000.5', m)).toEqual({ ok: true, value: 130001 });
    expect(priceToTicks('65000.25', m)).toEqual({ ok: false, error: 'not_multiple_of_tick' });
    expect(priceToTicks('65000.25', m, 'down')).toEqual({ ok: true, value: 130000 });
    expect(priceToTicks('65000.25', m, 'up')).toEqual({ ok: true, value: 130001 });
    expect(priceToTicks('0', m)).toEqual({ ok: false, error: 'not_positive' });
    expect(priceToTicks('1e3', m)).toEqual({ ok: false, error: 'exponent_not_allowed' });
    expect(priceToTicks('1.001', m)).toEqual({ ok: false, error: 'too_many_decimals' });
    expect(qtyToLots('0.125', m)).toEqual({ ok: true, value: 125 });
    expect(qtyToLots('0.0001', m)).toEqual({ ok: false, error: 'not_multiple_of_step' });
    expect(qtyToLots('0.0001', m, 'down')).toEqual({ ok: false, error: 'not_positive' });
    expect(qtyToLots('99999999999999999999', m)).toEqual({ ok: false, error: 'too_large' });
    expect(ticksToPrice(130001, m)).toBe('65000.50');
    expect(ticksToPrice(130001, m, { minDecimals: 0 })).toBe('65000.5');
    expect(lotsToQty(125, m)).toBe('0.125000');
    expect(lotsToQty(125, m, { minDecimals: 0 })).toBe('0.125');
  });

  it('computes notionals in bigint', () => {
    // 0.125 BTC at 65000.5 = 8125.0625 USDT
    expect(notional(130001, 125, m, 6, 'down')).toBe(8_125_062_500n);
    expect(notional(130001, 125, m, 2, 'down')).toBe(812506n);
    expect(notional(130001, 125, m, 2, 'up')).toBe(812507n);
    // ticks * lots far beyond 2^53 stays exact
    const big = notional(Number.MAX_SAFE_INTEGER, Number.MAX_SAFE_INTEGER, m, 6, 'down');
    expect(big).toBe((BigInt(Number.MAX_SAFE_INTEGER) ** 2n * 50n * 1000n * 10n ** 6n) / 10n ** 8n);
  });

  it('converts quote amounts to tick-lots and back', () => {
    // 100 USDT (scale 6) -> tick-lots: price unit 0.5, lot 0.001 => one tick-lot = 0.0005 USDT
    expect(quoteToTickLots(100_000_000n, m, 6, 'down')).toBe(200_000n);
    expect(tickLotsToQuote(200_000n, m, 6, 'down')).toBe(100_000_000n);
    expect(quoteToTickLots(100_000_001n, m, 6, 'down')).toBe(200_000n);
    expect(quoteToTickLots(100_000_001n, m, 6, 'up')).toBe(200_001n);
  });
});

describe('properties', () => {
  const scaleArb = fc.integer({ min: 0, max: 18 });
  it('parse(format(x)) == x', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: -(10n ** 30n), max: 10n ** 30n }), scaleArb, (x, scale) => {
        const r = parseDecimal(formatDecimal(x, scale), scale, { allowNegative: true });
        expect(r).toEqual({ ok: true, value: x });
        const trimmed = parseDecimal(formatDecimal(x, scale, { minDecimals: 0 }), scale, {
          allowNegative: true,
        });
        expect(trimmed).toEqual({ ok: true, value: x });
      }),
      { seed: 42, numRuns: 500 },
    );
  });

  it('rounding directions and bounds hold', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: -(10n ** 24n), max: 10n ** 24n }),
        fc.bigInt({ min: 1n, max: 10n ** 12n }),
        fc.boolean(),
        (n, dAbs, negD) => {
          const d = negD ? -dAbs : dAbs;
          const down = divRound(n, d, 'down');
          const up = divRound(n, d, 'up');
          const floor = divRound(n, d, 'floor');
          const ceil = divRound(n, d, 'ceil');
          const he = divRound(n, d, 'half_even');
          const hu = divRound(n, d, 'half_up');
          // floor*d <= n <= ceil*d (sign-aware), and they differ by at most one
          const exact = n % d === 0n;
          expect(ceil - floor).toBe(exact ? 0n : 1n);
          if (d > 0n) {
            expect(floor * d <= n && n <= ceil * d).toBe(true);
          } else {
            expect(floor * d >= n && n >= ceil * d).toBe(true);
          }
          const abs = (x: bigint) => (x < 0n ? -x : x);
          expect(abs(down) <= abs(up)).toBe(true);
          for (const r of [he, hu]) {
            expect(r === floor || r === ceil).toBe(true);
            // the nearest: |n - r*d| <= |d|/2
            expect(abs(n - r * d) * 2n <= abs(d)).toBe(true);
          }
        },
      ),
      { seed: 7, numRuns: 1000 },
    );
  });

  it('parsing with rounding matches divRound on the full digits', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: -(10n ** 20n), max: 10n ** 20n }),
        fc.integer({ min: 0, max: 8 }),
        fc.integer({ min: 1, max: 6 }),
        fc.constantFrom(...ROUNDINGS),
        (x, scale, extra, rounding) => {
          const s = formatDecimal(x, scale + extra);
          const r = parseDecimal(s, scale, { rounding, allowNegative: true });
          expect(r).toEqual({ ok: true, value: divRound(x, 10n ** BigInt(extra), rounding) });
        },
      ),
      { seed: 9, numRuns: 500 },
    );
  });

  it('decimal() throws on bad constants', () => {
    expect(decimal('1.25', 2)).toBe(125n);
    expect(() => decimal('1e2', 2)).toThrow(RangeError);
  });
});
