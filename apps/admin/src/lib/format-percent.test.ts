import { describe, expect, it } from 'vitest';
import { formatPercent, PLACEHOLDER, shiftDecimal } from './format.ts';

// ADR 253: one percent format for the console, English layout ("0.1%"), decimal strings in.

describe('formatPercent', () => {
  it('writes a percent given in percent with its own digits, grouped, the sign close', () => {
    expect(formatPercent('0.1')).toBe('0.1%');
    expect(formatPercent('100.00')).toBe('100.00%');
    expect(formatPercent('99.994')).toBe('99.994%');
    expect(formatPercent('1250.5')).toBe('1,250.5%');
    expect(formatPercent('0')).toBe('0%');
  });

  it('reads a fee rate stored as a fraction exactly, however many places', () => {
    expect(formatPercent('0.001', { of: 'fraction' })).toBe('0.1%');
    expect(formatPercent('0.0005', { of: 'fraction' })).toBe('0.05%');
    expect(formatPercent('0.000001', { of: 'fraction' })).toBe('0.0001%');
    expect(formatPercent('1', { of: 'fraction' })).toBe('100%');
    // Twenty significant digits survive: nothing passes through a float.
    expect(formatPercent('0.12345678901234567891', { of: 'fraction' })).toBe('12.345678901234567891%');
  });

  it('rounds only when asked, half away from zero or down, and never shows -0', () => {
    expect(formatPercent('99.995', { maxFraction: 2 })).toBe('100%');
    expect(formatPercent('99.995', { maxFraction: 2, minFraction: 2 })).toBe('100.00%');
    expect(formatPercent('99.999', { maxFraction: 2, rounding: 'down' })).toBe('99.99%');
    expect(formatPercent('12.5', { minFraction: 2 })).toBe('12.50%');
    expect(formatPercent('-0.001', { maxFraction: 2 })).toBe('0%');
    expect(formatPercent('-1.5')).toBe('-1.5%');
  });

  it('takes whole numbers the console counts itself, nothing else that is not a decimal', () => {
    expect(formatPercent(25)).toBe('25%');
    expect(formatPercent(100)).toBe('100%');
    for (const bad of [
      0.1,
      Number.NaN,
      Number.POSITIVE_INFINITY,
      '1e-7',
      '',
      ' 1',
      '1.',
      null,
      undefined,
      {},
    ])
      expect(formatPercent(bad), String(bad)).toBe(PLACEHOLDER);
  });
});

describe('shiftDecimal', () => {
  it('moves the point as text', () => {
    expect(shiftDecimal('0.001', 2)).toBe('0.1');
    expect(shiftDecimal('0.0005', 2)).toBe('0.05');
    expect(shiftDecimal('12', 2)).toBe('1200');
    expect(shiftDecimal('1.25', -2)).toBe('0.0125');
    expect(shiftDecimal('-0.00', 2)).toBe('0');
    expect(shiftDecimal('-0.5', 2)).toBe('-50');
  });
});
