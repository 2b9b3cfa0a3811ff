// One-way position mode (ADR 180): a buy first reduces a short and opens a long with the rest (and
// the other way round), the hold covers only the part that can open, reduce-only orders never flip,
// and the mode cannot change under a position or an order. Worked numbers as in docs/perpetuals.md;
// every command runs through the real engine with the invariant checker after it.
import { describe, expect, it } from 'vitest';
import { demoEngineConfig, type EngineEvent, ExchangeEngine, ResultCode } from '../src/index.ts';
import { btc, type Mode, perpScenario, px, type Scenario, SYM, USDC } from './helpers/scenario.ts';

/** The index at 50,000, alice and bob funded with whole USDC at 10x; the journal keeps accepted commands. */
function setup(alice = 20_000n, bob = 200_000n) {
  const t = perpScenario({ journal: 'accepted', leverage: 10 });
  t.price(50_000);
  t.fund('alice', alice * USDC);
  t.fund('bob', bob * USDC);
  return t;
}

/** Bob's bid of `qtyBtc` at 50,000 and alice's sell into it: alice is short `qtyBtc` in `mode`. */
function aliceShort(t: Scenario, qtyBtc = 1, mode: Mode = 'cross') {
  t.limit('bob', 'open_long', 50_000, qtyBtc);
  t.limit('alice', 'open_short', 50_000, qtyBtc, { mode });
}

/** setup(), alice in one-way mode, then short 1 BTC at 50,000 against bob. */
function oneWayShort() {
  const t = setup();
  t.mode('alice', 'one_way');
  aliceShort(t);
  return t;
}

const cancelled = (events: EngineEvent[]) =>
  events.flatMap((ev) => (ev.type === 'perp.cancelled' ? [`${ev.orderId}:${ev.reason}`] : []));

