// The demo's futures (ADR 219): a fresh embedded default shows the demo account with a contract
// balance, two open perpetual positions and a finished round trip in its order history, instead of
// "Available 0.00" and no position. Everything goes through the services a user's request uses: the
// wallet transfer and contract orders (each sets its leverage as a user's does), matched by the
// engine against a resting order of a demo community member (the seed's own counterparty), so
// positions, order and position history, trades and the contract ledger are all real and
// `npm run audit` holds.
//
// Orders need a mark price, which exists only after the feed's first step: this runs after
// `startLiquidity` and waits for it. The counterparty's order is post-only at a price inside the
// market maker's spread (or at the mark when nobody quotes), so it never trades with the maker's
// quotes, and the demo's market order takes it right after.

import { type ContractOrder, ContractOrderRequest, TransferRequest } from '@ex/contract';
import { ResultCode } from '@ex/core';
import type { Services } from '../deps.ts';
import { OPEN_STATUSES } from '../engine/orders.ts';
import { engineDb } from '../engine/tables.ts';
import { formatAmount, mustMarket } from '../engine/units.ts';
import { indexHealthOf } from '../feed/health.ts';
import { demoMembers } from './world.ts';

const BTC = 'BTC_USDC_PERP';
const ETH = 'ETH_USDC_PERP';

/** What moves into the demo's contract account: 3,000 of its 10,000 USDC. */
export const DEMO_CONTRACT_USDC = '3000';
/** The counterparty trades at 5x (cross) on both markets. */
const COUNTERPARTY_LEVERAGE = 5;
/** The counterparty's contract margin: 20,000 USDC (a minted `seed-` deposit, like the demo's funds). */
const COUNTERPARTY_USDC = 20_000_000_000n;

type Action = 'open_long' | 'open_short' | 'close_long' | 'close_short';

/** True when the demo has touched its contract account before (a transfer or a contract order). */
async function touched(s: Services, demoId: string): Promise<boolean> {
  const edb = engineDb(s.db);
  const transfer = await edb
    .selectFrom('transfers')
    .select('id')
    .where('user_id', '=', demoId)
    .limit(1)
    .executeTakeFirst();
  if (transfer !== undefined) return true;
  const order = await edb
    .selectFrom('orders')
    .select('id')
    .where('user_id', '=', demoId)
    .where('kind', '=', 'perp')
    .limit(1)
    .executeTakeFirst();
  return order !== undefined;
}

/** Waits until each market has a mark price and a fresh index (the feed's first step); false on timeout. */
async function marksReady(s: Services, symbols: string[], timeoutMs: number): Promise<boolean> {
  const until = Date.now() + timeoutMs;
  const health = indexHealthOf(s.engine);
  for (;;) {
    const ready = symbols.every(
      (sym) => (s.engine.engine.perp.state(sym)?.markPrice ?? 0n) > 0n && !health.staleSymbol(sym),
    );
    if (ready) return true;
    if (Date.now() > until) return false;
    await new Promise((r) => setTimeout(r, 50));
  }
}

/**
 * A price in ticks strictly inside a book's spread, as close to `ref` as it allows: the seed
 * counterparty's order there rests as the best price and meets none of the market maker's quotes.
 * Used by the demo's futures (ref: the mark) and spot orders (ref: the index, seed/spot.ts).
 */
export function insideSpread(
  book: { bestBid(): bigint | number | undefined; bestAsk(): bigint | number | undefined } | undefined,
  ref: bigint,
): bigint {
  const bid = book?.bestBid();
  const ask = book?.bestAsk();
  let p = ref;
  if (bid !== undefined && p <= BigInt(bid)) p = BigInt(bid) + 1n;
  if (ask !== undefined && p >= BigInt(ask)) p = BigInt(ask) - 1n;
  return p > 0n ? p : ref;
}

const insidePrice = (s: Services, symbol: string) =>
  insideSpread(s.engine.engine.perp.book(symbol), s.engine.engine.perp.state(symbol)!.markPrice);

/** `ticks` x num / den in whole ticks (no floats), as the market's decimal price. */
const priceOf = (symbol: string, ticks: bigint, num = 1n, den = 1n) =>
  mustMarket(symbol).price((ticks * num) / den);

interface Fill {
  symbol: string;
  /** The demo's side, and the counterparty's (it closes what it opened against the demo before). */
  action: Action;
  counter: Action;
  quantity: string;
  leverage: number;
  tp?: (mark: bigint) => string;
  sl?: (mark: bigint) => string;
}

/**
 * One trade of the demo: the counterparty's post-only limit order rests at a price inside the
 * spread, then the demo's market order takes it. Should the market maker's moving quotes come in
 * between (its post-only quotes never take the counterparty's order; its small taker might), the
 * demo's market order fills against the maker's book like any user's, and what is left of the
 * counterparty's order is cancelled.
 */
