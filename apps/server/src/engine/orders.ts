import { formatDecimal, pow10 } from '@ex/core';
import { AppError } from '../http/errors.ts';
import type { EngineDb, OrdersTable } from './tables.ts';
import { mustMarket } from './units.ts';

/** Exact integer of a NUMERIC text at `scale` (the column keeps the market's decimals). */
function units(text: string, scale: number): bigint {
  const [int = '0', frac = ''] = text.split('.');
  return BigInt(int + frac.padEnd(scale, '0').slice(0, scale));
}

/** Re-formats a NUMERIC text at a fixed number of decimals (NUMERIC may drop or keep zeros). */
export function fixed(text: string, scale: number): string {
  // A row the engine just made (answering a placed order, ADR 213) is already in this form.
  return isFixed(text, scale) ? text : formatDecimal(units(text, scale), scale);
}

/** Whether `text` is what formatDecimal writes at `scale`: digits, no leading zero, `scale` decimals. */
function isFixed(text: string, scale: number): boolean {
  const dot = scale === 0 ? text.length : text.length - scale - 1;
  if (dot < 1 || (scale > 0 && text.charCodeAt(dot) !== 46)) return false;
  if (dot > 1 && text.charCodeAt(0) === 48) return false;
  for (let i = 0; i < text.length; i++) {
    if (i === dot) continue;
    const c = text.charCodeAt(i);
    if (c < 48 || c > 57) return false;
  }
  return true;
}

/** Average fill price at the market's price decimals, rounded down; null before any fill. */
export function avgPrice(row: OrdersTable): string | null {
  const m = mustMarket(row.market);
  const qtyScale = m.scales.qtyScale;
  const quoteScale = 6;
  const filled = units(row.filled, qtyScale);
  if (filled === 0n) return null;
  const value = units(row.filled_value, quoteScale);
  const price = (value * pow10(m.scales.priceScale + qtyScale)) / (filled * pow10(quoteScale));
  return formatDecimal(price, m.scales.priceScale);
}

export function orderCommon(row: OrdersTable) {
  const m = mustMarket(row.market);
  return {
    id: row.id,
    symbol: row.market,
    side: row.side,
    type: row.type,
    price: row.price === null ? null : fixed(row.price, m.scales.priceScale),
    quantity: fixed(row.quantity, m.scales.qtyScale),
    filled: fixed(row.filled, m.scales.qtyScale),
    avg_price: avgPrice(row),
    status: row.status as 'open' | 'partially_filled' | 'filled' | 'cancelled',
    created_at: Number(row.created_at),
    updated_at: Number(row.updated_at),
  };
}

export const OPEN_STATUSES = ['open', 'partially_filled'];
export const DONE_STATUSES = ['filled', 'cancelled'];

export interface OrderListQuery {
  status: 'open' | 'history';
  symbol?: string | undefined;
  page: number;
  limit: number;
}

/** One page of a user's spot or perp orders, newest first, with the total for the pager. */
export async function listOrders<T>(
  edb: EngineDb,
  userId: string,
  kind: 'spot' | 'perp',
  q: OrderListQuery,
  toView: (row: OrdersTable) => T,
): Promise<{ list: T[]; total: number; page: number; limit: number }> {
  let base = edb
    .selectFrom('orders')
    .where('user_id', '=', userId)
    .where('kind', '=', kind)
    .where('status', 'in', q.status === 'open' ? OPEN_STATUSES : DONE_STATUSES);
  if (q.symbol !== undefined) base = base.where('market', '=', q.symbol);
  const [rows, total] = await Promise.all([
    base
      .selectAll()
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(q.limit)
      .offset((q.page - 1) * q.limit)
      .execute(),
    base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { list: rows.map(toView), total: Number(total.n), page: q.page, limit: q.limit };
}

/** A user's own spot or perp order row; another user's, another kind's or none is ORDER_NOT_FOUND. */
export async function ownOrder(
  edb: EngineDb,
  userId: string,
  id: string,
  kind: 'spot' | 'perp',
): Promise<OrdersTable> {
  const row = await edb
    .selectFrom('orders')
    .selectAll()
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .where('kind', '=', kind)
    .executeTakeFirst();
  if (row === undefined) throw new AppError('ORDER_NOT_FOUND');
  return row;
}