describe('one-way position mode', () => {
  it('a buy reduces the short first and opens a long with the rest; the hold covers only the opening part', () => {
    const t = setup();
    expect(t.e.perp.positionModeOf('alice')).toBe('hedge');
    expect(t.mode('alice', 'one_way').code).toBe(ResultCode.OK);
    expect(t.e.perp.positionModeOf('alice')).toBe('one_way');

    // Alice sells 1 BTC at 50,000 into Bob's bid: short 1, taker fee 50,000 x 0.05% = 25.
    aliceShort(t);
    expect(t.pos('alice', 'short')?.size).toBe(1000n);
    expect(t.wallet('alice').available).toBe((20_000n - 25n) * USDC);

    // A resting buy of 3 BTC at 50,000: 1 reduces the short, only 2 can open. Hold = IM of 100,000
    // at 10x (10,000) + taker fee (50) = 10,050, not the 15,075 of 3 BTC.
    const buy = t.limit('alice', 'open_long', 50_000, 3);
    expect(buy.r.code).toBe(ResultCode.OK);
    const o = t.e.perp.order(buy.orderId)!;
    expect(o.reduce).toBe(1000n);
    expect(o.hold).toBe(10_050n * USDC);
    expect(t.wallet('alice').frozen).toBe(10_050n * USDC);

    // Bob sells 3 into it: Alice's short closes at 50,000 (no PnL, maker fee 50,000 x 0.02% = 10),
    // then a long of 2 opens (maker fee 20). No short is left, the hold is all released.
    t.limit('bob', 'open_short', 50_000, 3);
    expect(t.pos('alice', 'short')).toBeUndefined();
    expect(t.pos('alice', 'long')?.size).toBe(2000n);
    expect(t.pos('alice', 'long')?.cost).toBe(BigInt(px(50_000)) * 2000n);
    expect(t.wallet('alice')).toEqual({ available: (20_000n - 25n - 10n - 20n) * USDC, frozen: 0n });
    expect(t.e.perp.order(buy.orderId)).toBeUndefined();
  });

  it('hedge mode would hold all of it: the same buy is refused there for lack of margin', () => {
    const t = setup();
    aliceShort(t);
    // Free collateral 19,975 - 5,000 (the short's IM) = 14,975 < 15,075.
    expect(t.limit('alice', 'open_long', 50_000, 3).r.code).toBe(ResultCode.PERP_INSUFFICIENT_MARGIN);
  });

  it('a flip realises the PnL of the closed part and pays fees on both parts', () => {
    const t = setup(10_000n);
    t.mode('alice', 'one_way');
    t.limit('bob', 'open_short', 50_000, 1);
    t.limit('alice', 'open_long', 50_000, 1); // long 1 @ 50,000, taker fee 25
    t.price(52_000);
    // Alice sells 1.5 at 52,000 as taker: closes the long (+2,000, fee 26), opens a short of 0.5 (fee 13).
    t.limit('bob', 'open_long', 52_000, 1.5);
    const r = t.limit('alice', 'open_short', 52_000, 1.5);
    const fill = r.r.events.find((ev) => ev.type === 'perp.fill' && ev.userId === 'alice');
    expect(fill).toMatchObject({ qty: 1500, realisedPnl: 2_000n * USDC, fee: 39n * USDC });
    expect(t.pos('alice', 'long')).toBeUndefined();
    expect(t.pos('alice', 'short')?.size).toBe(500n);
    expect(t.wallet('alice').available).toBe((10_000n - 25n + 2_000n - 26n - 13n) * USDC);
  });

  it('attack: flipping cannot open more than the margin allows', () => {
    const t = setup(2_000n);
    t.mode('alice', 'one_way');
    aliceShort(t, 0.2); // short 0.2: IM 1,000, fee 5
    // Free collateral 1,995 - 1,000 = 995. A buy of 0.4 reduces 0.2 and opens 0.2 (IM 1,000 + fee 5
    // = 1,005 > 995): refused, nothing changes.
    const before = t.e.stateHash();
    expect(t.limit('alice', 'open_long', 50_000, 0.4).r.code).toBe(ResultCode.PERP_INSUFFICIENT_MARGIN);
    expect(t.e.stateHash()).toBe(before);
    // A buy of 0.2 only reduces: no hold at all, accepted.
    const close = t.limit('alice', 'open_long', 50_000, 0.2);
    expect(t.e.perp.order(close.orderId)?.hold).toBe(0n);
    // A second buy cannot reduce what the first reserved: it is held in full as an opening order.
    const second = t.limit('alice', 'open_long', 49_000, 0.1);
    expect(t.e.perp.order(second.orderId)?.reduce).toBe(0n);
    expect(t.e.perp.order(second.orderId)?.hold).toBeGreaterThan(0n);
  });

  it('attack: an order whose reduced position goes away is cancelled, not left to open unheld', () => {
    const t = oneWayShort();
    // A resting buy of 2 at 49,000 reserves 1 to reduce and holds for 1.
    const resting = t.limit('alice', 'open_long', 49_000, 2);
    expect(t.e.perp.order(resting.orderId)?.reduce).toBe(1000n);
    // The short is closed another way (close-all): the resting buy would now open 2 with a hold
    // for 1, so it is cancelled with its hold given back.
    t.limit('bob', 'open_short', 50_000, 1); // Bob's ask for the market close
    const r = t.run({
      type: 'closePosition',
      orderId: 'close-all',
      userId: 'alice',
      symbol: SYM,
      mode: 'cross',
      side: 'short',
    });
    expect(r.code).toBe(ResultCode.OK);
    expect(cancelled(r.events)).toContain(`${resting.orderId}:position_changed`);
    expect(t.pos('alice', 'short')).toBeUndefined();
    expect(t.pos('alice', 'long')).toBeUndefined();
    expect(t.wallet('alice').frozen).toBe(0n);
  });

  it('attack: a reduce-only order never flips and never exceeds the position', () => {
    const t = oneWayShort();
    // Reduce-only buys close the short only: 2 is more than the short.
    expect(t.limit('alice', 'close_short', 50_000, 2).r.code).toBe(ResultCode.PERP_CLOSE_EXCEEDS_POSITION);
    // A reduce-only sell has no long to reduce.
    expect(t.limit('alice', 'close_long', 50_000, 1).r.code).toBe(ResultCode.PERP_NO_POSITION);
    // A reduce-only buy of the whole short, then an ordinary buy: the second reserves nothing.
    const ro = t.limit('alice', 'close_short', 48_000, 1);
    expect(ro.r.code).toBe(ResultCode.OK);
    const plain = t.limit('alice', 'open_long', 47_000, 1);
    expect(t.e.perp.order(plain.orderId)?.reduce).toBe(0n);
    // Bob sells 2 down to 47,000: the reduce-only bid at 48,000 fills first and closes the short,
    // then the plain bid opens a long of 1 (it had nothing to reduce).
    t.limit('bob', 'open_short', 47_000, 2);
    expect(t.pos('alice', 'short')).toBeUndefined();
    expect(t.pos('alice', 'long')?.size).toBe(1000n);
  });

  it('a reduce-only order and a plain buy filled in one sweep, the plain one first: each does its own part', () => {
    // Found by the simulation: the plain buy used to close the short first, and the reduce-only
    // fill after it in the same match found no position left.
    const t = oneWayShort();
    const ro = t.limit('alice', 'close_short', 47_000, 1);
    const plain = t.limit('alice', 'open_long', 48_000, 1);
    // The short is reserved by the reduce-only order: the plain buy is held in full as an opening.
    expect(t.e.perp.order(plain.orderId)).toMatchObject({ reduce: 0n, hold: 4_824n * USDC });
    const r = t.limit('bob', 'open_short', 47_000, 2);
    expect(r.r.code).toBe(ResultCode.OK);
    expect(t.e.perp.order(ro.orderId)).toBeUndefined();
    expect(t.pos('alice', 'short')).toBeUndefined();
    expect(t.pos('alice', 'long')).toMatchObject({ size: 1000n, cost: BigInt(px(48_000)) * 1000n });
    expect(t.wallet('alice').frozen).toBe(0n);
  });

  it('attack: the mode cannot change under a resting order, a waiting stop or a position (a fill cannot race it)', () => {
    const t = setup();
    const resting = t.limit('alice', 'open_long', 49_000, 1);
    const before = t.e.stateHash();
    expect(t.mode('alice', 'one_way').code).toBe(ResultCode.PERP_POSITION_MODE_BUSY);
    expect(t.e.stateHash()).toBe(before);
    t.run({ type: 'contractCancel', symbol: SYM, orderId: resting.orderId, userId: 'alice' });
    t.run({
      type: 'contractConditional',
      orderId: 'stop-1',
      userId: 'alice',
      symbol: SYM,
      action: 'open_long',
      orderType: 'market',
      mode: 'cross',
      qty: btc(1),
      triggerPrice: px(51_000),
    });
    expect(t.mode('alice', 'one_way').code).toBe(ResultCode.PERP_POSITION_MODE_BUSY);
    t.run({ type: 'contractCancel', symbol: SYM, orderId: 'stop-1', userId: 'alice' });
    // Hedge: a long and a short at once; the mode stays until both are gone.
    t.limit('bob', 'open_short', 50_000, 1);
    t.limit('alice', 'open_long', 50_000, 1);
    expect(t.mode('alice', 'one_way').code).toBe(ResultCode.PERP_POSITION_MODE_BUSY);
    t.limit('bob', 'open_long', 50_000, 1);
    t.limit('alice', 'close_long', 50_000, 1);
    expect(t.mode('alice', 'one_way').code).toBe(ResultCode.OK);
    // The same mode again is accepted and changes nothing; an unknown mode is refused.
    expect(t.mode('alice', 'one_way')).toEqual({ code: ResultCode.OK, events: [] });
    expect(t.run({ type: 'setPositionMode', userId: 'alice', mode: 'both' as 'hedge' }).code).toBe(
      ResultCode.PERP_INVALID_POSITION_MODE,
    );
    expect(t.run({ type: 'setPositionMode', userId: '@insurance', mode: 'one_way' }).code).toBe(
      ResultCode.PERP_INVALID_POSITION_MODE,
    );
  });

  it('TP/SL set on a flipping order protect the new position; the old side has none left', () => {
    const t = oneWayShort();
    t.limit('bob', 'open_short', 50_000, 2);
    t.limit('alice', 'open_long', 50_000, 2, { sl: BigInt(px(48_000)) });
    const long = t.pos('alice', 'long')!;
    expect(long.size).toBe(1000n);
    expect(long.sl).toBe(BigInt(px(48_000)));
    // The mark falls through the stop: the long is market-closed into Bob's bid.
    t.limit('bob', 'open_long', 47_900, 1);
    const r = t.price(47_900);
    expect(r.events.some((ev) => ev.type === 'perp.tpsl' && ev.userId === 'alice')).toBe(true);
    expect(t.pos('alice', 'long')).toBeUndefined();
  });

  it('liquidation and funding work on the net position', () => {
    const t = setup(6_000n, 500_000n);
    t.run({ type: 'setLeverage', userId: 'alice', symbol: SYM, leverage: 50 });
    t.mode('alice', 'one_way');
    aliceShort(t);
    // Flip to a long of 4 BTC at 50x: IM 4,000 + fee 100 held, against 6,000 - 25 - 1,000 free.
    t.limit('bob', 'open_short', 50_000, 5);
    t.limit('alice', 'open_long', 50_000, 5);
    expect(t.pos('alice', 'long')?.size).toBe(4000n);
    // Funding after the interval: the net long pays the interest rate (0.01%) on its 200,000.
    t.jump(Number(t.e.perp.state(SYM)!.nextFundingTs));
    const f = t.run({ type: 'fundingTick', symbol: SYM });
    expect(f.events.some((ev) => ev.type === 'perp.funding')).toBe(true);
    expect(t.pos('alice', 'long')!.funding).toBeLessThan(0n);
    // A fall to 48,500 is -6,000 on the long: below maintenance, liquidated into the fund.
    const r = t.price(48_500);
    expect(r.events.some((ev) => ev.type === 'perp.liquidation' && ev.userId === 'alice')).toBe(true);
    expect(t.pos('alice', 'long')).toBeUndefined();
    expect(t.pos('alice', 'short')).toBeUndefined();
  });

  it('isolated one-way: the flip moves margin only for the opening part', () => {
    const t = setup();
    t.mode('alice', 'one_way');
    aliceShort(t, 1, 'isolated');
    expect(t.pos('alice', 'short', 'isolated')?.margin).toBe(5_000n * USDC);
    t.limit('bob', 'open_short', 50_000, 1.5);
    t.limit('alice', 'open_long', 50_000, 1.5, { mode: 'isolated' });
    expect(t.pos('alice', 'short', 'isolated')).toBeUndefined();
    // The short's 5,000 went back to the wallet; the long of 0.5 took 2,500.
    expect(t.pos('alice', 'long', 'isolated')?.margin).toBe(2_500n * USDC);
    // Fees: 25 for the short, then 25 on the closing 1 and 12.5 on the opening 0.5 of the flip.
    expect(t.wallet('alice').available).toBe((20_000n - 25n - 25n - 2_500n) * USDC - 12_500_000n);
  });

  it('journal replay and snapshot give the same state hash; an engine without one-way users keeps its old snapshot shape', () => {
    const t = setup();
    expect(t.e.snapshot().perp.oneWay).toBeUndefined();
    t.mode('alice', 'one_way');
    aliceShort(t);
    const resting = t.limit('alice', 'open_long', 49_000, 3); // reduces 1
    const replay = new ExchangeEngine(demoEngineConfig({ keepJournal: true }));
    for (const c of t.journal) expect(replay.execute(c).code).toBe(ResultCode.OK);
    expect(replay.stateHash()).toBe(t.e.stateHash());
    const copy = ExchangeEngine.fromSnapshot(demoEngineConfig(), t.e.snapshot());
    expect(copy.perp.positionModeOf('alice')).toBe('one_way');
    expect(copy.perp.order(resting.orderId)?.reduce).toBe(1000n);
    expect(copy.stateHash()).toBe(t.e.stateHash());
  });
});
