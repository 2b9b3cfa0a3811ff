// Turns one executed command and its events into rows (the projections of ADR 011). Pure over its
// inputs plus reads of the engine right after the command ran; the host writes the rows of a whole
// batch in one transaction. Ids come from the events, so a row written twice is the same row.

import {
  type Command,
  type EngineEvent,
  type ExchangeEngine,
  formatDecimal,
  type JournalEntry,
  parseAccountKey,
} from '@ex/core';
import type {
  IdempotencyKeysTable,
  LedgerEntriesTable,
  OrdersTable,
  PositionHistoryTable,
  TradesTable,
  TransfersTable,
} from './tables.ts';
import { publicTradeId } from './trade-ids.ts';
import { assetScale, mustMarket } from './units.ts';

export interface OrderUpdate {
  id: string;
  /** Decimal strings added to filled / filled_value. */
  filled: string | null;
  filledValue: string | null;
  status: string | null;
  ts: number;
  /** Contract orders (ADR 136): added to fee / realised_pnl (USDC decimals). */
  fee?: string;
  realisedPnl?: string;
  /** Set when a conditional order fired. */
  triggeredAt?: number;
  /** An amend: the new price / trigger (decimal) and open quantity (quantity = filled + this). */
  price?: string;
  triggerPrice?: string;
  openQty?: string;
}

export interface Extra {
  idempotency?: { userId: string; scope: string; key: string; hash: string };
  clientOrderId?: string;
}

export class RowBatch {
  commands: { seq: string; type: string; body: string; ts: string }[] = [];
  ledger: LedgerEntriesTable[] = [];
  orders: OrdersTable[] = [];
  orderUpdates: OrderUpdate[] = [];
  trades: TradesTable[] = [];
  transfers: TransfersTable[] = [];
  positions: PositionHistoryTable[] = [];
  idempotency: IdempotencyKeysTable[] = [];
}

/** The ledger entries of a command's events, in order (a loop: no array per event, ADR 213). */
function entriesOf(events: readonly EngineEvent[]): JournalEntry[] {
  const entries: JournalEntry[] = [];
  for (const e of events) {
    if (e.type === 'wallet.ledger' || e.type === 'spot.ledger' || e.type === 'perp.ledger')
      entries.push(e.entry);
  }
  return entries;
}

/**
 * The core names a spot <-> contract transfer once, from the contract wallet's side (ADR 150). A
 * wallet row names its own side: money leaving this account is `transferOut`, money arriving is
 * `transferIn`, so the spot row of a transfer into contract reads `transferOut` and the contract
 * row `transferIn` (and the reverse). Every other type is the same on all its postings.
 */
export function sideType(type: string, amount: bigint): string {
  if (type !== 'transferIn' && type !== 'transferOut') return type;
  return amount < 0n ? 'transferOut' : 'transferIn';
}

/** Ledger rows with the balance after each entry, computed back from the balances after the command. */
function ledgerRows(engine: ExchangeEngine, commandSeq: number, events: readonly EngineEvent[]) {
  const entries = entriesOf(events);
  const current = new Map<string, { available: bigint; frozen: bigint }>();
  const rows: LedgerEntriesTable[] = [];
  for (let i = entries.length - 1; i >= 0; i--) {
    const entry = entries[i]!;
    const deltas = new Map<string, { available: bigint; frozen: bigint }>();
    for (const p of entry.postings) {
      const d = deltas.get(p.account) ?? { available: 0n, frozen: 0n };
      d[p.bucket] += p.amount;
      deltas.set(p.account, d);
    }
    for (const [account, d] of deltas) {
      let after = current.get(account);
      if (after === undefined) {
        const b = engine.ledger.balance(account);
        after = { available: b.available, frozen: b.frozen };
        current.set(account, after);
      }
      const ref = parseAccountKey(account);
      rows.push({
        id: `${entry.seq}:${account}`,
        entry_seq: String(entry.seq),
        command_seq: String(commandSeq),
        owner: ref.owner,
        account: ref.kind,
        coin: ref.asset,
        type: sideType(entry.type, d.available + d.frozen),
        ref_id: entry.ref,
        amount: String(d.available + d.frozen),
        available_delta: String(d.available),
        frozen_delta: String(d.frozen),
        available_after: String(after.available),
        frozen_after: String(after.frozen),
        created_at: String(entry.ts),
      });
      after.available -= d.available;
      after.frozen -= d.frozen;
    }
  }
  return rows.reverse();
}

