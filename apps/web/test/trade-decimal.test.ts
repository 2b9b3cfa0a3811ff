import { describe, expect, it } from 'vitest';
import {
  add,
  cmp,
  div,
  isMultipleOf,
  mul,
  parse,
  percentOf,
  roundToStep,
  sanitizeInput,
  stepBy,
  sub,
  trim,
} from '../src/features/trade/decimal.ts';

describe('trade decimal helpers (bigint, never floats)', () => {
  it('parses what users type and rejects the rest', () => {
    expect(parse('12.50')).toEqual({ units: 1250n, scale: 2 });
    expect(parse('.5')).toEqual({ units: 5n, scale: 1 });
    expect(parse('3.')).toEqual({ units: 3n, scale: 0 });
    expect(parse('-0.001')).toEqual({ units: -1n, scale: 3 });
    for (const bad of ['', '1e5', 'abc', '1.2.3', 'NaN', '1,5']) expect(parse(bad)).toBeNull();
  });

  it('adds, subtracts and compares exactly', () => {
    expect(add('0.1', '0.2')).toBe('0.3');
    expect(sub('1', '0.00000001')).toBe('0.99999999');
    expect(sub('0.1', '0.3')).toBe('-0.2');
    expect(cmp('97000.10', '97000.1')).toBe(0);
    expect(cmp('0.00000001', '0')).toBe(1);
    expect(add('123456789012345678.123456789', '0.000000001')).toBe('123456789012345678.123456790');
  });

  it('multiplies and divides with the requested rounding', () => {
    expect(mul('97000.12', '0.01', 6)).toBe('970.001200');
    expect(mul('0.333', '0.333', 2)).toBe('0.11');
    expect(mul('0.333', '0.333', 2, 'up')).toBe('0.12');
    expect(mul('0.125', '1', 2, 'half_up')).toBe('0.13');
    expect(div('1', '3', 4)).toBe('0.3333');
    expect(div('2', '3', 4, 'up')).toBe('0.6667');
    expect(div('10', '0', 2)).toBeNull();
    expect(div('-1', '3', 2)).toBe('-0.33');
  });

  it('rounds to the tick/step grid and steps by one tick', () => {
    expect(roundToStep('97000.127', '0.01')).toBe('97000.12');
    expect(roundToStep('97000.121', '0.01', 'up')).toBe('97000.13');
    expect(roundToStep('1.37', '0.5')).toBe('1.0');
    expect(isMultipleOf('0.30', '0.1')).toBe(true);
    expect(isMultipleOf('0.35', '0.1')).toBe(false);
    expect(stepBy('100.00', '0.01', 1)).toBe('100.01');
    expect(stepBy('100.005', '0.01', 1)).toBe('100.01');
    expect(stepBy('100.005', '0.01', -1)).toBe('100.00');
    expect(stepBy('', '0.01', 1, '50')).toBe('50.01');
    expect(stepBy('0.00', '0.01', -1)).toBe('0.00');
  });

  it('takes a percentage of a balance rounding down', () => {
    expect(percentOf('1000', 25, 2)).toBe('250.00');
    expect(percentOf('0.00000003', 50, 8)).toBe('0.00000001');
    expect(percentOf('10000.123456', 100, 6)).toBe('10000.123456');
    expect(percentOf('5', 0, 2)).toBe('0.00');
  });

  it('cleans typed input to the allowed decimals', () => {
    expect(sanitizeInput('1,5', 2)).toBe('1.5');
    expect(sanitizeInput('12.3456', 2)).toBe('12.34');
    expect(sanitizeInput('1.2.3', 3)).toBe('1.23');
    expect(sanitizeInput('007', 2)).toBe('7');
    expect(sanitizeInput('5.', 0)).toBe('5');
    expect(sanitizeInput('-3e2', 2)).toBe('32');
    expect(trim('12.500')).toBe('12.5');
    expect(trim('3.00')).toBe('3');
  });
});
