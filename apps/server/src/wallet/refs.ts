import type { LedgerProduct, LedgerProductStep, LedgerRef } from '@ex/contract';
import { sql } from 'kysely';
import type { EngineDb } from '../engine/tables.ts';
import { EARN_SCOPE, MONEY_SCOPE } from '../exchange/money.ts';

/**
 * ADR 244 and 245: what a ledger entry belongs to, from its type and the raw `ref_id` the core gave
 * it. The core's formats (packages/core):
 * - spot and perp order holds and their releases: the order id (`postingOrder`, `refundPostingOrder`);
 * - a spot fill (`execution`): the trade id `<taker order id>:<fill index>`, one entry for buyer and
 *   seller, so the caller's order is the trade's maker or taker, whichever is theirs;
 * - a perp fill's entries (`refundPostingOrder`, `positionFee`, `positionMargin`, `positionClose`):
 *   `<taker order id>:<fill index>:m|t`, the maker's or the taker's side of trade `<taker>:<index>`.
 *   The maker's order id is not in the ref, so it is looked up in `trades`;
 * - funding: `funding:<symbol>:<interval end in ms>` (a `system` entry);
 * - transfers, deposits, withdrawals: their command ids; the demo seed's minted deposits
 *   `seed-<command id>` (ADR 252);
 * - a liquidation taken over by the fund: `liq:<owner>:<symbol>:<mode>:<side>:#<n>`; a tiered
 *   liquidation step's engine-made close order `tier:<owner>:<symbol>:<mode>:<side>:#<n>` (its
 *   clearance fee and margin entries carry the order id, its fills the fill ref above) and the
 *   lots the fund took at the mark `tierfund:<owner>:<symbol>:<mode>:<side>:#<n>`. The projector
 *   writes the owner an order row of origin `liquidation` for a `liq` or `tierfund` (id
 *   `liq:<command seq>:<n>`) and keeps the `tier` order's own id;
 * - an ADL close: `adl:<symbol>:<owner>:<mode>:#<n>`, its order row `adl:<command seq>:<n>`;
 * - profit of an open cross position realised at the mark to pay a loss or funding of the same
 *   wallet (`positionClose`): `realise:<owner>:<symbol>:<side>:#<n>`. Its cause is the owner's next
 *   close or funding entry of the same command (the core realises just before it posts that).
 * - a product's money move (flash exchange, OTC, IEO, AI quant, staking, dividends; ADR 255): a
 *   `ledgerTransfer`, whose entries (`system`, or `ieo` for the IEO) carry the command id, which is
 *   its seq. The product named the move by an idempotency key `<prefix>:<record id>:<step>` written
 *   in the same commit with that command id as `ref_id` (exchange/money.ts `moveOnce`), so the
 *   caller's own key of that `ref_id` says which record and step it was.
 * Anything else gets no `ref`.
 */

type Side = 'long' | 'short';
type Mode = 'cross' | 'isolated';

