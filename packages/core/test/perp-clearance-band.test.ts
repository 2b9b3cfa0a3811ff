// Issue 8's last two rules: the liquidation clearance fee (ADR 182: a per-market rate of the
// liquidated notional paid to the insurance fund out of the remaining equity, never more, the owner
// keeping the rest) and the stop-limit price band checked again when the order fires (ADR 181).
// Worked numbers as in docs/perpetuals.md; the invariant checker runs after every command.
import { describe, expect, it } from 'vitest';
import { demoEngineConfig, type EngineEvent, ExchangeEngine, ResultCode } from '../src/index.ts';
import { btc, type Mode, perpScenario, px, type Scenario, SYM, USDC } from './helpers/scenario.ts';

/** A scenario at 10x with BTC_USDC_PERP's clearance fee at `liquidationFeePpm` (the demo's 100 % without it). */
const setup = (liquidationFeePpm?: bigint) =>
  perpScenario({ leverage: 10, ...(liquidationFeePpm !== undefined && { liquidationFeePpm }) });

/** `user` (with `usdc` whole USDC) long 1 BTC at 50,000 in `mode` against bob (100,000 USDC). */
function longAgainstBob(t: Scenario, user: string, usdc: bigint, mode: Mode) {
  t.price(50_000);
  t.fund(user, usdc * USDC);
  t.fund('bob', 100_000n * USDC);
  t.place('bob', 'open_short', 'cross', 50_000, 1);
  return t.place(user, 'open_long', mode, 50_000, 1);
}

const available = (t: Scenario, u: string) => t.wallet(u).available;

const liquidation = (events: EngineEvent[]) => events.find((ev) => ev.type === 'perp.liquidation');

describe('liquidation clearance fee', () => {
  it('isolated long: the fund gets 0.1% of the notional out of the remaining equity, the owner keeps the rest', () => {
    const t = setup(1_000n);
    // Alice: isolated long 1 BTC at 50,000, 10x: margin 5,000, taker fee 25.
    longAgainstBob(t, 'alice', 10_000n, 'isolated');
    expect(available(t, 'alice')).toBe(4_975n * USDC);
    const fundBefore = t.fundBalance();
    // Mark 45,100: equity 5,000 - 4,900 = 100 < maintenance 0.4% x 45,100 = 180.4: liquidated.
    // Fee 0.1% x 45,100 = 45.1 (less than the 100 left), so Alice keeps 54.9.
    const r = t.price(45_100);
    expect(liquidation(r.events)).toMatchObject({
      userId: 'alice',
      clearanceFee: 45_100_000n,
      collateralTaken: 4_945_100_000n,
      bankruptcyPrice: BigInt(px(45_100)),
    });
    expect(t.fundBalance() - fundBefore).toBe(45_100_000n);
    expect(available(t, 'alice')).toBe(4_975n * USDC + 54_900_000n);
    expect(t.e.perp.position('alice', SYM, 'isolated', 'long')).toBeUndefined();
    // The fund holds the position at the mark: no gain or loss left in it.
    const fp = t.e.perp.position('@insurance', SYM, 'cross', 'long')!;
    expect(fp.cost).toBe(BigInt(px(45_100)) * 1000n);
  });

  it('cross: the fee comes out of the wallet, the rest of the equity stays there', () => {
    const t = setup(1_000n);
    longAgainstBob(t, 'carol', 5_600n, 'cross'); // wallet 5,575 after the fee
    // Mark 44,600: equity 5,575 - 5,400 = 175 < 178.4 maintenance. Fee 44.6, Carol keeps 130.4.
    const r = t.price(44_600);
    expect(liquidation(r.events)).toMatchObject({ userId: 'carol', clearanceFee: 44_600_000n });
    expect(available(t, 'carol')).toBe(130_400_000n);
    expect(t.e.perp.positionsOf('carol')).toEqual([]);
  });

  it('a late liquidation (equity below zero) pays no fee and nothing is given back', () => {
    const t = setup(1_000n);
    longAgainstBob(t, 'alice', 10_000n, 'isolated');
    const fundBefore = t.fundBalance();
    // A gap to 44,000: equity 5,000 - 6,000 = -1,000.
    const r = t.price(44_000);
    expect(liquidation(r.events)).toMatchObject({
      userId: 'alice',
      clearanceFee: 0n,
      collateralTaken: 5_000n * USDC,
    });
    expect(available(t, 'alice')).toBe(4_975n * USDC);
    expect(t.fundBalance()).toBe(fundBefore);
  });

  it('the default (100%) keeps the old rule: the whole remaining equity goes to the fund', () => {
    const t = setup();
    longAgainstBob(t, 'alice', 10_000n, 'isolated');
    const r = t.price(45_100);
    const ev = liquidation(r.events)!;
    expect(ev).toMatchObject({ collateralTaken: 5_000n * USDC, bankruptcyPrice: BigInt(px(45_000)) });
    expect('clearanceFee' in ev).toBe(false);
    expect(available(t, 'alice')).toBe(4_975n * USDC);
  });
});

