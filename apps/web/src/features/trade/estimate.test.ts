// The order confirmation said "a fee of about 0.19 USDC" above a table row "≈ 0.194183 USDC" (and
// "≈ 194.18274 USDC" for the cost): one estimate, one precision, in the sentence and the table.
import { describe, expect, it } from 'vitest';
import { formatEstFee } from './estimate.ts';

describe('formatEstFee', () => {
  it('writes a fee of a cent or more with 2 decimals, as the sentence does', () => {
    expect(formatEstFee('0.194183', 'en')).toBe('0.19');
    expect(formatEstFee('0.969942', 'en')).toBe('0.97');
    expect(formatEstFee('1234.5', 'en')).toBe('1,234.50');
    expect(formatEstFee('0.194183', 'de')).toBe('0,19');
  });

  it('keeps the digits of a fee under half a cent instead of "0.00"', () => {
    expect(formatEstFee('0.001', 'en')).toBe('0.001');
    expect(formatEstFee('0.0025', 'en')).toBe('0.0025');
    expect(formatEstFee('0.005', 'en')).toBe('0.01');
  });

  it('writes no fee as 0.00 and an unknown one as the placeholder', () => {
    expect(formatEstFee('0', 'en')).toBe('0.00');
    expect(formatEstFee('', 'en')).toBe('--');
  });
});