async function trade(
  s: Services,
  demoId: string,
  counterpartyId: string,
  f: Fill,
  log: ((message: string) => void) | undefined,
): Promise<ContractOrder> {
  const mark = s.engine.engine.perp.state(f.symbol)!.markPrice;
  const order = (action: Action, extra: Partial<ContractOrderRequest>) =>
    ContractOrderRequest.parse({
      symbol: f.symbol,
      action,
      quantity: f.quantity,
      margin_mode: 'cross',
      ...extra,
    });
  // Refused (say, a close of what the maker's taker took instead), the demo meets the maker's book.
  const made = await s.contract
    .place(
      counterpartyId,
      order(f.counter, {
        type: 'limit',
        price: priceOf(f.symbol, insidePrice(s, f.symbol)),
        time_in_force: 'POST_ONLY',
        leverage: COUNTERPARTY_LEVERAGE,
      }),
    )
    .catch((error: unknown) => {
      log?.(`demo futures: the counterparty's ${f.counter} ${f.symbol} was refused (${String(error)})`);
      return null;
    });
  const took = await s.contract.place(
    demoId,
    order(f.action, {
      type: 'market',
      leverage: f.leverage,
      ...(f.tp ? { tp_price: f.tp(mark) } : {}),
      ...(f.sl ? { sl_price: f.sl(mark) } : {}),
    }),
  );
  const left = made === null ? null : await s.contract.orderById(counterpartyId, made.id);
  if (left !== null && OPEN_STATUSES.includes(left.status)) await s.contract.cancel(counterpartyId, left.id);
  return took;
}

/**
 * Seeds the demo's futures once: 3,000 USDC into the contract account, a round trip on ETH (opened
 * and closed: two finished orders and a position-history row), then an open BTC long at 10x and an
 * ETH short at 5x with take profit and stop loss. Skipped when the demo has used its contract
 * account before (a restart, or a demo who traded). False when skipped, when the feed gives no
 * price within `waitMs` (nothing moved; tried again next start) or when a step was refused (logged;
 * the start goes on: the demo's futures are a first impression, not a condition of running).
 */
export async function seedFutures(
  s: Services,
  demoId: string,
  options: { waitMs?: number; log?: (message: string) => void } = {},
): Promise<boolean> {
  if (await touched(s, demoId)) return false;
  if (!(await marksReady(s, [BTC, ETH], options.waitMs ?? 15_000))) {
    options.log?.('demo futures not seeded: no mark price from the feed yet (tried again next start)');
    return false;
  }
  try {
    // The demo's transfer first: from here on the seed counts as done, so it never runs twice.
    const move = (userId: string, amount: string) =>
      s.wallet.transfer(
        userId,
        TransferRequest.parse({ from: 'spot', to: 'contract', coin: 'USDC', amount }),
        undefined,
      );
    await move(demoId, DEMO_CONTRACT_USDC);
    const [, counterpartyId] = await demoMembers(s);
    const counterparty = counterpartyId!;
    // The counterparty's margin: a minted deposit, flagged like the demo's own (demoDataProblems).
    const funded = await s.engine.submit(
      { type: 'deposit', userId: counterparty, asset: 'USDC', amount: COUNTERPARTY_USDC },
      { idPrefix: 'seed-' },
    );
    if (funded.code !== ResultCode.OK) throw new Error(`counterparty deposit refused (${funded.code})`);
    await move(counterparty, formatAmount(COUNTERPARTY_USDC, 'USDC'));
    const t = (f: Fill) => trade(s, demoId, counterparty, f, options.log);
    // A finished round trip for the order history: 0.2 ETH long, opened and closed.
    await t({ symbol: ETH, action: 'open_long', counter: 'open_short', quantity: '0.2', leverage: 5 });
    await t({ symbol: ETH, action: 'close_long', counter: 'close_short', quantity: '0.2', leverage: 5 });
    // The open positions: a small BTC long, and an ETH short with TP 8 % below, SL 6 % above the mark.
    await t({ symbol: BTC, action: 'open_long', counter: 'open_short', quantity: '0.02', leverage: 10 });
    await t({
      symbol: ETH,
      action: 'open_short',
      counter: 'open_long',
      quantity: '0.5',
      leverage: 5,
      tp: (mark) => priceOf(ETH, mark, 92n, 100n),
      sl: (mark) => priceOf(ETH, mark, 106n, 100n),
    });
  } catch (error) {
    options.log?.(`demo futures seeded only in part: ${String(error)}`);
    return false;
  }
  return s.engine.engine.perp.positionsOf(demoId).length > 0;
}
