import { sql } from 'kysely';
import type { Db } from '../db/db.ts';
import { ASSETS } from '../engine/config.ts';
import { formatAmount } from '../engine/units.ts';

/**
 * The columns of a table that hold an amount in the smallest unit of the row's `coin` (NUMERIC
 * integers: "250000000" is 250 USDC). The answers the domains give, which the audit keeps as
 * `after`, show these as decimal strings in the coin ("250.000000"); the row kept as `before` is
 * turned the same way, so both sides of an entry read alike (ADR 265). Tables whose amounts are
 * stored as decimal text already (otc_orders, otc_ads, ieo_projects) need no entry.
 */
export const UNIT_COLUMNS: Readonly<Record<string, readonly string[]>> = {
  withdrawals: ['amount', 'fee'],
  chain_deposits: ['amount'],
  stakes: ['amount', 'interest'],
  staking_products: ['min_amount', 'max_amount'],
  ai_products: ['min_amount', 'max_amount'],
  ai_orders: ['amount', 'interest'],
  dividend_pools: ['total'],
};

const INTEGER = /^-?\d+$/;

/**
 * A stored row as the audit log keeps it: amounts of `UNIT_COLUMNS` as exact decimal strings in
 * the row's coin (bigint arithmetic, never a float), and times (`*_at`, int8, which the driver
 * answers as strings) as epoch milliseconds like the answers' (the console shows them as dates).
 * A value that is not a plain integer, or a coin the exchange does not know, stays as stored.
 */
export function readableRow(table: string, row: Record<string, unknown>): Record<string, unknown> {
  const units = UNIT_COLUMNS[table] ?? [];
  const coin = typeof row.coin === 'string' && ASSETS[row.coin] !== undefined ? row.coin : undefined;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(row)) {
    const text = typeof value === 'string' || typeof value === 'bigint' ? String(value) : undefined;
    if (coin !== undefined && units.includes(key) && text !== undefined && INTEGER.test(text))
      out[key] = formatAmount(text, coin);
    else if (key.endsWith('_at') && text !== undefined && /^\d{1,15}$/.test(text)) out[key] = Number(text);
    else out[key] = value;
  }
  return out;
}

/** The row `id` of `table` as the audit keeps it for `before` (ops/roles.ts BEFORE_TABLES), or null. */
export async function auditSnapshot(
  db: Db,
  table: string,
  id: string,
): Promise<Record<string, unknown> | null> {
  const found = await sql<
    Record<string, unknown>
  >`select * from ${sql.table(table)} where id::text = ${id}`.execute(db);
  const row = found.rows[0];
  return row === undefined ? null : readableRow(table, row);
}