export function project(
  engine: ExchangeEngine,
  batch: RowBatch,
  seq: number,
  cmd: Command,
  events: readonly EngineEvent[],
  extra: Extra | undefined,
  isBot: (userId: string) => boolean,
): void {
  batch.ledger.push(...ledgerRows(engine, seq, events));
  if (extra?.idempotency) {
    const refId =
      'orderId' in cmd ? cmd.orderId : 'id' in cmd && typeof cmd.id === 'string' ? cmd.id : String(seq);
    batch.idempotency.push({
      user_id: extra.idempotency.userId,
      scope: extra.idempotency.scope,
      key: extra.idempotency.key,
      request_hash: extra.idempotency.hash,
      ref_id: refId,
      created_at: String(cmd.ts),
    });
  }
  if (cmd.type === 'transfer') {
    batch.transfers.push({
      id: cmd.id,
      user_id: cmd.userId,
      coin: cmd.asset,
      from_account: cmd.from,
      to_account: cmd.to,
      amount: formatDecimal(cmd.amount, assetScale(cmd.asset)),
      created_at: String(cmd.ts),
    });
  }

  // Fills per order in this command (maker and taker), to update filled amounts and statuses.
  const fills = new Map<string, { lots: bigint; value: bigint; symbol: string }>();
  const addFill = (orderId: string, symbol: string, lots: number, value: bigint) => {
    const f = fills.get(orderId) ?? { lots: 0n, value: 0n, symbol };
    f.lots += BigInt(lots);
    f.value += value;
    fills.set(orderId, f);
  };
  const cancelled = new Set<string>();
  // Orders of bots: their rows are never written, so their updates are skipped too.
  const skip = new Set<string>();
  let accepted: { orderId: string; filledQty: number; restingQty: number } | undefined;
  const contract = contractOrderEvents(engine, seq, cmd, events, isBot);
  batch.orders.push(...contract.rows);
  // The command's trades in event order: their public ids (market/data.ts counts them alike).
  let tradeNo = 0;
  for (const e of events) {
    if (e.type === 'spot.trade' || e.type === 'perp.trade') {
      const t = e.trade;
      const m = mustMarket(t.symbol);
      const value =
        e.type === 'spot.trade'
          ? e.trade.value
          : BigInt(t.price) * BigInt(t.qty) * (engine.perp.markets.get(t.symbol)?.quotePerTickLot ?? 0n);
      const buyer =
        e.type === 'spot.trade'
          ? e.trade.buyerId
          : t.takerSide === 'buy'
            ? e.trade.takerUserId
            : e.trade.makerUserId;
      const seller =
        e.type === 'spot.trade'
          ? e.trade.sellerId
          : t.takerSide === 'sell'
            ? e.trade.takerUserId
            : e.trade.makerUserId;
      batch.trades.push({
        id: t.tradeId,
        market: t.symbol,
        price: m.price(t.price),
        qty: m.qty(t.qty),
        taker_side: t.takerSide,
        maker_order_id: t.makerOrderId,
        taker_order_id: t.takerOrderId,
        buyer_id: buyer,
        seller_id: seller,
        value: formatDecimal(value, assetScale(m.config.quote)),
        buyer_fee: e.type === 'spot.trade' ? formatDecimal(e.trade.buyerFee, assetScale(m.config.base)) : '0',
        seller_fee:
          e.type === 'spot.trade' ? formatDecimal(e.trade.sellerFee, assetScale(m.config.quote)) : '0',
        seq: String(seq),
        ts: String(t.ts),
        public_id: publicTradeId(seq, tradeNo++),
      });
      addFill(t.makerOrderId, t.symbol, t.qty, value);
      addFill(t.takerOrderId, t.symbol, t.qty, value);
      const makerUser = t.takerSide === 'buy' ? seller : buyer;
      if (isBot(makerUser)) skip.add(t.makerOrderId);
    } else if (e.type === 'spot.cancelled' || e.type === 'perp.cancelled') {
      cancelled.add(e.orderId);
      if (isBot(e.userId)) skip.add(e.orderId);
    } else if (e.type === 'spot.accepted' || e.type === 'perp.accepted') {
      if ('orderId' in cmd && cmd.orderId === e.orderId) accepted = e;
    } else if (e.type === 'perp.position' && !isBot(e.position.userId)) {
      const p = e.position;
      batch.positions.push({
        id: `${seq}:${batch.positions.length}`,
        user_id: p.userId,
        market: p.symbol,
        margin_mode: p.mode,
        side: p.side,
        size: String(p.size),
        cost: String(p.cost),
        margin: String(p.margin),
        realised_pnl: String(p.realisedPnl),
        fees: String(p.fees),
        funding: String(p.funding),
        closed: e.closed,
        ts: String(cmd.ts),
      });
    }
  }

  // The new order's row (bots' orders are not projected: nobody lists them, their fills are trades).
  let newOrderId: string | undefined;
  if (
    (cmd.type === 'spotPlace' || cmd.type === 'contractPlace' || cmd.type === 'closePosition') &&
    !isBot(cmd.userId)
  ) {
    newOrderId = cmd.orderId;
    const m = mustMarket(cmd.symbol);
    const f = fills.get(cmd.orderId);
    const filledLots = BigInt(accepted?.filledQty ?? 0);
    const resting = accepted?.restingQty ?? 0;
    const quoteScale = assetScale(m.config.quote);
    let qtyLots: bigint;
    let side: 'buy' | 'sell';
    let orderType: 'limit' | 'market';
    let price: number | undefined;
    let action: string | null = null;
    let mode: string | null = null;
    let leverage: number | null = null;
    let quoteAmount: string | null = null;
    if (cmd.type === 'spotPlace') {
      side = cmd.side;
      orderType = cmd.orderType;
      price = cmd.orderType === 'limit' ? cmd.price : undefined;
      qtyLots = cmd.qty !== undefined && cmd.quoteAmount === undefined ? BigInt(cmd.qty) : filledLots;
      if (cmd.quoteAmount !== undefined) quoteAmount = formatDecimal(cmd.quoteAmount, quoteScale);
    } else if (cmd.type === 'contractPlace') {
      side = cmd.action === 'open_long' || cmd.action === 'close_short' ? 'buy' : 'sell';
      orderType = cmd.orderType;
      price = cmd.orderType === 'limit' ? cmd.price : undefined;
      qtyLots = BigInt(cmd.qty);
      action = cmd.action;
      mode = cmd.mode;
      leverage = engine.perp.leverageOf(cmd.userId, cmd.symbol);
    } else {
      side = cmd.side === 'long' ? 'sell' : 'buy';
      orderType = 'market';
      qtyLots = filledLots;
      action = cmd.side === 'long' ? 'close_long' : 'close_short';
      mode = cmd.mode;
      leverage = engine.perp.leverageOf(cmd.userId, cmd.symbol);
    }
    const status =
      resting > 0
        ? filledLots > 0n
          ? 'partially_filled'
          : 'open'
        : filledLots > 0n && filledLots >= qtyLots
          ? 'filled'
          : 'cancelled';
    const money = contract.money.get(cmd.orderId);
    batch.orders.push({
      ...(cmd.type === 'spotPlace'
        ? {}
        : {
            origin: 'user',
            fee: formatDecimal(money?.fee ?? 0n, quoteScale),
            realised_pnl: formatDecimal(money?.pnl ?? 0n, quoteScale),
            ...(cmd.type === 'contractPlace' ? { tif: cmd.tif ?? null, stp: cmd.stp ?? null } : {}),
          }),
      id: cmd.orderId,
      user_id: cmd.userId,
      market: cmd.symbol,
      kind: cmd.type === 'spotPlace' ? 'spot' : 'perp',
      side,
      type: orderType,
      action,
      margin_mode: mode,
      leverage,
      price: price === undefined ? null : m.price(price),
      quantity: m.qty(qtyLots),
      quote_amount: quoteAmount,
      filled: m.qty(filledLots),
      filled_value: formatDecimal(f?.value ?? 0n, quoteScale),
      status,
      client_order_id: extra?.clientOrderId ?? null,
      created_at: String(cmd.ts),
      updated_at: String(cmd.ts),
    });
  }
  if (
    (cmd.type === 'spotPlace' || cmd.type === 'contractPlace' || cmd.type === 'closePosition') &&
    isBot(cmd.userId)
  )
    skip.add(cmd.orderId);
  // Resting orders touched by this command: fills and cancellations.
  const touched = new Set([...fills.keys(), ...cancelled, ...contract.touched.keys()]);
  for (const id of touched) {
    if (id === newOrderId || skip.has(id) || contract.created.has(id)) continue;
    const f = fills.get(id);
    let status: string | null = null;
    if (cancelled.has(id)) status = 'cancelled';
    else if (f !== undefined) {
      const stillResting =
        engine.spot.book(f.symbol)?.hasOrder(id) === true ||
        engine.perp.book(f.symbol)?.hasOrder(id) === true;
      status = stillResting ? 'partially_filled' : 'filled';
    }
    const m = f ? mustMarket(f.symbol) : undefined;
    const money = contract.money.get(id);
    batch.orderUpdates.push({
      id,
      filled: f && m ? m.qty(f.lots) : null,
      filledValue: f && m ? formatDecimal(f.value, assetScale(m.config.quote)) : null,
      status,
      ts: cmd.ts,
      ...(money !== undefined
        ? { fee: formatDecimal(money.fee, USDC_SCALE), realisedPnl: formatDecimal(money.pnl, USDC_SCALE) }
        : {}),
      ...contract.touched.get(id),
    });
  }
}

