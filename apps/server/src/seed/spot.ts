// The demo's spot orders: a fresh embedded default showed /SpotOrder (open orders and order history)
// empty, while the demo's futures, flash, stakes, AI and IEO records showed a used account. This
// places the demo's orders through the real SpotService, as a user's request does, each a step of
// the seeded past (seed/timeline.ts, ADR 269):
//
// - three days ago a BTC limit buy, two days ago an ETH limit sell, each filled against a resting
//   order a demo community member (the seed's counterparty, as in seed/futures.ts) placed just
//   before at the same price through the same service; its coins a minted `seed-` deposit, flagged
//   like the demo's own (demoDataProblems). The trades, fees and ledger entries are the engine's;
// - a day ago an ETH limit buy below the market, cancelled through the service two hours later;
// - two limit orders still open: a BTC buy 8 % below the index and an ETH sell 8 % above it, both
//   inside the ±10 % price band the service enforces (market/bands.ts).
//
// Prices are the index's ticks at each step (the feed's first step, taken by the flash seed four
// days ago, is in the engine by then), scaled in whole ticks: no floats. Nothing else trades spot
// during the seed (the market maker starts after it), so each fill meets exactly the counterparty's
// order; what might be left of it is cancelled all the same. The demo pays about 490 USDC and 0.4
// ETH for the fills and holds about 180 USDC and 0.25 ETH in the open orders, out of funds that
// start at 10,000 USDC, 0.5 BTC and 5 ETH (seed.ts).

import { SpotOrderRequest } from '@ex/contract';
import { ResultCode } from '@ex/core';
import type { Services } from '../deps.ts';
import { OPEN_STATUSES } from '../engine/orders.ts';
import { engineDb } from '../engine/tables.ts';
import { mustMarket } from '../engine/units.ts';
import { indexTicks } from '../market/bands.ts';
import { SeedTimeline } from './timeline.ts';
import { demoMembers } from './world.ts';

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

const BTC = 'BTC_USDC';
const ETH = 'ETH_USDC';

/** One order of the demo: at the index, or at `num/den` of it in whole ticks (rounded down). */
interface DemoSpotOrder {
  symbol: string;
  side: 'buy' | 'sell';
  /** A decimal string at the market's step. */
  quantity: string;
  num: bigint;
  den: bigint;
  agoMs: number;
  /** Filled against the counterparty's resting order placed just before. */
  fill?: true;
  /** Cancelled by the demo this long after it was placed. */
  cancelAfterMs?: number;
}

/** The demo's spot orders, oldest first. */
export const DEMO_SPOT_ORDERS: DemoSpotOrder[] = [
  {
    symbol: BTC,
    side: 'buy',
    quantity: '0.005',
    num: 1n,
    den: 1n,
    agoMs: 3 * DAY_MS + 6 * HOUR_MS,
    fill: true,
  },
  {
    symbol: ETH,
    side: 'sell',
    quantity: '0.4',
    num: 1n,
    den: 1n,
    agoMs: 2 * DAY_MS + 4 * HOUR_MS,
    fill: true,
  },
  {
    symbol: ETH,
    side: 'buy',
    quantity: '0.3',
    num: 97n,
    den: 100n,
    agoMs: 1 * DAY_MS + 8 * HOUR_MS,
    cancelAfterMs: 2 * HOUR_MS,
  },
  { symbol: BTC, side: 'buy', quantity: '0.002', num: 92n, den: 100n, agoMs: 20 * HOUR_MS },
  { symbol: ETH, side: 'sell', quantity: '0.25', num: 108n, den: 100n, agoMs: 5 * HOUR_MS },
];

/**
 * The counterparty's minted coins: the BTC it sells the demo, and USDC for the ETH it buys (0.4 ETH
 * at up to 12,500 USDC). Whatever the fills leave of them stays in its spot account.
 */
const COUNTERPARTY_FUNDS: [string, bigint][] = [
  ['BTC', 500_000n],
  ['USDC', 5_000_000_000n],
];

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

/**
 * Seeds the demo's spot orders once (DEMO_SPOT_ORDERS). Skipped when the demo has a spot order
 * already. False when skipped, when a market has no index at a step (nothing to price against: the
 * rest is left, tried again next start only if no order was placed) or when a step was refused
 * (logged; the start goes on: like the demo's futures, the orders are a first impression).
 */
export async function seedSpot(
  s: Services,
  demoId: string,
  options: { log?: (message: string) => void; timeline?: SeedTimeline } = {},
): Promise<boolean> {
  if (await traded(s, demoId)) return false;
  const tl = options.timeline ?? new SeedTimeline(s.clock);
  const [, counterpartyId] = await demoMembers(s);
  const counterparty = counterpartyId!;
  const now = s.clock.now();
  const order = (o: DemoSpotOrder, side: 'buy' | 'sell', price: string) =>
    SpotOrderRequest.parse({ symbol: o.symbol, side, type: 'limit', price, quantity: o.quantity });
  try {
    let funded = false;
    for (const o of DEMO_SPOT_ORDERS) {
      const ms = now - o.agoMs;
      const placed = await tl.at(ms, async () => {
        const m = mustMarket(o.symbol);
        const index = indexTicks(s.engine, m);
        if (index === undefined) throw new Error(`no index price for ${o.symbol}`);
        // Whole ticks, rounded down: inside the band either way (bandOf rounds its limits inward).
        const price = m.price((index * o.num) / o.den);
        if (o.fill === undefined) return s.spot.place(demoId, order(o, o.side, price), undefined);
        if (!funded) {
          for (const [asset, amount] of COUNTERPARTY_FUNDS) {
            const r = await s.engine.submit(
              { type: 'deposit', userId: counterparty, asset, amount },
              { idPrefix: 'seed-' },
            );
            if (r.code !== ResultCode.OK)
              throw new Error(`counterparty ${asset} deposit refused (${r.code})`);
          }
          funded = true;
        }
        const made = await s.spot.place(
          counterparty,
          order(o, o.side === 'buy' ? 'sell' : 'buy', price),
          undefined,
        );
        const took = await s.spot.place(demoId, order(o, o.side, price), undefined);
        const left = await s.spot.byId(counterparty, made.id);
        if (OPEN_STATUSES.includes(left.status)) await s.spot.cancel(counterparty, left.id);
        return took;
      });
      if (o.cancelAfterMs !== undefined) {
        const cancelAt = ms + o.cancelAfterMs;
        await tl.at(cancelAt, () => s.spot.cancel(demoId, placed.id));
      }
    }
  } catch (error) {
    options.log?.(`demo spot orders seeded only in part: ${String(error)}`);
    return false;
  }
  return true;
}
