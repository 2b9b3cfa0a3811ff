// DESIGN.md Numbers: a quantity shows with its market's step precision. BTC_USDC keeps five places
// in the engine (qty_scale 5) but trades in steps of 0.0001, so 0.01 BTC is "0.0100", as the order
// book shows it, not "0.01000"; a value finer than the step shows every digit it has, never rounded.
import { describe, expect, it } from 'vitest';
import { formatQuantity, withUnit } from '../src/lib/format.ts';

const BTC = { step_size: '0.0001', qty_scale: 5 };
const SOL = { step_size: '0.01', qty_scale: 2 };
const DOGE = { step_size: '1', qty_scale: 0 };
// Intl writes narrow/no-break spaces in fr; compare with plain spaces.
const plain = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ');

describe('formatQuantity', () => {
  it("shows the step's decimals, not the engine's scale", () => {
    expect(formatQuantity('0.01000', BTC, 'en')).toBe('0.0100');
    expect(formatQuantity('0.01', BTC, 'en')).toBe('0.0100');
    expect(formatQuantity('3', SOL, 'en')).toBe('3.00');
    expect(formatQuantity('120', DOGE, 'en')).toBe('120');
    expect(formatQuantity('0.5', { step_size: '0.10', qty_scale: 3 }, 'en')).toBe('0.5');
  });

  it('a value finer than the step keeps all its digits, never rounded (a buy for a quote amount, a fee)', () => {
    expect(formatQuantity('0.01234', BTC, 'en')).toBe('0.01234');
    expect(formatQuantity('0.00009', BTC, 'en')).toBe('0.00009');
    expect(formatQuantity('0.99999', BTC, 'de')).toBe('0,99999');
    // A base balance in the asset's eight places (after a fee in BTC).
    expect(formatQuantity('0.00999000', BTC, 'en')).toBe('0.00999');
    expect(formatQuantity('0.01234567', BTC, 'en')).toBe('0.01234567');
  });

  it('zero shows at the step, never as "-0"', () => {
    expect(formatQuantity('0', BTC, 'en')).toBe('0.0000');
    expect(formatQuantity('0.00000', BTC, 'de')).toBe('0,0000');
    expect(formatQuantity('-0.00000', BTC, 'en')).toBe('0.0000');
    expect(formatQuantity('0', DOGE, 'en')).toBe('0');
  });

  it('groups large values in every language, every digit exact', () => {
    const v = '1234567.12345';
    expect(formatQuantity(v, BTC, 'en')).toBe('1,234,567.12345');
    expect(formatQuantity(v, BTC, 'de')).toBe('1.234.567,12345');
    expect(formatQuantity(v, BTC, 'es')).toBe('1.234.567,12345');
    expect(formatQuantity(v, BTC, 'it')).toBe('1.234.567,12345');
    expect(plain(formatQuantity(v, BTC, 'fr'))).toBe('1 234 567,12345');
    expect(formatQuantity(v, BTC, 'zh_CN')).toBe('1,234,567.12345');
    expect(formatQuantity(v, BTC, 'zh_TW')).toBe('1,234,567.12345');
    // Four-digit values group in es and it too (CLDR would write 1500,0000).
    expect(formatQuantity('1500', BTC, 'es')).toBe('1.500,0000');
    expect(formatQuantity('12345678901234.5', BTC, 'en')).toBe('12,345,678,901,234.5000');
  });

  it('without the market, the digits the value needs; anything not a decimal string is a dash', () => {
    expect(formatQuantity('0.01000', undefined, 'en')).toBe('0.01');
    expect(formatQuantity('2', undefined, 'en')).toBe('2');
    expect(formatQuantity(undefined, BTC, 'en')).toBe('--');
    expect(formatQuantity('1e-5', BTC, 'en')).toBe('--');
    expect(formatQuantity(0.01, BTC, 'en')).toBe('--');
  });

  it('trailing zeros and whole numbers: the digits a value needs', () => {
    expect(formatQuantity('100', { step_size: '1', qty_scale: 0 }, 'en')).toBe('100');
    expect(formatQuantity('100.000', undefined, 'en')).toBe('100');
    expect(formatQuantity('-0.50', undefined, 'en')).toBe('-0.5');
    expect(formatQuantity('7.10', { step_size: '1.000', qty_scale: 3 }, 'en')).toBe('7.1');
  });
});

describe('withUnit', () => {
  it('joins a figure and its unit with a no-break space, so a line never breaks between them', () => {
    expect(withUnit(formatQuantity('0.01', BTC, 'de'), 'BTC')).toBe('0,0100\u00a0BTC');
    expect(withUnit('96.938,76', 'USDC')).toBe('96.938,76\u00a0USDC');
    // The dash of a missing figure keeps its unit alike; no unit, no space.
    expect(withUnit('--', 'USDC')).toBe('--\u00a0USDC');
    expect(withUnit('1.5', '')).toBe('1.5');
    expect(withUnit('1.5', undefined)).toBe('1.5');
  });
});
