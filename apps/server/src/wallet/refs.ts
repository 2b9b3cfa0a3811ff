import type { LedgerRef } from '@ex/contract';
import { sql } from 'kysely';
import type { EngineDb } from '../engine/tables.ts';

/**
 * ADR 244: what a ledger entry belongs to, from its type and the raw `ref_id` the core gave it.
 * The core's formats (packages/core):
 * - spot and perp order holds and their releases: the order id (`postingOrder`, `refundPostingOrder`);
 * - a spot fill (`execution`): the trade id `<taker order id>:<fill index>`, one entry for buyer and
 *   seller, so the caller's order is the trade's maker or taker, whichever is theirs;
 * - a perp fill's entries (`refundPostingOrder`, `positionFee`, `positionMargin`, `positionClose`):
 *   `<taker order id>:<fill index>:m|t`, the maker's or the taker's side of trade `<taker>:<index>`.
 *   The maker's order id is not in the ref, so it is looked up in `trades`;
 * - funding: `funding:<symbol>:<interval end in ms>` (a `system` entry);
 * - transfers, deposits, withdrawals: their command ids;
 * - liquidation and auto-deleveraging: `liq:<owner>:<symbol>:...`, `tier:...`, `tierfund:...`,
 *   `adl:<symbol>:<owner>:...`.
 * Anything else gets no `ref`.
 */

const MARKET = /^[A-Z0-9]+_[A-Z0-9]+(?:_PERP)?$/;
const PERP_FILL = /^(.+:\d+):([mt])$/;
const SPOT_TRADE = /^.+:\d+$/;
const ORDER_HOLD_TYPES = new Set(['postingOrder', 'refundPostingOrder']);
const FILL_TYPES = new Set(['refundPostingOrder', 'positionFee', 'positionMargin', 'positionClose']);

/** What `describe` needs from a ledger row. */
export interface RefRow {
  type: string;
  ref_id: string;
}

/** An order lookup a page of entries needs: order ids asked directly, and trade ids. */
interface OrderAsk {
  orderIds: Set<string>;
  tradeIds: Set<string>;
}

type Parsed =
  | { kind: 'ref'; ref: LedgerRef }
  | { kind: 'order'; orderId: string }
  | { kind: 'fill'; tradeId: string; role: 'm' | 't' | undefined }
  | undefined;

function market(s: string | undefined): string | undefined {
  return s !== undefined && MARKET.test(s) ? s : undefined;
}

/** The part of a row's reference that needs no database. */
export function parseRef(row: RefRow): Parsed {
  const { type, ref_id: ref } = row;
  if (ref === '') return undefined;
  switch (type) {
    case 'deposit':
      return { kind: 'ref', ref: { kind: 'deposit', deposit_id: ref } };
    case 'withdraw':
    case 'withdrawRefund':
      return { kind: 'ref', ref: { kind: 'withdrawal', withdrawal_id: ref } };
    case 'transferIn':
    case 'transferOut':
      return { kind: 'ref', ref: { kind: 'transfer', transfer_id: ref } };
    case 'system': {
      const m = /^funding:([^:]+):(\d+)$/.exec(ref);
      const symbol = market(m?.[1]);
      if (!m || !symbol) return undefined;
      return { kind: 'ref', ref: { kind: 'funding', market: symbol, at: Number(m[2]) } };
    }
    case 'execution':
      return SPOT_TRADE.test(ref) ? { kind: 'fill', tradeId: ref, role: undefined } : undefined;
  }
  if (ORDER_HOLD_TYPES.has(type) || FILL_TYPES.has(type)) {
    const liq = /^(?:liq|tier|tierfund):[^:]+:([^:]+):/.exec(ref);
    if (liq && market(liq[1])) return { kind: 'ref', ref: { kind: 'liquidation', market: liq[1]! } };
    const adl = /^adl:([^:]+):/.exec(ref);
    if (adl && market(adl[1])) return { kind: 'ref', ref: { kind: 'adl', market: adl[1]! } };
    const fill = PERP_FILL.exec(ref);
    if (fill && FILL_TYPES.has(type)) return { kind: 'fill', tradeId: fill[1]!, role: fill[2] as 'm' | 't' };
    if (ORDER_HOLD_TYPES.has(type)) return { kind: 'order', orderId: ref };
  }
  return undefined;
}

