// The perpetual engine end to end, with the numbers of docs/perpetuals.md.
import { describe, expect, it } from 'vitest';
import {
  accountKey,
  type Command,
  demoEngineConfig,
  type EngineEvent,
  ExchangeEngine,
  INSURANCE_USER,
  ResultCode,
  systemAccount,
} from '../src/index.ts';
import {
  type ContractAction,
  type Mode,
  perpScenario,
  px,
  type Scenario,
  SYM,
  USDC,
} from './helpers/scenario.ts';

const setup = () => perpScenario();

/** A limit order of `qtyBtc` BTC at `usd` with the fixed id `orderId`. */
const limit = (
  s: Scenario,
  orderId: string,
  userId: string,
  action: ContractAction,
  mode: Mode,
  usd: number,
  qtyBtc = 1,
) => s.place(userId, action, mode, usd, qtyBtc, { orderId });

/** carol (10,000 USDC) bids 1 BTC at `usd` in cross (order c1): someone for a close to sell to. */
function carolBids(s: Scenario, usd: number) {
  s.fund('carol', 10_000n * USDC);
  limit(s, 'c1', 'carol', 'open_long', 'cross', usd);
}

/** alice's take-profit at `usd` (no stop loss) on her isolated long. */
const aliceTakeProfit = (s: Scenario, usd: number) =>
  s.run({
    type: 'setTpsl',
    userId: 'alice',
    symbol: SYM,
    mode: 'isolated',
    side: 'long',
    tp: BigInt(px(usd)),
    sl: 0n,
  });

/** alice opens long (taker), bob short (maker), 1 BTC at 50,000, both at 10x. */
function openPair(aliceMode: 'cross' | 'isolated' = 'isolated') {
  const s = setup();
  s.fund('alice', 10_000n * USDC);
  s.fund('bob', 100_000n * USDC);
  s.price(50_000);
  expect(limit(s, 'b1', 'bob', 'open_short', 'cross', 50_000).code).toBe(ResultCode.OK);
  expect(limit(s, 'a1', 'alice', 'open_long', aliceMode, 50_000).code).toBe(ResultCode.OK);
  return s;
}

const ofType = <T extends EngineEvent['type']>(events: EngineEvent[], t: T) =>
  events.filter((x): x is Extract<EngineEvent, { type: T }> => x.type === t);

