// Differential check of FastOrderBook against NaiveOrderBook on prices the unit property test does not
// reach: the property test keeps prices within 90..110 ticks, which never leaves the fast book's direct
// price window. Here prices jump between clusters far apart (beyond the window, both sides of it, near
// 1 tick and near 2^50), so the out-of-window map and the window re-centring are exercised too.
// Every result, the state hash, the invariants and snapshot/restore are compared after every step.
// usage: npx tsx bench/crosscheck.ts [steps] [seed]   (exits 1 on the first divergence)

import { FastOrderBook, NaiveOrderBook, type OrderBook, type PlaceOrder } from '../src/book/index.ts';
import { rng } from './workload.ts';

const steps = Number.parseInt(process.argv[2] ?? '200000', 10);
const seed = Number.parseInt(process.argv[3] ?? '1', 10);
const rand = rng(seed);
const int = (lo: number, hi: number) => lo + Math.floor(rand() * (hi - lo + 1));
const pick = <T>(xs: readonly T[]): T => xs[int(0, xs.length - 1)]!;

// Cluster centres per side (bids below asks, so clusters far apart survive side by side): tiny prices,
// the usual mid, clusters beyond a 4096-tick window on both sides, and the top limit.
const BID_CENTRES = [20, 60_000, 95_000, 99_950];
const ASK_CENTRES = [100_050, 103_000, 110_000, 2_000_000, 2 ** 50 - 50];
const users = ['u1', 'u2', 'u3', 'u4', 'u5'];
const tifs = ['GTC', 'GTC', 'GTC', 'IOC', 'FOK', 'POST_ONLY'] as const;
const stps = ['none', 'cancel_newest', 'cancel_oldest', 'cancel_both'] as const;

/** Canonical text of a result: sorted keys, bigints tagged, undefined dropped (like toEqual). */
function canon(x: unknown): string {
  return JSON.stringify(x, (_k, v: unknown) => {
    if (typeof v === 'bigint') return `${v}n`;
    if (v !== null && typeof v === 'object' && !Array.isArray(v)) {
      const o = v as Record<string, unknown>;
      return Object.fromEntries(
        Object.keys(o)
          .sort()
          .filter((k) => o[k] !== undefined)
          .map((k) => [k, o[k]]),
      );
    }
    return v;
  });
}

let bidCentre = 99_950;
let askCentre = 100_050;
/** A passive-ish price for `side`, or now and then one that crosses into the other side's cluster. */
const price = (side: 'buy' | 'sell') => {
  if (rand() < 0.01) bidCentre = pick(BID_CENTRES);
  if (rand() < 0.01) askCentre = pick(ASK_CENTRES);
  const cross = rand() < 0.04;
  const c = (side === 'buy') !== cross ? bidCentre : askCentre;
  return Math.max(1, Math.min(2 ** 50, c + int(-12, 12)));
};
const ids: string[] = [];
const someId = () => (ids.length === 0 ? 'none' : ids[Math.max(0, ids.length - 1 - int(0, 60))]!);

function command(i: number): (b: OrderBook) => unknown {
  const ts = 1000 + i;
  const r = rand();
  if (r < 0.6) {
    const id = rand() < 0.01 && ids.length > 0 ? someId() : `o${i}`;
    ids.push(id);
    const side = rand() < 0.5 ? 'buy' : 'sell';
    const cmd: PlaceOrder = {
      id,
      userId: pick(users),
      side,
      type: 'limit',
      price: price(side),
      qty: int(1, 20),
      tif: pick(tifs),
      stp: pick(stps),
      ts,
    };
    return (b) => b.place({ ...cmd });
  }
  if (r < 0.62) {
    const cmd: PlaceOrder = {
      id: `o${i}`,
      userId: pick(users),
      side: rand() < 0.5 ? 'buy' : 'sell',
      type: 'market',
      ts,
      stp: pick(stps),
    };
    if (rand() < 0.2) cmd.quoteQty = BigInt(int(1, 40)) * BigInt(askCentre);
    else {
      cmd.qty = int(1, 80);
      cmd.tif = rand() < 0.3 ? 'FOK' : 'IOC';
    }
    if (rand() < 0.5) cmd.protectionPrice = price(cmd.side === 'buy' ? 'sell' : 'buy');
    return (b) => b.place({ ...cmd });
  }
  if (r < 0.8) {
    const id = someId();
    const user = rand() < 0.2 ? pick(users) : undefined;
    return (b) => b.cancel(id, user);
  }
  if (r < 0.803) {
    const user = pick(users);
    return (b) => b.cancelAll(user);
  }
  const a: Parameters<OrderBook['amend']>[0] = { orderId: someId(), ts };
  if (rand() < 0.6) a.qty = int(0, 25);
  if (rand() < 0.5) a.price = price(rand() < 0.5 ? 'buy' : 'sell');
  return (b) => b.amend({ ...a });
}

const naive = new NaiveOrderBook();
let fast = new FastOrderBook();
let far = 0;
let moves = 0;
let lastWindow = '';
for (let i = 0; i < steps; i++) {
  const c = command(i);
  const rn = canon(c(naive));
  const rf = canon(c(fast));
  if (rn !== rf) {
    console.error(`step ${i}: results differ\nnaive ${rn}\nfast  ${rf}`);
    process.exit(1);
  }
  fast.checkInvariants();
  // Coverage of the window code (reads private fields when present; 0 if the layout changes).
  const sides = fast as unknown as Record<'bids' | 'asks', { far?: Map<number, unknown>; base?: number }>;
  const windowNow = `${sides.bids.base}/${sides.asks.base}`;
  if ((sides.bids.far?.size ?? 0) + (sides.asks.far?.size ?? 0) > 0) far++;
  if (windowNow !== lastWindow) moves++;
  lastWindow = windowNow;
  if (i % 97 === 0 && fast.stateHash() !== naive.stateHash()) {
    console.error(`step ${i}: state hash differs`);
    process.exit(1);
  }
  // Now and then continue on a restored copy, so restore() is checked on far prices as well.
  if (i % 5003 === 0) fast = FastOrderBook.restore(JSON.parse(JSON.stringify(fast.snapshot())));
}
if (fast.stateHash() !== naive.stateHash()) {
  console.error('final state hash differs');
  process.exit(1);
}
console.log(
  `crosscheck: ${steps} steps, seed ${seed}: fast == naive (${fast.size()} orders resting, ${far} steps with levels outside the price window, ${moves} window moves)`,
);
