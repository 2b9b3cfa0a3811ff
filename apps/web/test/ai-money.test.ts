import { describe, expect, it } from 'vitest';
import {
  bpPercent,
  dailyInterest,
  earlyFee,
  fromUnits,
  ppmPercent,
  toUnits,
} from '../src/features/ai/lib/money.ts';
import { maturityFrom } from '../src/features/ai/lib/time.ts';

describe('AI savings previews (ADR 080 formulas)', () => {
  it('matches the server worked example', () => {
    const p = toUnits('1234.567891', 6)!;
    expect(p).toBe(1_234_567_891n);
    expect(fromUnits(dailyInterest(p, 1500) * 7n, 6)).toBe('12.962957');
    expect(fromUnits(earlyFee(p, 50), 6)).toBe('6.172840');
  });
  it('refuses what the server would refuse', () => {
    expect(toUnits('1.1234567', 6)).toBeNull();
    expect(toUnits('1e3', 6)).toBeNull();
    expect(toUnits('-1', 6)).toBeNull();
    expect(toUnits('01', 6)).toBeNull();
  });
  it('shows rates as percent strings without floats', () => {
    expect(ppmPercent(1500)).toBe('0.15');
    expect(ppmPercent(100)).toBe('0.01');
    expect(ppmPercent(10_000)).toBe('1');
    expect(bpPercent(50)).toBe('0.5');
  });
  it('maturity is the start of the UTC day after the term', () => {
    expect(maturityFrom(Date.UTC(2030, 0, 1, 15), 7)).toBe(Date.UTC(2030, 0, 8));
  });
});