describe('opening: holds, fees and isolated margin', () => {
  it('holds initial margin + taker fee while resting, then moves margin and takes the fee on fill', () => {
    const s = setup();
    s.fund('bob', 100_000n * USDC);
    limit(s, 'b1', 'bob', 'open_short', 'isolated', 50_000);
    // 5,000 initial margin + 25 taker fee held while the order rests.
    expect(s.wallet('bob')).toEqual({ available: 94_975n * USDC, frozen: 5_025n * USDC });
    s.fund('alice', 10_000n * USDC);
    limit(s, 'a1', 'alice', 'open_long', 'isolated', 50_000);
    // bob was the maker: 10 USDC fee (0.02%), margin 5,000 moved to the isolated account.
    expect(s.wallet('bob')).toEqual({ available: 94_990n * USDC, frozen: 0n });
    expect(s.e.ledger.available(accountKey('bob', `isolated:${SYM}:short`, 'USDC'))).toBe(5_000n * USDC);
    // alice the taker: 25 USDC fee.
    expect(s.wallet('alice')).toEqual({ available: 4_975n * USDC, frozen: 0n });
    expect(s.e.ledger.available(systemAccount('fee', 'USDC'))).toBe(35n * USDC);
    const p = s.e.perp.position('alice', SYM, 'isolated', 'long')!;
    expect(p.margin).toBe(5_000n * USDC);
    expect(s.e.perp.liquidationPriceOf(p)).toBe(BigInt(px(45_180.7)));
  });

  it('the position view: entry, liquidation and bankruptcy price, PnL rate, margin rate', () => {
    const s = openPair();
    s.price(52_000);
    const v = s.e.perp.view(s.e.perp.position('alice', SYM, 'isolated', 'long')!);
    expect(v).toMatchObject({
      entryPrice: 500_000n,
      markPrice: 520_000n,
      unrealisedPnl: 2_000n * USDC,
      pnlRatePpm: 400_000n, // +40% on 5,000 margin
      maintenanceMargin: 210n * USDC, // 52,000 is in tier 2: 52,000 x 0.5% - 50
      marginRatePpm: 30_000n, // 210 / 7,000
      liquidationPrice: 451_807n, // still tier 1's price: at 45,180.7 the notional is in tier 1
      bankruptcyPrice: 450_000n,
    });
  });

  it('refuses an order it cannot margin, a leverage outside the list, and a close larger than the position', () => {
    const s = openPair();
    expect(limit(s, 'x1', 'alice', 'open_long', 'isolated', 50_000).code).toBe(
      ResultCode.PERP_INSUFFICIENT_MARGIN,
    );
    expect(s.run({ type: 'setLeverage', userId: 'carol', symbol: SYM, leverage: 7 }).code).toBe(
      ResultCode.PERP_LEVERAGE_NOT_ALLOWED,
    );
    // With an open position the leverage may change when the margin allows (ADR 135): alice's
    // isolated margin is the initial margin at 10x, not enough for 5x.
    expect(s.run({ type: 'setLeverage', userId: 'alice', symbol: SYM, leverage: 5 }).code).toBe(
      ResultCode.PERP_LEVERAGE_MARGIN,
    );
    expect(limit(s, 'x2', 'alice', 'close_long', 'isolated', 50_000, 2).code).toBe(
      ResultCode.PERP_CLOSE_EXCEEDS_POSITION,
    );
  });
});

describe('worked example 4: PnL and fees through the book', () => {
  it('long 50,000 -> 52,000 as maker: +2,000 PnL, -25 open fee, -10.4 close fee', () => {
    const s = openPair();
    limit(s, 'a2', 'alice', 'close_long', 'isolated', 52_000);
    limit(s, 'b2', 'bob', 'close_short', 'cross', 52_000);
    expect(s.e.perp.position('alice', SYM, 'isolated', 'long')).toBeUndefined();
    // 10,000 - 25 + 2,000 - 10.4
    expect(s.wallet('alice')).toEqual({ available: 11_964_600_000n, frozen: 0n });
    // bob: 100,000 - 10 (maker open) - 2,000 - 26 (taker close at 52,000)
    expect(s.wallet('bob')).toEqual({ available: 97_964n * USDC, frozen: 0n });
    expect(s.e.ledger.available(systemAccount('settlement', 'USDC'))).toBe(0n);
  });
});

