// Checks the engine's invariants from the outside: what the property tests assert after every
// command, and what a shell can run at start-up. Returns the problems found (empty = sound).

import { accountKey, mayBeNegative, parseAccountKey } from '../ledger/ledger.ts';
import type { ExchangeEngine } from './exchange-engine.ts';

export function checkInvariants(e: ExchangeEngine): string[] {
  const problems: string[] = [];
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
    const need = o.action.startsWith('open') ? e.perp.holdNeeded(m, o.price, o.remaining, o.leverage) : 0n;
    if (o.hold !== need) problems.push(`contract order ${o.orderId} holds ${o.hold}, needs ${need}`);
  }
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
