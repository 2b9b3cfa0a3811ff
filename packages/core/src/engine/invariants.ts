// Checks the engine's invariants from the outside: what the property tests assert after every
// command, and what a shell can run at start-up. Returns the problems found (empty = sound).

import { accountKey, mayBeNegative, parseAccountKey, systemAccount } from '../ledger/ledger.ts';
import { INSURANCE_USER } from '../perp/perp-engine.ts';
import type { EngineEvent, ExchangeEngine } from './exchange-engine.ts';

/**
 * `events`, when given, are the events of the command just executed: shortfalls among them are
 * checked against the state it left (see checkShortfalls).
 */
export function checkInvariants(e: ExchangeEngine, events?: readonly EngineEvent[]): string[] {
  const problems: string[] = [];
  problems.push(...checkSolvency(e));
  if (events !== undefined) problems.push(...checkShortfalls(e, events));
  // Every asset sums to zero over all accounts, system accounts included.
  for (const [asset, total] of e.ledger.totals()) {
    if (total !== 0n) problems.push(`asset ${asset} not conserved: sum ${total}`);
  }
  // No bucket below zero except the custody and clearing accounts.
  for (const [key, b] of e.ledger.accounts()) {
    if (mayBeNegative(key)) continue;
    if (b.available < 0n) problems.push(`${key} available ${b.available} < 0`);
    if (b.frozen < 0n) problems.push(`${key} frozen ${b.frozen} < 0`);
  }
  // Frozen = what open orders (and pending withdrawals) still hold; isolated accounts = margins.
  const expected = new Map<string, bigint>();
  const add = (k: string, v: bigint) => expected.set(k, (expected.get(k) ?? 0n) + v);
  for (const o of e.spot.openOrders()) {
    const m = e.spot.markets.get(o.symbol)!;
    add(`${accountKey(o.userId, 'spot', o.side === 'buy' ? m.quote : m.base)}#frozen`, o.hold);
  }
  for (const w of e.pendingWithdrawals())
    add(`${accountKey(w.userId, 'spot', w.asset)}#frozen`, w.amount + w.fee);
  for (const o of e.perp.openOrders()) {
    add(`${e.perp.walletKey(o.userId, e.perp.markets.get(o.symbol)!)}#frozen`, o.hold);
  }
  for (const p of e.perp.allPositions()) {
    if (p.mode === 'isolated')
      add(`${e.perp.isolatedKey(p, e.perp.markets.get(p.symbol)!)}#available`, p.margin);
    if (p.size <= 0n) problems.push(`position ${p.userId} ${p.symbol} ${p.side} has size ${p.size}`);
  }
  const seen = new Set<string>();
  for (const [key, b] of e.ledger.accounts()) {
    const ref = parseAccountKey(key);
    if (b.frozen !== 0n || expected.has(`${key}#frozen`)) {
      seen.add(`${key}#frozen`);
      const want = expected.get(`${key}#frozen`) ?? 0n;
      if (b.frozen !== want) problems.push(`${key} frozen ${b.frozen} != held ${want}`);
    }
    if (ref.kind.startsWith('isolated:')) {
      seen.add(`${key}#available`);
      const want = expected.get(`${key}#available`) ?? 0n;
      if (b.available !== want) problems.push(`${key} ${b.available} != position margin ${want}`);
    }
  }
  for (const [k, v] of expected) {
    if (!seen.has(k) && v !== 0n) problems.push(`${k} should hold ${v} but the account is empty`);
  }
  // Each open order holds exactly what its unfilled rest (as the book has it) can still spend.
  for (const o of e.spot.openOrders()) {
    const m = e.spot.markets.get(o.symbol)!;
    const resting = e.spot.book(o.symbol)?.order(o.orderId);
    if (resting === undefined) {
      problems.push(`spot order ${o.orderId} open in settlement but not in the book`);
      continue;
    }
    const need =
      o.side === 'buy'
        ? BigInt(o.price) * BigInt(resting.qty) * m.quotePerTickLot
        : BigInt(resting.qty) * m.basePerLot;
    if (o.hold !== need) problems.push(`spot order ${o.orderId} holds ${o.hold}, needs ${need}`);
  }
  for (const o of e.perp.openOrders()) {
    const m = e.perp.markets.get(o.symbol)!;
    const resting = e.perp.book(o.symbol)?.order(o.orderId);
    if (resting === undefined || BigInt(resting.qty) !== o.remaining) {
      problems.push(
        `contract order ${o.orderId}: ${o.remaining} open in settlement, ${resting?.qty} in the book`,
      );
      continue;
    }
    const need = o.action.startsWith('open')
      ? e.perp.holdNeeded(m, o.price, o.remaining - o.reduce, o.leverage, o.lossTicks)
      : 0n;
    if (o.hold !== need) problems.push(`contract order ${o.orderId} holds ${o.hold}, needs ${need}`);
    if (o.reduce < 0n || o.reduce > o.remaining)
      problems.push(`contract order ${o.orderId} reduces ${o.reduce} of ${o.remaining}`);
    if (o.reduce > 0n && e.perp.positionModeOf(o.userId) !== 'one_way')
      problems.push(`contract order ${o.orderId} reduces in hedge mode`);
  }
  problems.push(...checkOneWay(e));
  // Every resting order is known to settlement.
  for (const sym of e.spot.markets.keys()) {
    if (e.spot.book(sym)!.size() !== [...e.spot.openOrders()].filter((o) => o.symbol === sym).length) {
      problems.push(`${sym}: book and settlement disagree on the number of open orders`);
    }
  }
  for (const sym of e.perp.markets.keys()) {
    if (e.perp.book(sym)!.size() !== [...e.perp.openOrders()].filter((o) => o.symbol === sym).length) {
      problems.push(`${sym}: book and settlement disagree on the number of open orders`);
    }
  }
  // Books never crossed.
  for (const sym of e.spot.markets.keys()) problems.push(...crossed(sym, e.spot.book(sym)));
  for (const sym of e.perp.markets.keys()) problems.push(...crossed(sym, e.perp.book(sym)));
  return problems;
}