describe('worked example 1: liquidation of the isolated long', () => {
  it('not at 45,180.8; at 45,180.7 the fund takes it over at 45,000.0 and alice loses exactly her margin', () => {
    const s = openPair();
    expect(ofType(s.price(45_180.8).events, 'perp.liquidation')).toEqual([]);
    const before = s.wallet('alice');
    const r = s.price(45_180.7);
    const liq = ofType(r.events, 'perp.liquidation');
    expect(liq).toHaveLength(1);
    expect(liq[0]).toMatchObject({
      userId: 'alice',
      collateralTaken: 5_000n * USDC,
      bankruptcyPrice: 450_000n,
    });
    expect(s.wallet('alice')).toEqual(before);
    expect(s.e.ledger.available(accountKey('alice', `isolated:${SYM}:long`, 'USDC'))).toBe(0n);
    const fp = s.e.perp.position(INSURANCE_USER, SYM, 'cross', 'long')!;
    expect(fp.size).toBe(1000n);
    expect(fp.cost / fp.size).toBe(450_000n);
    // The fund is in profit (mark above its entry): no ADL.
    expect(ofType(r.events, 'perp.adl')).toEqual([]);
  });

  it('ADL: when the mark falls below the fund entry, bob (most profitable short) is closed at 45,000', () => {
    const s = openPair();
    s.price(45_180.7);
    const r = s.price(44_000);
    const adl = ofType(r.events, 'perp.adl');
    // bob's short from 50,000 closed at 45,000: 1 BTC x 5,000 = 5,000 realised.
    expect(adl).toEqual([
      {
        type: 'perp.adl',
        symbol: SYM,
        userId: 'bob',
        side: 'short',
        qty: 1000n,
        price: 450_000n,
        realisedPnl: 5_000n * USDC,
      },
    ]);
    expect(s.e.perp.position('bob', SYM, 'cross', 'short')).toBeUndefined();
    expect(s.e.perp.position(INSURANCE_USER, SYM, 'cross', 'long')).toBeUndefined();
    // bob: 100,000 - 10 fee + (50,000 - 45,000) = 104,990
    expect(s.wallet('bob').available).toBe(104_990n * USDC);
    // Every position closed: the settlement account holds nothing; alice's margin paid bob.
    expect(s.e.ledger.available(systemAccount('settlement', 'USDC'))).toBe(0n);
    expect(s.e.ledger.available(systemAccount('insurance', 'USDC'))).toBe(0n);
  });

  it('the fund unwinds into the book at no loss when a bid reaches its entry', () => {
    const s = openPair();
    s.price(45_180.7);
    carolBids(s, 45_100);
    s.run({ type: 'liquidationCheck' });
    expect(s.e.perp.position(INSURANCE_USER, SYM, 'cross', 'long')).toBeUndefined();
    // Sold at 45,100 what it took at 45,000: +100 for the fund.
    expect(s.e.ledger.available(systemAccount('insurance', 'USDC'))).toBe(100n * USDC);
  });
});

describe('cross liquidation', () => {
  it('takes the whole cross wallet and nothing else', () => {
    const s = openPair('cross');
    const alice = s.e.perp.position('alice', SYM, 'cross', 'long')!;
    // wallet 9,975 after the 25 fee: (50,000 - 9,975) / 0.996 = 40,185.7...
    expect(s.e.perp.liquidationPriceOf(alice)).toBe(BigInt(px(40_185.7)));
    expect(ofType(s.price(40_185.8).events, 'perp.liquidation')).toEqual([]);
    const r = s.price(40_185.7);
    expect(ofType(r.events, 'perp.liquidation')[0]).toMatchObject({ collateralTaken: 9_975n * USDC });
    expect(s.wallet('alice')).toEqual({ available: 0n, frozen: 0n });
  });
});

describe('worked example 5: funding', () => {
  it('at 0.01% the long pays the short 5 USDC per BTC at mark 50,000; the index moves by mark*rate', () => {
    const s = openPair();
    const a0 = s.e.ledger.available(accountKey('alice', `isolated:${SYM}:long`, 'USDC'));
    const b0 = s.wallet('bob').available;
    const next = s.e.perp.state(SYM)!.nextFundingTs;
    const r = s.run({ type: 'fundingTick', symbol: SYM }, next);
    expect(ofType(r.events, 'perp.funding')[0]).toMatchObject({
      ratePpm: 100n,
      fundingIndex: 500_000n * 100n,
      collected: 5n * USDC,
      paid: 5n * USDC,
      remainder: 0n,
    });
    expect(s.e.ledger.available(accountKey('alice', `isolated:${SYM}:long`, 'USDC'))).toBe(a0 - 5n * USDC);
    expect(s.wallet('bob').available).toBe(b0 + 5n * USDC);
    // Not due again until the next interval.
    expect(s.run({ type: 'fundingTick', symbol: SYM }, next + 1).events).toEqual([]);
  });
});