interface OwnOrder {
  order_id: string;
  market: string;
  trade_id: string | null;
  role: 'm' | 't' | null;
}

/**
 * The `ref` of each row, in order. Orders are looked up once for the whole page, and only among
 * `userId`'s own: a ref never names another user's order (a perp maker's fill ref starts with the
 * taker's order id, so a ref read without the lookup would).
 */
export async function describeRefs(
  edb: EngineDb,
  userId: string,
  rows: readonly RefRow[],
): Promise<(LedgerRef | undefined)[]> {
  const parsed = rows.map(parseRef);
  const ask: OrderAsk = { orderIds: new Set(), tradeIds: new Set() };
  for (const p of parsed) {
    if (p?.kind === 'order') ask.orderIds.add(p.orderId);
    else if (p?.kind === 'fill') ask.tradeIds.add(p.tradeId);
  }
  const own = await ownOrders(edb, userId, ask);
  const byId = new Map<string, OwnOrder>();
  const byTrade = new Map<string, OwnOrder[]>();
  for (const o of own) {
    if (o.trade_id === null) byId.set(o.order_id, o);
    else byTrade.set(o.trade_id, [...(byTrade.get(o.trade_id) ?? []), o]);
  }
  return parsed.map((p): LedgerRef | undefined => {
    if (p === undefined) return undefined;
    if (p.kind === 'ref') return p.ref;
    if (p.kind === 'order') {
      const o = byId.get(p.orderId);
      return o ? { kind: 'order', order_id: o.order_id, market: o.market } : undefined;
    }
    // A fill: the caller's side of it. Both sides theirs (a self-trade) and no side named is ambiguous.
    const sides = (byTrade.get(p.tradeId) ?? []).filter((o) => p.role === undefined || o.role === p.role);
    if (sides.length !== 1) return undefined;
    const o = sides[0]!;
    return { kind: 'order', order_id: o.order_id, market: o.market, trade_id: p.tradeId };
  });
}

/** One query for the page: the caller's orders asked by id, and their sides of the trades asked. */
async function ownOrders(edb: EngineDb, userId: string, ask: OrderAsk): Promise<OwnOrder[]> {
  const orderIds = [...ask.orderIds];
  const tradeIds = [...ask.tradeIds];
  if (orderIds.length === 0 && tradeIds.length === 0) return [];
  const direct =
    orderIds.length === 0
      ? undefined
      : edb
          .selectFrom('orders as o')
          .select([
            'o.id as order_id',
            'o.market',
            sql<string | null>`null::text`.as('trade_id'),
            sql<'m' | 't' | null>`null::text`.as('role'),
          ])
          .where('o.user_id', '=', userId)
          .where('o.id', 'in', orderIds);
  const viaTrades =
    tradeIds.length === 0
      ? undefined
      : edb
          .selectFrom('trades as t')
          .innerJoin('orders as o', (j) =>
            j.on((eb) =>
              eb.or([
                eb('o.id', '=', eb.ref('t.maker_order_id')),
                eb('o.id', '=', eb.ref('t.taker_order_id')),
              ]),
            ),
          )
          .select([
            'o.id as order_id',
            'o.market',
            sql<string | null>`t.id`.as('trade_id'),
            sql<'m' | 't' | null>`case when t.maker_order_id = o.id then 'm' else 't' end`.as('role'),
          ])
          .where('o.user_id', '=', userId)
          .where('t.id', 'in', tradeIds);
  const query = direct && viaTrades ? direct.unionAll(viaTrades) : (direct ?? viaTrades)!;
  return (await query.execute()) as OwnOrder[];
}