/**
 * One-way mode (ADR 180): a user holds at most one side per symbol and margin mode, and what the
 * user's orders will close of a position (close orders and the reserved part of opposite orders,
 * whose hold leaves that part out) is never more than the position: otherwise an order could open
 * lots nobody held margin for.
 */
function checkOneWay(e: ExchangeEngine): string[] {
  const problems: string[] = [];
  const reserved = new Map<string, bigint>();
  const add = (k: string, v: bigint) => reserved.set(k, (reserved.get(k) ?? 0n) + v);
  for (const o of e.perp.openOrders()) {
    if (e.perp.positionModeOf(o.userId) !== 'one_way') continue;
    const key = `${o.userId}|${o.symbol}|${o.mode}|`;
    if (o.action === 'close_long' || o.action === 'open_short')
      add(`${key}long`, o.action === 'close_long' ? o.remaining : o.reduce);
    else add(`${key}short`, o.action === 'close_short' ? o.remaining : o.reduce);
  }
  for (const [k, q] of reserved) {
    if (q === 0n) continue;
    const [userId, symbol, mode, side] = k.split('|') as [
      string,
      string,
      'cross' | 'isolated',
      'long' | 'short',
    ];
    const size = e.perp.position(userId, symbol, mode, side)?.size ?? 0n;
    if (q > size) problems.push(`one-way ${k}: orders close ${q}, the position is ${size}`);
  }
  for (const p of e.perp.allPositions()) {
    if (p.side !== 'long' || e.perp.positionModeOf(p.userId) !== 'one_way') continue;
    if (e.perp.position(p.userId, p.symbol, p.mode, 'short') !== undefined)
      problems.push(`one-way ${p.userId} ${p.symbol} ${p.mode}: long and short at once`);
  }
  return problems;
}

function crossed(
  symbol: string,
  book: { bestBid(): number | undefined; bestAsk(): number | undefined } | undefined,
) {
  if (book === undefined) return [];
  const bid = book.bestBid();
  const ask = book.bestAsk();
  return bid !== undefined && ask !== undefined && bid >= ask
    ? [`${symbol} book crossed: ${bid} >= ${ask}`]
    : [];
}

/**
 * No hidden hole in the perpetuals:
 * - The settlement account pays the open positions' PnL among themselves. Valued at any common
 *   price their PnL adds up to sum(short cost) - sum(long cost) (open interest is balanced), so the
 *   account must hold at least that, per quote asset. Less means a loss was paid out that nobody
 *   was charged for (the old "socialised" shortfall), and user balances then exceed what the
 *   exchange holds.
 * - The insurance fund's equity (its wallet + the PnL of the positions it holds) is never left
 *   negative: a loss beyond the fund is auto-deleveraged before the command ends.
 */
export function checkSolvency(e: ExchangeEngine): string[] {
  const problems: string[] = [];
  const owed = new Map<string, bigint>();
  for (const p of e.perp.allPositions()) {
    const m = e.perp.markets.get(p.symbol)!;
    const v = (p.side === 'short' ? p.cost : -p.cost) * m.quotePerTickLot;
    owed.set(m.quote, (owed.get(m.quote) ?? 0n) + v);
  }
  const quotes = new Set([...e.perp.markets.values()].map((m) => m.quote));
  for (const quote of quotes) {
    const held = e.ledger.available(systemAccount('settlement', quote));
    const need = owed.get(quote) ?? 0n;
    if (held < need) problems.push(`settlement ${quote} holds ${held}, open positions are owed ${need}`);
    const fund = e.perp.crossAccount(INSURANCE_USER, quote);
    if (fund.equity < 0n) problems.push(`insurance fund ${quote} equity ${fund.equity} < 0 not deleveraged`);
  }
  return problems;
}

/**
 * A loss may reach the insurance fund (or the ADL) only after everything of its owner that backs
 * it is used: for a cross position no open order may still hold money in the owner's contract
 * wallet and no other cross position of the owner may still show a profit at the mark. Nothing may
 * be socialised at all.
 */
export function checkShortfalls(e: ExchangeEngine, events: readonly EngineEvent[]): string[] {
  const problems: string[] = [];
  for (const ev of events) {
    if (ev.type !== 'perp.shortfall') continue;
    if (ev.socialised > 0n) problems.push(`${ev.ref}: ${ev.socialised} socialised (a loss nobody paid)`);
    if (ev.mode !== 'cross' || ev.userId === INSURANCE_USER) continue;
    const quotes = new Set([...e.perp.markets.values()].map((m) => m.quote));
    for (const quote of quotes) {
      const frozen = e.ledger.frozen(accountKey(ev.userId, 'contract', quote));
      if (frozen > 0n) problems.push(`${ev.ref}: fund charged while ${ev.userId} holds ${frozen} in orders`);
    }
    for (const p of e.perp.positionsOf(ev.userId)) {
      // Up to one tick-lot is the rounding of the cost the close removed (costPortion), not profit.
      const upnl = e.perp.unrealisedPnl(p);
      if (p.mode === 'cross' && upnl > e.perp.markets.get(p.symbol)!.quotePerTickLot) {
        problems.push(
          `${ev.ref}: fund charged while ${ev.userId} ${p.symbol} ${p.side} shows profit ${upnl}`,
        );
      }
    }
  }
  return problems;
}