describe('stop-limit band when it fires', () => {
  /** The index at 50,000 and alice with 10,000 USDC. */
  const stopSetup = () => {
    const t = setup();
    t.price(50_000);
    t.fund('alice', 10_000n * USDC);
    return t;
  };
  const stop = (
    t: Scenario,
    orderId: string,
    action: 'open_long' | 'open_short',
    trigger: number,
    limit: number,
    bandPpm?: number,
  ) =>
    t.run({
      type: 'contractConditional',
      orderId,
      userId: 'alice',
      symbol: SYM,
      action,
      orderType: 'limit',
      mode: 'cross',
      price: px(limit),
      qty: btc(0.1),
      triggerPrice: px(trigger),
      ...(bandPpm !== undefined ? { bandPpm } : {}),
    });

  it('a limit outside index ± band when the trigger fires is cancelled with price_out_of_band', () => {
    const t = stopSetup();
    // A sell stop at 49,000 with its limit at 47,600: inside 50,000 ± 5% when placed.
    expect(stop(t, 's1', 'open_short', 49_000, 47_600, 50_000).code).toBe(ResultCode.OK);
    // A gap to 44,000: the band is 41,800 - 46,200, the limit 47,600 is outside it.
    const r = t.price(44_000);
    expect(r.events).toContainEqual(
      expect.objectContaining({ type: 'perp.cancelled', orderId: 's1', reason: 'price_out_of_band' }),
    );
    expect(t.e.perp.order('s1')).toBeUndefined();
    expect(t.e.perp.trigger('s1')).toBeUndefined();
  });

  it('a limit still inside the band is placed as usual', () => {
    const t = stopSetup();
    expect(stop(t, 's2', 'open_short', 49_000, 47_600, 50_000).code).toBe(ResultCode.OK);
    // 48,900: band 46,455 - 51,345, the limit 47,600 is inside: it rests in the book.
    const r = t.price(48_900);
    expect(r.events.some((ev) => ev.type === 'perp.cancelled' && ev.orderId === 's2')).toBe(false);
    expect(t.e.perp.order('s2')?.remaining).toBe(100n);
  });

  it('without a band (older commands) nothing is checked; a bad band is refused', () => {
    const t = stopSetup();
    expect(stop(t, 's3', 'open_short', 49_000, 47_600).code).toBe(ResultCode.OK);
    t.price(44_000);
    expect(t.e.perp.order('s3')?.remaining).toBe(100n);
    expect(stop(t, 's4', 'open_short', 43_000, 42_000, 0).code).toBe(ResultCode.PERP_INVALID_PRICE);
    expect(stop(t, 's5', 'open_short', 43_000, 42_000, 1_000_000).code).toBe(ResultCode.PERP_INVALID_PRICE);
    const market = t.run({
      type: 'contractConditional',
      orderId: 's6',
      userId: 'alice',
      symbol: SYM,
      action: 'open_short',
      orderType: 'market',
      mode: 'cross',
      qty: btc(0.1),
      triggerPrice: px(43_000),
      bandPpm: 50_000,
    });
    expect(market.code).toBe(ResultCode.PERP_INVALID_PRICE);
  });

  it('the band travels in the snapshot: restore gives the same state hash', () => {
    const t = stopSetup();
    stop(t, 's7', 'open_short', 49_000, 47_600, 50_000);
    const snap = t.e.snapshot();
    expect(snap.perp.triggers?.[0]).toHaveLength(17);
    const copy = ExchangeEngine.fromSnapshot(demoEngineConfig(), snap);
    expect(copy.stateHash()).toBe(t.e.stateHash());
    expect(copy.perp.trigger('s7')?.bandPpm).toBe(50_000n);
  });
});