const MARKET = /^[A-Z0-9]+_[A-Z0-9]+(?:_PERP)?$/;
const PERP_FILL = /^(.+:\d+):([mt])$/;
const SPOT_TRADE = /^.+:\d+$/;
const LIQUIDATION =
  /^(liq|tier|tierfund):([^:]+):([^:]+):(cross|isolated):(long|short):(#\d+)(?::(\d+):([mt]))?$/;
const ADL = /^adl:([^:]+):([^:]+):(cross|isolated):#\d+$/;
const REALISE = /^realise:([^:]+):([^:]+):(long|short):#\d+$/;
const SEQ = /^\d+$/;
/** The command-id prefix of the demo seed's minted deposits (`engine.submit(..., { idPrefix })`). */
const SEED_DEPOSIT = 'seed-';
const ORDER_HOLD_TYPES = new Set(['postingOrder', 'refundPostingOrder']);
const FILL_TYPES = new Set(['refundPostingOrder', 'positionFee', 'positionMargin', 'positionClose']);
/** The entries a realise can be posted for: the close that needed it, or the funding payment. */
const CAUSE_TYPES = ['positionClose', 'positionFee', 'system'];
/** Journal entries either side of the page's rows searched for the rest of their commands. */
const CONTEXT_WINDOW = 50_000n;

/** Trade ids looked up per query by `shownRefIds` (a statement can hold many fills). */
const TRADE_LOOKUP_CHUNK = 1_000;

/** What `describeRefs` needs from a ledger row; the sequence numbers place a liquidation or a realise. */
export interface RefRow {
  type: string;
  ref_id: string;
  command_seq?: string;
  entry_seq?: string;
}

type Parsed =
  | { kind: 'ref'; ref: LedgerRef }
  /** A `ledgerTransfer`'s entry: `commandId` is looked up among the caller's product move keys. */
  | { kind: 'move'; commandId: string; entryType: 'system' | 'ieo' }
  | { kind: 'order'; orderId: string }
  /** `closes`: a `positionClose`, whose order's position is named too. */
  | { kind: 'fill'; tradeId: string; role: 'm' | 't' | undefined; closes: boolean }
  /** `orderId`: a tier step's own order; otherwise its row is looked up in the command. */
  | { kind: 'liquidation'; owner: string; market: string; mode: Mode; side: Side; orderId?: string }
  | { kind: 'adl'; owner: string; market: string; mode: Mode }
  | { kind: 'realise'; owner: string; market: string; side: Side }
  | undefined;

function market(s: string | undefined): string | undefined {
  return s !== undefined && MARKET.test(s) ? s : undefined;
}

/**
 * A `system` or `ieo` entry whose ref is a command id: a `ledgerTransfer` gets the fresh id of its
 * command, which is the command's seq, so where the row says its command the two must agree.
 */
function move(row: RefRow, entryType: 'system' | 'ieo'): Parsed {
  if (!SEQ.test(row.ref_id)) return undefined;
  if (row.command_seq !== undefined && row.command_seq !== row.ref_id) return undefined;
  return { kind: 'move', commandId: row.ref_id, entryType };
}

/** The part of a row's reference that needs no database. */
export function parseRef(row: RefRow): Parsed {
  const { type, ref_id: ref } = row;
  if (ref === '') return undefined;
  switch (type) {
    case 'deposit':
      // The seed mints the demo's (and its futures counterparty's) funds as deposits with a
      // `seed-` command id (seed.ts fundDemo, seed/futures.ts); no coin came in (ADR 252).
      return ref.startsWith(SEED_DEPOSIT)
        ? { kind: 'ref', ref: { kind: 'demo_credit' } }
        : { kind: 'ref', ref: { kind: 'deposit', deposit_id: ref } };
    case 'withdraw':
    case 'withdrawRefund':
      return { kind: 'ref', ref: { kind: 'withdrawal', withdrawal_id: ref } };
    case 'transferIn':
    case 'transferOut':
      return { kind: 'ref', ref: { kind: 'transfer', transfer_id: ref } };
    case 'ieo':
      return move(row, 'ieo');
    case 'system': {
      if (SEQ.test(ref)) return move(row, 'system');
      const m = /^funding:([^:]+):(\d+)$/.exec(ref);
      const symbol = market(m?.[1]);
      if (!m || !symbol) return undefined;
      return { kind: 'ref', ref: { kind: 'funding', market: symbol, at: Number(m[2]) } };
    }
    case 'execution':
      return SPOT_TRADE.test(ref)
        ? { kind: 'fill', tradeId: ref, role: undefined, closes: false }
        : undefined;
  }
  if (!ORDER_HOLD_TYPES.has(type) && !FILL_TYPES.has(type)) return undefined;
  const liq = LIQUIDATION.exec(ref);
  if (liq && market(liq[3])) {
    const [, prefix, owner, symbol, mode, side, , index, role] = liq;
    // The maker's side of a tier step's fill is an ordinary fill of the maker's own order: the
    // liquidated user is the taker (and another user).
    if (role === 'm')
      return { kind: 'fill', tradeId: ref.slice(0, -2), role: 'm', closes: type === 'positionClose' };
    const orderId =
      prefix === 'tier' ? (index === undefined ? ref : ref.slice(0, -`:${index}:t`.length)) : undefined;
    return {
      kind: 'liquidation',
      owner: owner!,
      market: symbol!,
      mode: mode as Mode,
      side: side as Side,
      ...(orderId === undefined ? {} : { orderId }),
    };
  }
  // An older or unexpected shape of the same families: the market only, as before ADR 245.
  const loose = /^(?:liq|tier|tierfund):[^:]+:([^:]+):/.exec(ref);
  if (loose && market(loose[1])) return { kind: 'ref', ref: { kind: 'liquidation', market: loose[1]! } };
  const adl = ADL.exec(ref);
  if (adl && market(adl[1])) return { kind: 'adl', owner: adl[2]!, market: adl[1]!, mode: adl[3] as Mode };
  const looseAdl = /^adl:([^:]+):/.exec(ref);
  if (looseAdl && market(looseAdl[1])) return { kind: 'ref', ref: { kind: 'adl', market: looseAdl[1]! } };
  const realise = REALISE.exec(ref);
  if (realise && type === 'positionClose' && market(realise[2]))
    return { kind: 'realise', owner: realise[1]!, market: realise[2]!, side: realise[3] as Side };
  const fill = PERP_FILL.exec(ref);
  if (fill && FILL_TYPES.has(type))
    return { kind: 'fill', tradeId: fill[1]!, role: fill[2] as 'm' | 't', closes: type === 'positionClose' };
  if (ORDER_HOLD_TYPES.has(type)) return { kind: 'order', orderId: ref };
  return undefined;
}

/**
 * The `ref_id` each row shows its owner (ADR 254), in order. The engine names a fill after its
 * taker order, and an engine-made order's id carries its owner (`tier:<user>:...`, `tp:<user>|...`):
 * a maker's fill ref would tell the maker who was liquidated or whose take profit fired. A fill's ref
 * shows the trade's public id instead (with the `:m` / `:t` side of a perpetual fill), and a
 * liquidation, ADL or realise ref of another owner only its family and command.
 *
 * For a statement, which needs no `ref`: the trades are looked up for their public ids only, in
 * chunks. A ledger page gets these from `ledgerRefs`, in the same lookup as its `ref`s.
 */
export async function shownRefIds(edb: EngineDb, userId: string, rows: readonly RefRow[]): Promise<string[]> {
  const parsed = rows.map(parseRef);
  const internal = new Set<string>();
  for (const p of parsed) if (p?.kind === 'fill') internal.add(p.tradeId);
  const publicOf = new Map<string, string>();
  const ids = [...internal];
  for (let i = 0; i < ids.length; i += TRADE_LOOKUP_CHUNK) {
    const found = await edb
      .selectFrom('trades')
      .select(['id', 'public_id'])
      .where('id', 'in', ids.slice(i, i + TRADE_LOOKUP_CHUNK))
      .execute();
    for (const t of found) publicOf.set(t.id, t.public_id);
  }
  return shownOf(userId, rows, parsed, publicOf);
}

/** `shownRefIds` of rows already parsed, given the public id of each of their trades found. */
function shownOf(
  userId: string,
  rows: readonly RefRow[],
  parsed: readonly Parsed[],
  publicOf: ReadonlyMap<string, string>,
): string[] {
  return rows.map((r, i) => {
    const p = parsed[i];
    if (p?.kind === 'fill') {
      // Every fill has its trade row (same commit); without one the ref names no trade at all.
      const id = publicOf.get(p.tradeId) ?? 'trade';
      return p.role === undefined ? id : `${id}:${p.role}`;
    }
    const owned = p?.kind === 'liquidation' || p?.kind === 'adl' || p?.kind === 'realise';
    if ((owned && p.owner !== userId) || (!owned && ENGINE_MADE.test(r.ref_id)))
      return `${r.ref_id.slice(0, r.ref_id.indexOf(':'))}:${r.command_seq ?? ''}`;
    return r.ref_id;
  });
}

/**
 * The families of engine-made refs that carry an owner. One the parser does not place (an older
 * shape) is shown cut, whoever it names; an ordinary order or command id is not of these.
 */
const ENGINE_MADE = /^(?:liq|tier|tierfund|adl|realise):/;

interface OwnOrder {
  order_id: string;
  market: string;
  trade_id: string | null;
  /** The trade's public id (ADR 254), for trades asked. */
  public_trade_id: string | null;
  /** The caller's side of a trade asked; `e` an engine-made liquidation or ADL row of a command. */
  role: 'm' | 't' | 'e' | null;
  action: string | null;
  margin_mode: string | null;
}

/**
 * A row of `ownOrders`. A trade asked of which the caller has no order (none of the page's fills
 * should be one) comes back once with its ids and nothing else: its public id is public.
 */
type OwnRow = Omit<OwnOrder, 'order_id' | 'market'> & { order_id: string | null; market: string | null };

/** What a ledger page shows of each row's reference, in order. */
export interface LedgerRefs {
  /** What the row belongs to (ADR 244, 245, 255); `undefined` where that is not the caller's to read. */
  refs: (LedgerRef | undefined)[];
  /** The raw reference as the caller may read it (ADR 254, `shownRefIds`). */
  shown: string[];
}

/** The order lookups a page needs: ids asked directly, trade ids, and commands with engine-made rows. */
interface OrderAsk {
  orderIds: Set<string>;
  tradeIds: Set<string>;
  /** Command seqs whose `liq:` / `adl:` order rows of the caller are wanted. */
  commands: Set<string>;
}

/** A row's parsed ref with the command it was posted in (for the engine-made order rows). */
interface Placed {
  parsed: Parsed;
  command: string | undefined;
}

const positionId = (symbol: string, mode: Mode, side: Side) => `${symbol}:${mode}:${side}`;

/** The position a perpetual order's fill closes: a close order's own side, a one-way open the opposite. */
function closedSide(action: string | null): Side | undefined {
  switch (action) {
    case 'close_long':
    case 'open_short':
      return 'long';
    case 'close_short':
    case 'open_long':
      return 'short';
    default:
      return undefined;
  }
}

function asMode(m: string | null): Mode | undefined {
  return m === 'cross' || m === 'isolated' ? m : undefined;
}

/** `#<n>` of an engine-made ref (`liq:...:#12`), `<n>` of a projected row id (`liq:<seq>:<n>`). */
const refNumber = (ref: string) => Number(/:#(\d+)(?::|$)/.exec(ref)?.[1] ?? Number.NaN);
const rowNumber = (id: string) => Number(id.slice(id.lastIndexOf(':') + 1));

/** The caller's entries of one command, as `context` reads them. */
type ContextRow = Pick<RefRow, 'type' | 'ref_id'> & { command_seq: string; entry_seq: string };

/** The `ref` of each row, in order: `ledgerRefs(...).refs`. */
export async function describeRefs(
  edb: EngineDb,
  userId: string,
  rows: readonly RefRow[],
): Promise<(LedgerRef | undefined)[]> {
  return (await ledgerRefs(edb, userId, rows)).refs;
}

/**
 * The `ref` and the shown `ref_id` of each row of one ledger page, in order, from one parse of the
 * rows and one lookup of their orders and trades. Orders are looked up only among `userId`'s own: a
 * ref never names another user's order (a perp maker's fill ref starts with the taker's order id, so
 * a ref read without the lookup would), and a liquidation, ADL or realise ref whose owner is not
 * `userId` gives no `ref` at all. The same lookup gives every trade's public id for the shown
 * `ref_id` (ADR 254), whosever the trade's other side is; nothing else of a trade's other side is
 * read. A page with liquidation, ADL or realise entries costs one more query, for the caller's own
 * other entries of those commands; one with product moves one more, for the caller's move keys.
 * The lookups are as large as the page (at most 100 rows, `PageQuery`), plus the realise causes.
 */
export async function ledgerRefs(
  edb: EngineDb,
  userId: string,
  rows: readonly RefRow[],
): Promise<LedgerRefs> {
  const placed: Placed[] = rows.map((r) => ({
    parsed: parseRef(r),
    command: r.command_seq !== undefined && SEQ.test(r.command_seq) ? r.command_seq : undefined,
  }));
  const context = await commandContext(edb, userId, rows, placed);
  const causes = realiseCauses(rows, placed, context);
  const ask: OrderAsk = { orderIds: new Set(), tradeIds: new Set(), commands: new Set() };
  for (const p of [...placed, ...[...causes.values()].map((c) => c.placed)]) {
    const q = p.parsed;
    if (q?.kind === 'order') ask.orderIds.add(q.orderId);
    else if (q?.kind === 'fill') ask.tradeIds.add(q.tradeId);
    else if (q?.kind === 'liquidation' && q.orderId !== undefined) ask.orderIds.add(q.orderId);
    else if ((q?.kind === 'liquidation' || q?.kind === 'adl') && p.command !== undefined)
      ask.commands.add(p.command);
  }
  const own = await ownOrders(edb, userId, ask);
  const moves = await productMoves(
    edb,
    userId,
    placed.flatMap((p) => (p.parsed?.kind === 'move' ? [p.parsed.commandId] : [])),
  );
  const byId = new Map<string, OwnOrder>();
  const byTrade = new Map<string, OwnOrder[]>();
  const engineRows: OwnOrder[] = [];
  const publicOf = new Map<string, string>();
  for (const row of own) {
    if (row.trade_id !== null && row.public_trade_id !== null)
      publicOf.set(row.trade_id, row.public_trade_id);
    if (row.order_id === null || row.market === null) continue;
    const o: OwnOrder = { ...row, order_id: row.order_id, market: row.market };
    if (o.trade_id !== null) byTrade.set(o.trade_id, [...(byTrade.get(o.trade_id) ?? []), o]);
    else if (o.role === 'e') engineRows.push(o);
    else byId.set(o.order_id, o);
  }

  /**
   * The engine-made row of `ref` in `command`. The projector numbers a command's rows in the order
   * of its events, and the core numbers its refs in the same order, so the k-th of the caller's
   * refs of one position (`same`) is the k-th of its rows (`fits`). Where the counts differ (a
   * cross take-over of several positions: one ref, one row per position) none is named.
   */
  const engineRow = (
    prefix: 'liq' | 'adl',
    command: string,
    ref: string,
    same: (q: Parsed) => boolean,
    fits: (o: OwnOrder) => boolean,
  ): OwnOrder | undefined => {
    const refs = [
      ...new Set((context.get(command) ?? []).filter((r) => same(parseRef(r))).map((r) => r.ref_id)),
    ].sort((a, b) => refNumber(a) - refNumber(b));
    const candidates = engineRows
      .filter((o) => o.order_id.startsWith(`${prefix}:${command}:`) && fits(o))
      .sort((a, b) => rowNumber(a.order_id) - rowNumber(b.order_id));
    const k = refs.indexOf(ref);
    return k >= 0 && refs.length === candidates.length ? candidates[k] : undefined;
  };

  const resolve = (p: Placed, ref: string): LedgerRef | undefined => {
    const q = p.parsed;
    if (q === undefined) return undefined;
    switch (q.kind) {
      case 'ref':
        return q.ref;
      case 'order': {
        const o = byId.get(q.orderId);
        return o ? { kind: 'order', order_id: o.order_id, market: o.market } : undefined;
      }
      case 'fill': {
        // The caller's side of it. Both sides theirs (a self-trade) and no side named is ambiguous.
        const sides = (byTrade.get(q.tradeId) ?? []).filter((o) => q.role === undefined || o.role === q.role);
        if (sides.length !== 1) return undefined;
        const o = sides[0]!;
        const side = q.closes ? closedSide(o.action) : undefined;
        const mode = asMode(o.margin_mode);
        return {
          kind: 'order',
          order_id: o.order_id,
          market: o.market,
          // The trade as everyone outside the engine names it: never the engine's id (ADR 254).
          ...(o.public_trade_id !== null ? { trade_id: o.public_trade_id } : {}),
          ...(side && mode ? { position_id: positionId(o.market, mode, side), side, margin_mode: mode } : {}),
        };
      }
      case 'liquidation': {
        if (q.owner !== userId) return undefined;
        const position = {
          position_id: positionId(q.market, q.mode, q.side),
          side: q.side,
          margin_mode: q.mode,
        };
        const o =
          q.orderId !== undefined
            ? byId.get(q.orderId)
            : p.command === undefined
              ? undefined
              : engineRow(
                  'liq',
                  p.command,
                  ref,
                  (r) =>
                    r?.kind === 'liquidation' &&
                    r.orderId === undefined &&
                    r.owner === userId &&
                    r.market === q.market &&
                    r.mode === q.mode &&
                    r.side === q.side,
                  (o) => o.market === q.market && o.margin_mode === q.mode && o.action === `close_${q.side}`,
                );
        return { kind: 'liquidation', market: q.market, ...position, ...(o ? { order_id: o.order_id } : {}) };
      }
      case 'adl': {
        if (q.owner !== userId) return undefined;
        // The ref does not name the side; its row does.
        const o =
          p.command === undefined
            ? undefined
            : engineRow(
                'adl',
                p.command,
                ref,
                (r) => r?.kind === 'adl' && r.owner === userId && r.market === q.market && r.mode === q.mode,
                (o) => o.market === q.market && o.margin_mode === q.mode,
              );
        const side = closedSide(o?.action ?? null);
        return {
          kind: 'adl',
          market: q.market,
          ...(side ? { position_id: positionId(q.market, q.mode, side), side, margin_mode: q.mode } : {}),
          ...(o ? { order_id: o.order_id } : {}),
        };
      }
      case 'realise':
        return undefined;
      case 'move': {
        const m = moves.get(q.commandId);
        return m === undefined ? undefined : productRef(m, q.entryType);
      }
    }
  };

  const refs = placed.map((p, i): LedgerRef | undefined => {
    const q = p.parsed;
    if (q?.kind !== 'realise') return resolve(p, rows[i]!.ref_id);
    if (q.owner !== userId) return undefined;
    // Only cross positions realise profit to cover their wallet.
    const ref: LedgerRef = {
      kind: 'realised',
      market: q.market,
      position_id: positionId(q.market, 'cross', q.side),
      side: q.side,
      margin_mode: 'cross',
    };
    const cause = causes.get(i);
    const c = cause === undefined ? undefined : resolve(cause.placed, cause.ref);
    if (c?.kind === 'order') {
      return {
        ...ref,
        cause: 'order',
        order_id: c.order_id,
        ...(c.trade_id ? { trade_id: c.trade_id } : {}),
      };
    }
    if (c?.kind === 'liquidation' || c?.kind === 'adl') {
      return { ...ref, cause: c.kind, ...(c.order_id ? { order_id: c.order_id } : {}) };
    }
    if (c?.kind === 'funding') return { ...ref, cause: 'funding' };
    return ref;
  });
  return {
    refs,
    shown: shownOf(
      userId,
      rows,
      placed.map((p) => p.parsed),
      publicOf,
    ),
  };
}

/**
 * The caller's own entries (all of them, not only the page's) of every command in which the page
 * has a liquidation, ADL or realise entry, by command, in journal order.
 */
async function commandContext(
  edb: EngineDb,
  userId: string,
  rows: readonly RefRow[],
  placed: readonly Placed[],
): Promise<Map<string, ContextRow[]>> {
  const commands = new Set<string>();
  let lo: bigint | undefined;
  let hi: bigint | undefined;
  for (const [i, p] of placed.entries()) {
    const k = p.parsed?.kind;
    const seq = rows[i]!.entry_seq;
    if (p.command === undefined || seq === undefined || !SEQ.test(seq)) continue;
    if (k !== 'liquidation' && k !== 'adl' && k !== 'realise') continue;
    commands.add(p.command);
    const n = BigInt(seq);
    if (lo === undefined || n < lo) lo = n;
    if (hi === undefined || n > hi) hi = n;
  }
  const out = new Map<string, ContextRow[]>();
  if (commands.size === 0 || lo === undefined || hi === undefined) return out;
  // A command's entries are consecutive in the journal: a window around the page's rows keeps the
  // scan on the owner's index (owner, entry_seq) short. A command larger than the window only loses
  // its order ids (the ref counts then differ from the rows'), never names a wrong one.
  const rowsNear = await edb
    .selectFrom('ledger_entries')
    .select(['command_seq', 'entry_seq', 'type', 'ref_id'])
    .where('owner', '=', userId)
    .where('entry_seq', '>=', String(lo - CONTEXT_WINDOW < 0n ? 0n : lo - CONTEXT_WINDOW))
    .where('entry_seq', '<=', String(hi + CONTEXT_WINDOW))
    .where('command_seq', 'in', [...commands])
    .orderBy('entry_seq')
    .execute();
  for (const r of rowsNear) out.set(r.command_seq, [...(out.get(r.command_seq) ?? []), r]);
  return out;
}

/**
 * For each realise row (by index): the caller's next close or funding entry of the same command,
 * parsed. The core realises a cross position's profit right before it posts the close or the
 * funding payment that needed it; order holds a margin call released come before, not after.
 */
function realiseCauses(
  rows: readonly RefRow[],
  placed: readonly Placed[],
  context: Map<string, ContextRow[]>,
): Map<number, { placed: Placed; ref: string }> {
  const out = new Map<number, { placed: Placed; ref: string }>();
  for (const [i, p] of placed.entries()) {
    const seq = rows[i]!.entry_seq;
    if (p.parsed?.kind !== 'realise' || p.command === undefined || seq === undefined || !SEQ.test(seq))
      continue;
    const after = BigInt(seq);
    const next = (context.get(p.command) ?? []).find(
      (r) => BigInt(r.entry_seq) > after && CAUSE_TYPES.includes(r.type) && !r.ref_id.startsWith('realise:'),
    );
    if (next === undefined) continue;
    const parsed = parseRef(next);
    if (
      parsed === undefined ||
      parsed.kind === 'realise' ||
      parsed.kind === 'order' ||
      parsed.kind === 'move'
    )
      continue;
    out.set(i, { placed: { parsed, command: p.command }, ref: next.ref_id });
  }
  return out;
}

/**
 * One query for the page, among the caller's orders only: orders asked by id, the caller's sides of
 * the trades asked (with each trade's public id; a trade without one of the caller's orders comes
 * back with its ids only), and the caller's engine-made liquidation and ADL rows of the commands
 * asked (marked with role `e`). Every arm reads by primary key (`orders.id`, `trades.id`) or the
 * caller's own orders.
 */
async function ownOrders(edb: EngineDb, userId: string, ask: OrderAsk): Promise<OwnRow[]> {
  const orderIds = [...ask.orderIds];
  const tradeIds = [...ask.tradeIds];
  const commands = [...ask.commands];
  const arms = [];
  if (orderIds.length > 0)
    arms.push(
      edb
        .selectFrom('orders as o')
        .select([
          'o.id as order_id',
          'o.market',
          sql<string | null>`null::text`.as('trade_id'),
          sql<string | null>`null::text`.as('public_trade_id'),
          sql<string | null>`null::text`.as('role'),
          'o.action',
          'o.margin_mode',
        ])
        .where('o.user_id', '=', userId)
        .where('o.id', 'in', orderIds),
    );
  if (tradeIds.length > 0)
    arms.push(
      edb
        .selectFrom('trades as t')
        // The caller's own sides only: another user's order is never joined, its columns stay null.
        .leftJoin('orders as o', (j) =>
          j.on((eb) =>
            eb.and([
              eb.or([
                eb('o.id', '=', eb.ref('t.maker_order_id')),
                eb('o.id', '=', eb.ref('t.taker_order_id')),
              ]),
              eb('o.user_id', '=', userId),
            ]),
          ),
        )
        .select([
          'o.id as order_id',
          'o.market',
          sql<string | null>`t.id`.as('trade_id'),
          sql<string | null>`t.public_id`.as('public_trade_id'),
          sql<
            string | null
          >`case when o.id is null then null when t.maker_order_id = o.id then 'm' else 't' end`.as('role'),
          'o.action',
          'o.margin_mode',
        ])
        .where('t.id', 'in', tradeIds),
    );
  if (commands.length > 0)
    arms.push(
      edb
        .selectFrom('orders as o')
        .select([
          'o.id as order_id',
          'o.market',
          sql<string | null>`null::text`.as('trade_id'),
          sql<string | null>`null::text`.as('public_trade_id'),
          sql<string | null>`'e'`.as('role'),
          'o.action',
          'o.margin_mode',
        ])
        .where('o.user_id', '=', userId)
        .where('o.kind', '=', 'perp')
        .where((eb) =>
          eb.or(
            commands.flatMap((c) => [eb('o.id', 'like', `liq:${c}:%`), eb('o.id', 'like', `adl:${c}:%`)]),
          ),
        ),
    );
  if (arms.length === 0) return [];
  let query = arms[0]!;
  for (const arm of arms.slice(1)) query = query.unionAll(arm);
  return (await query.execute()) as OwnRow[];
}

/** One of the caller's product move keys, as `productMoves` reads it. */
interface MoveKey {
  scope: string;
  key: string;
  /** Whether the caller also has the key's `<prefix>:<record id>:in` (an OTC sale paid in). */
  paid_in: boolean;
}

/** `<prefix>:<record id>:<step>` (exchange/money.ts RowMoves, earn/earn.ts EarnMoney callers). */
const MOVE_KEY = /^([a-z]+):([A-Za-z0-9_-]+):([a-z]+)$/;

/** A key's product and the ledger entry type its moves are posted as. */
const MOVE_PREFIXES: Record<string, { scope: string; product: LedgerProduct; entryType: 'system' | 'ieo' }> =
  {
    fx: { scope: MONEY_SCOPE, product: 'flash', entryType: 'system' },
    otc: { scope: MONEY_SCOPE, product: 'otc', entryType: 'system' },
    ieo: { scope: MONEY_SCOPE, product: 'ieo', entryType: 'ieo' },
    ai: { scope: EARN_SCOPE, product: 'ai', entryType: 'system' },
    st: { scope: EARN_SCOPE, product: 'staking', entryType: 'system' },
    dv: { scope: EARN_SCOPE, product: 'dividend', entryType: 'system' },
  };

/**
 * The step a key's move is to the user, by product and the key's own step. Only moves to or from
 * the user's account are here: the AI daily interest (`d<day>`, `part`) and fee and the IEO
 * proceeds move between system accounts and are on no user's ledger. An OTC `out` pays a completed
 * buy, or gives back the coins of a rejected sale (that sale's `in` moved them in first).
 */
function moveStep(product: LedgerProduct, step: string, paidIn: boolean): LedgerProductStep | undefined {
  switch (`${product}:${step}`) {
    case 'flash:in':
    case 'flash:out':
      return 'convert';
    case 'flash:back':
      return 'refund';
    case 'otc:in':
      return 'sell';
    case 'otc:out':
      return paidIn ? 'refund' : 'buy';
    case 'ieo:pay':
    case 'ai:in':
    case 'staking:in':
      return 'subscribe';
    case 'ieo:deliver':
      return 'allot';
    case 'ieo:refund':
    case 'staking:refund':
      return 'refund';
    case 'ai:out':
    case 'staking:out':
      return 'redeem';
    case 'staking:interest':
      return 'interest';
    case 'dividend:claim':
      return 'claim';
    default:
      return undefined;
  }
}

/** The `product` ref of a move key, where the key, its scope and the entry's type agree. */
export function productRef(m: MoveKey, entryType: 'system' | 'ieo'): LedgerRef | undefined {
  const k = MOVE_KEY.exec(m.key);
  const prefix = k !== null && Object.hasOwn(MOVE_PREFIXES, k[1]!) ? MOVE_PREFIXES[k[1]!] : undefined;
  if (k === null || prefix === undefined || prefix.scope !== m.scope || prefix.entryType !== entryType)
    return undefined;
  const step = moveStep(prefix.product, k[3]!, m.paid_in);
  return step === undefined
    ? undefined
    : { kind: 'product', product: prefix.product, step, record_id: k[2]! };
}

/**
 * The caller's own product move keys (money and earn scopes) whose command is one of `commandIds`,
 * by command id: one query, and none for a page without such entries. Keys are read only under
 * the caller's `user_id`, so a ref never names another user's record.
 */
async function productMoves(
  edb: EngineDb,
  userId: string,
  commandIds: readonly string[],
): Promise<Map<string, MoveKey>> {
  const out = new Map<string, MoveKey>();
  if (commandIds.length === 0) return out;
  const rows = await edb
    .selectFrom('idempotency_keys as k')
    .select((eb) => [
      'k.scope',
      'k.key',
      'k.ref_id',
      // An OTC order's `out` is a refund when its `in` moved the user's coins first (a sale).
      eb
        .exists(
          eb
            .selectFrom('idempotency_keys as s')
            .select(sql<number>`1`.as('one'))
            .whereRef('s.user_id', '=', 'k.user_id')
            .whereRef('s.scope', '=', 'k.scope')
            .where('k.key', 'like', 'otc:%:out')
            .where('s.key', '=', sql<string>`left(k.key, -4) || ':in'`),
        )
        .as('paid_in'),
    ])
    .where('k.user_id', '=', userId)
    .where('k.scope', 'in', [MONEY_SCOPE, EARN_SCOPE])
    .where('k.ref_id', 'in', [...new Set(commandIds)])
    .execute();
  for (const r of rows) {
    // One command, one move: a second key of the same command would be a bug; name neither.
    if (out.has(r.ref_id)) out.set(r.ref_id, { scope: '', key: '', paid_in: false });
    else out.set(r.ref_id, { scope: r.scope, key: r.key, paid_in: r.paid_in === true });
  }
  return out;
}
