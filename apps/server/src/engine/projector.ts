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
import { assetScale, mustMarket } from './units.ts';

export interface OrderUpdate {
  id: string;
  /** Decimal strings added to filled / filled_value. */
  filled: string | null;
  filledValue: string | null;
  status: string | null;
  ts: number;
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

const entriesOf = (events: readonly EngineEvent[]): JournalEntry[] =>
  events.flatMap((e) =>
    e.type === 'wallet.ledger' || e.type === 'spot.ledger' || e.type === 'perp.ledger' ? [e.entry] : [],
  );

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
    batch.orders.push({
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
  const touched = new Set([...fills.keys(), ...cancelled]);
  for (const id of touched) {
    if (id === newOrderId || skip.has(id)) continue;
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
    batch.orderUpdates.push({
      id,
      filled: f && m ? m.qty(f.lots) : null,
      filledValue: f && m ? formatDecimal(f.value, assetScale(m.config.quote)) : null,
      status,
      ts: cmd.ts,
    });
  }
}
