// Order rows after fills in one statement per 500 orders instead of one UPDATE per fill (issue 9
// item 6: per-row updates were the commit's largest part under load). Updates of one order within
// a batch are merged first (sums added, the last status and time kept), because an UPDATE ... FROM
// changes each row once. An order amended in the batch (new price, trigger or quantity) keeps the
// row-by-row path for all its updates, in order, since its quantity is computed from `filled`.

import { type RawBuilder, sql } from 'kysely';
import type { OrderUpdate } from './projector.ts';

interface Merged {
  id: string;
  filled: string[];
  filledValue: string[];
  status: string | null;
  ts: number;
  fee: string[];
  realisedPnl: string[];
  triggeredAt: number | null;
}

/** The contract fields (ADR 136/139) as optional, so spot-only projections need none of them. */
type Update = OrderUpdate &
  Partial<{
    fee: string;
    realisedPnl: string;
    triggeredAt: number;
    price: string;
    triggerPrice: string;
    openQty: string;
  }>;

const amends = (u: Update) =>
  u.price !== undefined || u.triggerPrice !== undefined || u.openQty !== undefined;

/** A numeric sum as SQL: the decimal strings added by PostgreSQL (no float, no rounding here). */
const sum = (parts: string[]): RawBuilder<string> =>
  parts.length === 0
    ? sql`0::numeric`
    : sql.join(
        parts.map((p) => sql`${p}::numeric`),
        sql` + `,
      );

export async function writeOrderUpdates(
  trx: Parameters<RawBuilder<unknown>['execute']>[0],
  updates: readonly Update[],
  oneByOne: (u: Update) => Promise<unknown>,
): Promise<void> {
  if (updates.length === 0) return;
  const amended = new Set(updates.filter(amends).map((u) => u.id));
  const merged = new Map<string, Merged>();
  for (const u of updates) {
    if (amended.has(u.id)) continue;
    let m = merged.get(u.id);
    if (m === undefined) {
      m = {
        id: u.id,
        filled: [],
        filledValue: [],
        status: null,
        ts: u.ts,
        fee: [],
        realisedPnl: [],
        triggeredAt: null,
      };
      merged.set(u.id, m);
    }
    if (u.filled !== null) m.filled.push(u.filled);
    if (u.filledValue !== null) m.filledValue.push(u.filledValue);
    if (u.status !== null) m.status = u.status;
    if (u.fee !== undefined) m.fee.push(u.fee);
    if (u.realisedPnl !== undefined) m.realisedPnl.push(u.realisedPnl);
    if (u.triggeredAt !== undefined) m.triggeredAt = u.triggeredAt;
    m.ts = u.ts;
  }
  const rows = [...merged.values()];
  // Contract columns only when a row of this batch has them (spot-only batches need none).
  const withFees = rows.some((r) => r.fee.length > 0 || r.realisedPnl.length > 0);
  const withTrigger = rows.some((r) => r.triggeredAt !== null);
  for (let i = 0; i < rows.length; i += 500) {
    const part = rows.slice(i, i + 500);
    const values = sql.join(
      part.map((r) => {
        const cols: RawBuilder<unknown>[] = [
          sql`${r.id}::text`,
          sum(r.filled),
          sum(r.filledValue),
          sql`${r.status}::text`,
          sql`${String(r.ts)}::int8`,
        ];
        if (withFees) cols.push(sum(r.fee), sum(r.realisedPnl));
        if (withTrigger) cols.push(sql`${r.triggeredAt === null ? null : String(r.triggeredAt)}::int8`);
        return sql`(${sql.join(cols)})`;
      }),
    );
    const names = ['id', 'filled', 'filled_value', 'status', 'ts'];
    if (withFees) names.push('fee', 'realised_pnl');
    if (withTrigger) names.push('triggered_at');
    await sql`
      update orders as o set
        filled = o.filled + v.filled,
        filled_value = o.filled_value + v.filled_value,
        status = coalesce(v.status, o.status),
        updated_at = v.ts
        ${withFees ? sql`, fee = o.fee + v.fee, realised_pnl = o.realised_pnl + v.realised_pnl` : sql``}
        ${withTrigger ? sql`, triggered_at = coalesce(v.triggered_at, o.triggered_at)` : sql``}
      from (values ${values}) as v(${sql.join(names.map((n) => sql.id(n)))})
      where o.id = v.id`.execute(trx);
  }
  for (const u of updates) if (amended.has(u.id)) await oneByOne(u);
}