describe('TP/SL and margin adjustment', () => {
  it('a take-profit fires on the mark and closes through the book', () => {
    const s = openPair();
    expect(aliceTakeProfit(s, 49_000).code).toBe(ResultCode.PERP_INVALID_TPSL);
    aliceTakeProfit(s, 51_000);
    // carol bids 51,000 so the TP close has someone to sell to.
    carolBids(s, 51_000);
    const r = s.price(51_000);
    expect(ofType(r.events, 'perp.tpsl')).toHaveLength(1);
    expect(s.e.perp.position('alice', SYM, 'isolated', 'long')).toBeUndefined();
    // 10,000 - 25 + 1,000 - 25.5 (taker 0.05% of 51,000)
    expect(s.wallet('alice').available).toBe(10_949_500_000n);
  });

  it('a TP/SL command keeps what it leaves out and checks the pair it ends with (ADR 267)', () => {
    const s = openPair();
    const set = (fields: Partial<Extract<Command, { type: 'setTpsl' }>>) =>
      s.run({ type: 'setTpsl', userId: 'alice', symbol: SYM, mode: 'isolated', side: 'long', ...fields });
    const tpsl = () => {
      const p = s.e.perp.position('alice', SYM, 'isolated', 'long')!;
      return [p.tp, p.sl, p.tpslBy];
    };
    expect(set({ tp: BigInt(px(52_000)), sl: BigInt(px(48_000)), tpslBy: 'last' }).code).toBe(ResultCode.OK);
    expect(set({ tp: BigInt(px(53_000)) }).code).toBe(ResultCode.OK);
    expect(tpsl()).toEqual([BigInt(px(53_000)), BigInt(px(48_000)), 'last']);
    expect(set({ sl: 0n }).code).toBe(ResultCode.OK);
    expect(tpsl()).toEqual([BigInt(px(53_000)), 0n, 'last']);
    // A stop on the wrong side is refused and changes nothing.
    expect(set({ sl: BigInt(px(51_000)) }).code).toBe(ResultCode.PERP_INVALID_TPSL);
    expect(tpsl()).toEqual([BigInt(px(53_000)), 0n, 'last']);
    expect(set({ tpslBy: 'mark' }).code).toBe(ResultCode.OK);
    expect(tpsl()).toEqual([BigInt(px(53_000)), 0n, 'mark']);
  });

  it('adds and removes isolated margin within bounds', () => {
    const s = openPair();
    const adj = (amount: bigint) =>
      s.run({ type: 'adjustMargin', id: `m${amount}`, userId: 'alice', symbol: SYM, side: 'long', amount })
        .code;
    expect(adj(-1n)).toBe(ResultCode.PERP_MARGIN_BELOW_INITIAL);
    expect(adj(1_000n * USDC)).toBe(ResultCode.OK);
    const p = s.e.perp.position('alice', SYM, 'isolated', 'long')!;
    expect(p.margin).toBe(6_000n * USDC);
    // 4,000 / 0.996 = 44,176.7...
    expect(s.e.perp.liquidationPriceOf(p)).toBe(BigInt(px(44_176.7)));
    expect(adj(-1_000n * USDC)).toBe(ResultCode.OK);
    expect(adj(5_000n * USDC)).toBe(ResultCode.PERP_INSUFFICIENT_MARGIN);
  });
});

describe('snapshot and replay', () => {
  it('restoring a snapshot and replaying gives the same state hash', () => {
    const s = openPair();
    const snap = s.e.snapshot();
    const tail: Command[] = [
      { type: 'priceUpdate', symbol: SYM, indexPrice: BigInt(px(45_180.7)), ts: 5_000 },
      { type: 'priceUpdate', symbol: SYM, indexPrice: BigInt(px(44_000)), ts: 5_001 },
    ];
    for (const c of tail) s.e.execute(c);
    const copy = ExchangeEngine.fromSnapshot(demoEngineConfig(), snap);
    for (const c of tail) copy.execute(c);
    expect(copy.stateHash()).toBe(s.e.stateHash());
  });
});
