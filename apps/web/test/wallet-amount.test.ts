import { describe, expect, it } from 'vitest';
import {
  assetDecimals,
  normalizeAmountInput,
  otherAccount,
  toApiAmount,
  validateAccounts,
  validateAmount,
} from '../src/features/wallet/lib/amount.ts';
import {
  compareDecimalStrings,
  mulDecimals,
  parseFixed,
  ratio,
  signOf,
  sumDecimals,
  toDecimalString,
  truncateDecimals,
} from '../src/features/wallet/lib/decimal.ts';

describe('decimal strings as bigint', () => {
  it('parses and prints exactly, without floats', () => {
    expect(parseFixed('12.34')).toEqual({ units: 1234n, scale: 2 });
    expect(parseFixed('-0.000001')).toEqual({ units: -1n, scale: 6 });
    expect(parseFixed('1e5')).toBeNull();
    expect(parseFixed('NaN')).toBeNull();
    expect(parseFixed('')).toBeNull();
    expect(toDecimalString({ units: 1234n, scale: 2 })).toBe('12.34');
    expect(toDecimalString({ units: 5n, scale: 6 })).toBe('0.000005');
    expect(toDecimalString({ units: 0n, scale: 3 })).toBe('0');
    expect(toDecimalString({ units: -120n, scale: 2 })).toBe('-1.2');
  });

  it('adds where floats would drift (0.1 + 0.2)', () => {
    expect(sumDecimals(['0.1', '0.2'])).toBe('0.3');
    expect(sumDecimals(['1000000.000001', '0.999999', 'junk'])).toBe('1000001');
  });

  it('multiplies a balance by a price exactly', () => {
    expect(mulDecimals('0.12345678', '67234.51')).toBe('8300.5561094778');
    expect(mulDecimals('3', 'x')).toBeNull();
  });

  it('compares across scales and signs', () => {
    expect(compareDecimalStrings('100.000000', '100')).toBe(0);
    expect(compareDecimalStrings('100.0000001', '100')).toBe(1);
    expect(compareDecimalStrings('-1', '0.5')).toBe(-1);
    expect(compareDecimalStrings('99999999999999999999.1', '99999999999999999999.09')).toBe(1);
  });

  it('truncates toward zero so "max" never exceeds the balance', () => {
    expect(truncateDecimals('1.23456789', 6)).toBe('1.234567');
    expect(truncateDecimals('5.100000', 6)).toBe('5.1');
  });

  it('signs and shares', () => {
    expect(signOf('-0.000')).toBe(0);
    expect(signOf('-0.01')).toBe(-1);
    expect(signOf('3')).toBe(1);
    expect(ratio('1', '3')).toBe('0.3333');
    expect(ratio('2', '3')).toBe('0.6667');
    expect(ratio('1', '0')).toBeNull();
  });
});

describe('transfer amount input', () => {
  it('normalises what people type', () => {
    expect(normalizeAmountInput(' 100,5 ')).toBe('100.5');
    expect(normalizeAmountInput('.5')).toBe('0.5');
    expect(normalizeAmountInput('5.')).toBe('5');
    expect(normalizeAmountInput('007')).toBe('7');
    expect(normalizeAmountInput('1,000,5')).toBe('1,000,5');
    expect(toApiAmount('100.50')).toBe('100.5');
    expect(toApiAmount('0100,250')).toBe('100.25');
  });

  it('checks the amount against the available balance exactly', () => {
    const usdc = assetDecimals('USDC');
    expect(usdc).toBe(6);
    expect(validateAmount('', '10', usdc)).toBe('required');
    expect(validateAmount('abc', '10', usdc)).toBe('invalid');
    expect(validateAmount('-1', '10', usdc)).toBe('invalid');
    expect(validateAmount('1e2', '1000', usdc)).toBe('invalid');
    expect(validateAmount('0', '10', usdc)).toBe('zero');
    expect(validateAmount('0.0000000', '10', usdc)).toBe('zero');
    expect(validateAmount('1.0000001', '10', usdc)).toBe('decimals');
    expect(validateAmount('1.1000000', '10', usdc)).toBeNull();
    expect(validateAmount('10.000001', '10.000000', usdc)).toBe('exceeds');
    expect(validateAmount('10', '10.000000', usdc)).toBeNull();
    expect(validateAmount('10,5', '10.5', usdc)).toBeNull();
    // Past float precision: 2^53 + 1 is not representable as a double, but compares exactly here.
    expect(validateAmount('9007199254740993', '9007199254740992', usdc)).toBe('exceeds');
  });

  it('refuses the same account on both sides and non-USDC on the futures side', () => {
    expect(validateAccounts('spot', 'spot', 'USDC')).toBe('sameAccount');
    expect(validateAccounts('contract', 'contract', 'USDC')).toBe('sameAccount');
    expect(validateAccounts('spot', 'contract', 'BTC')).toBe('contractUsdcOnly');
    expect(validateAccounts('spot', 'contract', 'USDC')).toBeNull();
    expect(validateAccounts('contract', 'spot', 'USDC')).toBeNull();
    expect(otherAccount('spot')).toBe('contract');
  });
});