const USDC_SCALE = 6;

interface ContractRows {
  rows: readonly OrdersTable[];
  created: ReadonlySet<string>;
  money: ReadonlyMap<string, { fee: bigint; pnl: bigint }>;
  touched: ReadonlyMap<string, Partial<OrderUpdate>>;
}

/** What a command without contract events makes (shared: never written to). */
const NO_CONTRACT_ROWS: ContractRows = { rows: [], created: new Set(), money: new Map(), touched: new Map() };
const skipUser = (userId: string, isBot: (u: string) => boolean) => userId.startsWith('@') || isBot(userId);

/**
 * The contract order rows a command makes beside the user's own order (ADR 139): a conditional
 * order when placed, the engine's TP/SL closes, liquidations and ADL closes (so /ContractOrder lists
 * everything that changed a position), with each order's fees and realised PnL from `perp.fill`;
 * and the updates of amends and fired triggers.
 */
function contractOrderEvents(
  engine: ExchangeEngine,
  seq: number,
  cmd: Command,
  events: readonly EngineEvent[],
  isBot: (userId: string) => boolean,
): ContractRows {
  // A command without contract events (every spot order) makes none of these: no maps built.
  if (!events.some((e) => e.type.startsWith('perp.'))) return NO_CONTRACT_ROWS;
  const money = new Map<string, { fee: bigint; pnl: bigint }>();
  const fills = new Map<string, { lots: bigint; value: bigint }>();
  const touched = new Map<string, Partial<OrderUpdate>>();
  const rows: OrdersTable[] = [];
  const created = new Set<string>();
  const touch = (id: string, u: Partial<OrderUpdate>) => touched.set(id, { ...touched.get(id), ...u });
  for (const e of events) {
    if (e.type === 'perp.fill') {
      const v = money.get(e.orderId) ?? { fee: 0n, pnl: 0n };
      v.fee += e.fee;
      v.pnl += e.realisedPnl;
      money.set(e.orderId, v);
      if (!skipUser(e.userId, isBot)) touch(e.orderId, {});
    } else if (e.type === 'perp.trade') {
      const qpt = engine.perp.markets.get(e.trade.symbol)?.quotePerTickLot ?? 0n;
      for (const id of [e.trade.makerOrderId, e.trade.takerOrderId]) {
        const f = fills.get(id) ?? { lots: 0n, value: 0n };
        f.lots += BigInt(e.trade.qty);
        f.value += BigInt(e.trade.price) * BigInt(e.trade.qty) * qpt;
        fills.set(id, f);
      }
    } else if (e.type === 'perp.amended') {
      const m = mustMarket(e.symbol);
      touch(e.orderId, { price: m.price(e.price), openQty: m.qty(e.remaining) });
    } else if (e.type === 'perp.conditional' && !skipUser(e.trigger.userId, isBot)) {
      const t = e.trigger;
      const m = mustMarket(t.symbol);
      if (e.status === 'triggered') touch(t.orderId, { triggeredAt: cmd.ts });
      else if (e.status === 'amended')
        touch(t.orderId, {
          ...(t.orderType === 'limit' ? { price: m.price(t.price) } : {}),
          triggerPrice: m.price(t.triggerPrice),
          openQty: m.qty(t.qty),
        });
      else {
        created.add(t.orderId);
        rows.push({
          id: t.orderId,
          user_id: t.userId,
          market: t.symbol,
          kind: 'perp',
          side: t.action === 'open_long' || t.action === 'close_short' ? 'buy' : 'sell',
          type: (t.trailingPpm > 0n
            ? 'trailing_stop'
            : t.orderType === 'limit'
              ? 'stop_limit'
              : 'stop_market') as OrdersTable['type'],
          action: t.action,
          margin_mode: t.mode,
          leverage: engine.perp.leverageOf(t.userId, t.symbol),
          price: t.orderType === 'limit' ? m.price(t.price) : null,
          quantity: m.qty(t.qty),
          quote_amount: null,
          filled: m.qty(0),
          filled_value: formatDecimal(0n, USDC_SCALE),
          status: 'open',
          client_order_id: null,
          created_at: String(cmd.ts),
          updated_at: String(cmd.ts),
          tif: t.tif ?? null,
          stp: t.stp ?? null,
          trigger_price: m.price(t.triggerPrice),
          trigger_by: t.by,
          callback_rate: t.trailingPpm > 0n ? formatDecimal(t.trailingPpm / 100n, 2) : null,
          origin: 'user',
        });
      }
    }
  }
  const engineRow = (
    id: string,
    userId: string,
    symbol: string,
    side: 'long' | 'short',
    mode: string,
    qtyLots: bigint,
    origin: string,
    price: bigint | null,
    filledLots: bigint,
    value: bigint,
    fee: bigint,
    pnl: bigint,
  ) => {
    const m = mustMarket(symbol);
    created.add(id);
    rows.push({
      id,
      user_id: userId,
      market: symbol,
      kind: 'perp',
      side: side === 'long' ? 'sell' : 'buy',
      type: 'market',
      action: side === 'long' ? 'close_long' : 'close_short',
      margin_mode: mode,
      leverage: engine.perp.leverageOf(userId, symbol),
      price: price === null ? null : m.price(Number(price)),
      quantity: m.qty(qtyLots),
      quote_amount: null,
      filled: m.qty(filledLots),
      filled_value: formatDecimal(value, USDC_SCALE),
      status: filledLots > 0n && filledLots >= qtyLots ? 'filled' : 'cancelled',
      client_order_id: null,
      created_at: String(cmd.ts),
      updated_at: String(cmd.ts),
      origin,
      fee: formatDecimal(fee, USDC_SCALE),
      realised_pnl: formatDecimal(pnl, USDC_SCALE),
    });
  };
  type Who = { userId: string; symbol: string; side: 'long' | 'short' };
  // An engine-made order that met the book: filled as its trades say, with their fees and PnL.
  const bookRow = (orderId: string, w: Who, mode: string, qty: bigint, origin: string, extraFee = 0n) => {
    const f = fills.get(orderId);
    const v = money.get(orderId);
    engineRow(
      orderId,
      w.userId,
      w.symbol,
      w.side,
      mode,
      qty,
      origin,
      null,
      f?.lots ?? 0n,
      f?.value ?? 0n,
      (v?.fee ?? 0n) + extraFee,
      v?.pnl ?? 0n,
    );
  };
  // Lots taken over at a set price (the fund at the bankruptcy price or the mark, ADL).
  const atPriceRow = (
    id: string,
    w: Who,
    mode: string,
    lots: bigint,
    origin: string,
    price: bigint,
    fee: bigint,
    pnl: bigint,
  ) => {
    const qpt = engine.perp.markets.get(w.symbol)?.quotePerTickLot ?? 0n;
    engineRow(id, w.userId, w.symbol, w.side, mode, lots, origin, price, lots, price * lots * qpt, fee, pnl);
  };
  let n = 0;
  for (const e of events) {
    if (e.type === 'perp.tpsl' && !skipUser(e.userId, isBot)) {
      bookRow(e.orderId, e, e.mode, e.qty, e.trigger);
    } else if (e.type === 'perp.liquidation' && !skipUser(e.userId, isBot)) {
      atPriceRow(`liq:${seq}:${n++}`, e, e.mode, e.size, 'liquidation', e.bankruptcyPrice, 0n, e.realisedPnl);
    } else if (e.type === 'perp.tierReduction' && !skipUser(e.userId, isBot)) {
      // ADR 194: a tiered liquidation step: its engine-made market close (the book fills) and the
      // lots the fund took over at the mark. The clearance fee shows once: on the fund's row when
      // there is one.
      bookRow(e.orderId, e, e.mode, e.qty, 'liquidation', e.toFund > 0n ? 0n : e.clearanceFee);
      if (e.toFund > 0n) {
        atPriceRow(
          `liq:${seq}:${n++}`,
          e,
          e.mode,
          e.toFund,
          'liquidation',
          e.markPrice,
          e.clearanceFee,
          e.realisedPnl,
        );
      }
    } else if (e.type === 'perp.adl' && !skipUser(e.userId, isBot)) {
      // The mode from the close's own position event after it: an ADL of a whole position leaves
      // none in the engine to look up (an isolated one then showed as cross).
      let mode = 'cross';
      for (const q of events.slice(events.indexOf(e))) {
        if (q.type !== 'perp.position') continue;
        const p = q.position;
        if (p.userId === e.userId && p.symbol === e.symbol && p.side === e.side) {
          mode = p.mode;
          break;
        }
      }
      atPriceRow(`adl:${seq}:${n++}`, e, mode, e.qty, 'adl', e.price, 0n, e.realisedPnl);
    }
  }
  return { rows, created, money, touched };
}
