import { luhnValid } from '@ex/contract';
import { describe, expect, it } from 'vitest';
import { groupCardNumber } from './bank.ts';

describe('card number entry', () => {
  it('groups digits by four, drops everything else and stops at 19 digits', () => {
    expect(groupCardNumber('4111111111111111')).toBe('4111 1111 1111 1111');
    expect(groupCardNumber('4111-1111 11ab11')).toBe('4111 1111 1111');
    expect(groupCardNumber('12345678901234567890123')).toBe('1234 5678 9012 3456 789');
    expect(groupCardNumber('')).toBe('');
  });

  it('checks the same Luhn rule as the server', () => {
    expect(luhnValid('4111111111111111')).toBe(true);
    expect(luhnValid('378282246310005')).toBe(true);
    expect(luhnValid('4111111111111112')).toBe(false);
    expect(luhnValid('4111111111111121')).toBe(false);
  });
});
