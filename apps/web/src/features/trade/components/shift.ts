import { shiftDecimal } from '../../../lib/format.ts';

/** A decimal string times 10^places, exactly (a fraction into percent with places = 2). */
export function shiftDecimalText(value: string, places: number): string {
  return /^[+-]?\d+(\.\d+)?$/.test(value) ? shiftDecimal(value as `${number}`, places) : value;
}
