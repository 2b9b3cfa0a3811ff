// The demo's spot orders: a fresh embedded default showed /SpotOrder and /OrderHis (spot) empty,
// while the demo's futures, flash exchanges, stakes, AI and IEO records showed a used account. This
// places the demo's orders through the real SpotService, as a user's request does, matched by the
// engine against a resting order of a demo community member (the seed's counterparty, as in
// seed/futures.ts): the trades, fees and ledger entries are the engine's, and `npm run audit` holds.
//
// - a BTC buy and an ETH sell, each filled: the counterparty's limit order rests at a price inside
//   the market maker's spread (so it meets none of the maker's quotes), then the demo's limit order
//   at the same price takes it;
// - an ETH limit buy 3 % below the index, cancelled.
//
// It runs after the feed's first step and the demo's futures (start.ts), at the time of the start:
// orders dated in the seeded past (ADR 269) would come before the feed's backfill, which installs
// no chart history once a trade exists (market/data.ts). No order of the demo is left open: the
// browser tests and a newcomer start from an empty open-orders list. The demo pays about 490 USDC
// and 0.4 ETH of the 10,000 USDC, 0.5 BTC and 5 ETH it starts with (seed.ts).

import { type SpotOrder, SpotOrderRequest } from '@ex/contract';
import { ResultCode } from '@ex/core';
import type { Services } from '../deps.ts';
import { OPEN_STATUSES } from '../engine/orders.ts';
import { engineDb } from '../engine/tables.ts';
import { mustMarket } from '../engine/units.ts';
import { indexTicks } from '../market/bands.ts';
import { insideSpread } from './futures.ts';
import { demoMembers } from './world.ts';

const BTC = 'BTC_USDC';
const ETH = 'ETH_USDC';

/**
 * The counterparty's minted coins (a `seed-` deposit, flagged like the demo's own by
 * demoDataProblems): the 0.005 BTC it sells the demo and USDC for the 0.4 ETH it buys.
 */
const COUNTERPARTY_FUNDS: [string, bigint][] = [
  ['BTC', 500_000n],
  ['USDC', 5_000_000_000n],
];

/** The demo's filled orders: its side and size; the counterparty takes the other side. */
const FILLS: { symbol: string; side: 'buy' | 'sell'; quantity: string }[] = [
  { symbol: BTC, side: 'buy', quantity: '0.005' },
  { symbol: ETH, side: 'sell', quantity: '0.4' },
];

/** The demo's cancelled order: an ETH buy at 97 % of the index. */
const CANCELLED = { symbol: ETH, side: 'buy' as const, quantity: '0.3', num: 97n, den: 100n };

/** True when the demo has any spot order: the seed ran before, or the demo traded. */
async function traded(s: Services, demoId: string): Promise<boolean> {
  const row = await engineDb(s.db)
    .selectFrom('orders')
    .select('id')
    .where('user_id', '=', demoId)
    .where('kind', '=', 'spot')
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

const limit = (symbol: string, side: 'buy' | 'sell', price: string, quantity: string) =>
  SpotOrderRequest.parse({ symbol, side, type: 'limit', price, quantity });

/**
 * Seeds the demo's spot orders once: two fills and a cancelled order, none left open. Skipped when
 * the demo has a spot order already (a restart, or a demo who traded). False when skipped, when a
 * market has no index price yet, or when a step was refused (logged; the start goes on: like the
 * demo's futures, the orders are a first impression, not a condition of running).
 */
export async function seedSpot(
  s: Services,
  demoId: string,
  options: { log?: (message: string) => void } = {},
): Promise<boolean> {
  if (await traded(s, demoId)) return false;
  const indexOf = (symbol: string) => indexTicks(s.engine, mustMarket(symbol));
  if (indexOf(BTC) === undefined || indexOf(ETH) === undefined) {
    options.log?.('demo spot orders not seeded: no index price yet (tried again next start)');
    return false;
  }
  const placed: SpotOrder[] = [];
  try {
    const [, counterpartyId] = await demoMembers(s);
    const counterparty = counterpartyId!;
    for (const [asset, amount] of COUNTERPARTY_FUNDS) {
      const r = await s.engine.submit(
        { type: 'deposit', userId: counterparty, asset, amount },
        { idPrefix: 'seed-' },
      );
      if (r.code !== ResultCode.OK) throw new Error(`counterparty ${asset} deposit refused (${r.code})`);
    }
    for (const f of FILLS) {
      const m = mustMarket(f.symbol);
      const price = m.price(insideSpread(s.engine.engine.spot.book(f.symbol), indexOf(f.symbol)!));
      const made = await s.spot.place(
        counterparty,
        limit(f.symbol, f.side === 'buy' ? 'sell' : 'buy', price, f.quantity),
        undefined,
      );
      placed.push(await s.spot.place(demoId, limit(f.symbol, f.side, price, f.quantity), undefined));
      const left = await s.spot.byId(counterparty, made.id);
      if (OPEN_STATUSES.includes(left.status)) await s.spot.cancel(counterparty, left.id);
    }
    const c = CANCELLED;
    const m = mustMarket(c.symbol);
    const resting = await s.spot.place(
      demoId,
      limit(c.symbol, c.side, m.price((indexOf(c.symbol)! * c.num) / c.den), c.quantity),
      undefined,
    );
    placed.push(resting);
  } catch (error) {
    options.log?.(`demo spot orders seeded only in part: ${String(error)}`);
    return false;
  } finally {
    // Nothing of the demo's stays open: a fill the maker's quotes came between, the cancelled buy.
    for (const o of placed) {
      const now = await s.spot.byId(demoId, o.id).catch(() => null);
      if (now !== null && OPEN_STATUSES.includes(now.status))
        await s.spot
          .cancel(demoId, o.id)
          .catch((e: unknown) => options.log?.(`demo spot cancel: ${String(e)}`));
    }
  }
  return true;
}
