import type { ContractOrder, SpotOrder } from '@ex/sdk';

/**
 * Order and position records carry fields beyond the typed ones (API.md leaves them open; spec
 * section 3 names them). These read a field by its likely names and only accept decimal strings
 * or numbers as the API sends them, so an absent field shows a dash, never "undefined".
 */
export function str(record: object, ...names: string[]): string | undefined {
  const r = record as Record<string, unknown>;
  for (const n of names) {
    const v = r[n];
    if (typeof v === 'string' && v !== '') return v;
  }
  return undefined;
}

export function num(record: object, ...names: string[]): number | undefined {
  const r = record as Record<string, unknown>;
  for (const n of names) {
    const v = r[n];
    if (typeof v === 'number' && Number.isFinite(v)) return v;
  }
  return undefined;
}

export const filledQty = (o: SpotOrder | ContractOrder) =>
  str(o, 'filled_quantity', 'filled_qty', 'filled', 'executed_qty', 'deal_quantity');
export const dealAmount = (o: SpotOrder | ContractOrder) =>
  str(o, 'deal_amount', 'filled_amount', 'quote_filled', 'executed_amount', 'amount');
export const dealPrice = (o: SpotOrder | ContractOrder) => str(o, 'avg_price', 'deal_price', 'average_price');
export const createdAt = (o: object) => num(o, 'created_at', 'ts', 'time');

/** Spot statuses of the spec (pending, success, failed) and the engine's finer ones, as a tone. */
export function statusTone(status: string): 'up' | 'down' | 'warn' | 'flat' {
  if (['filled', 'success', 'closed'].includes(status)) return 'up';
  if (['pending', 'open', 'partially_filled', 'closing', 'new'].includes(status)) return 'warn';
  if (['failed', 'rejected'].includes(status)) return 'down';
  return 'flat';
}
