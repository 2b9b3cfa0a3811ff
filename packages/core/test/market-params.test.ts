// setMarketParams (ADR 154): an operator's fees and leverage list as an engine command. Checked in
// the core, applied at one journal position, carried by the snapshot, the same after a replay.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  accountKey,
  type Command,
  demoEngineConfig,
  ExchangeEngine,
  MAX_FEE_PPM,
  marketParams,
  ResultCode,
} from '../src/index.ts';
import { perpScenario, px, SYM, USDC } from './helpers/scenario.ts';

function setup() {
  const s = perpScenario({ journal: 'accepted' });
  const { e, run, fund, journal } = s;
  const order = (userId: string, action: 'open_long' | 'open_short', usd: number, qty: number) =>
    s.place(userId, action, 'cross', usd, qty);
  const params = (
    p: Omit<Extract<Command, { type: 'setMarketParams' }>, 'type' | 'ts' | 'symbol'>,
    symbol = SYM,
  ) => run({ type: 'setMarketParams', symbol, ...p });
  return { e, run, fund, order, params, journal };
}

describe('setMarketParams', () => {
  it('refuses bad input and changes nothing', () => {
    const { e, params } = setup();
    const before = e.stateHash();
    const bad: [Parameters<typeof params>[0], string, number][] = [
      [{ makerFeePpm: -1 }, SYM, ResultCode.ENGINE_INVALID_FEE],
      [{ takerFeePpm: MAX_FEE_PPM + 1 }, SYM, ResultCode.ENGINE_INVALID_FEE],
      [{ takerFeePpm: 1.5 }, SYM, ResultCode.ENGINE_INVALID_FEE],
      // maker above taker: the opening hold covers only the taker fee
      [{ makerFeePpm: 600 }, SYM, ResultCode.ENGINE_INVALID_FEE],
      [{ leverages: [] }, SYM, ResultCode.ENGINE_INVALID_LEVERAGES],
      [{ leverages: [1, 5, 3] }, SYM, ResultCode.ENGINE_INVALID_LEVERAGES],
      [{ leverages: [1, 2, 2] }, SYM, ResultCode.ENGINE_INVALID_LEVERAGES],
      [{ leverages: [0, 2] }, SYM, ResultCode.ENGINE_INVALID_LEVERAGES],
      [{ leverages: [1, 2.5] }, SYM, ResultCode.ENGINE_INVALID_LEVERAGES],
      // above the market's highest risk tier (100x for BTC)
      [{ leverages: [1, 125] }, SYM, ResultCode.ENGINE_INVALID_LEVERAGES],
      [{ leverages: [1, 2] }, 'BTC_USDC', ResultCode.ENGINE_INVALID_LEVERAGES],
      [{ makerFeePpm: 100 }, 'NOPE', ResultCode.ENGINE_UNKNOWN_MARKET],
    ];
    for (const [p, sym, code] of bad) expect(params(p, sym).code, JSON.stringify(p)).toBe(code);
    expect(e.stateHash()).toBe(before);
    expect(e.snapshot().marketParams).toBeUndefined();
  });

  it('new fees apply to the next spot fill; the snapshot carries them', () => {
    const { e, run, fund, params } = setup();
    fund('s', 0n, false);
    run({ type: 'deposit', id: 'd-btc', userId: 's', asset: 'BTC', amount: 100_000_000n });
    fund('b', 100_000n * USDC, false);
    expect(params({ makerFeePpm: 0, takerFeePpm: 2000 }, 'BTC_USDC').code).toBe(ResultCode.OK);
    run({
      type: 'spotPlace',
      orderType: 'limit',
      symbol: 'BTC_USDC',
      orderId: 'sell',
      userId: 's',
      side: 'sell',
      price: 5_000_000,
      qty: 10_000,
    });
    const r = run({
      type: 'spotPlace',
      orderType: 'limit',
      symbol: 'BTC_USDC',
      orderId: 'buy',
      userId: 'b',
      side: 'buy',
      price: 5_000_000,
      qty: 10_000,
    });
    const trade = r.events.find((x) => x.type === 'spot.trade');
    // 1 BTC at 50 000: the taker (buyer) pays 0.2 % of the BTC, the maker nothing.
    expect(trade?.type === 'spot.trade' && trade.trade.buyerFee).toBe(200_000n);
    expect(trade?.type === 'spot.trade' && trade.trade.sellerFee).toBe(0n);
    const snap = e.snapshot();
    expect(snap.marketParams).toEqual([['BTC_USDC', '0', '2000', [], 0]]);
    const copy = ExchangeEngine.fromSnapshot(demoEngineConfig(), snap);
    expect(copy.stateHash()).toBe(e.stateHash());
    expect(marketParams(copy, 'BTC_USDC')?.takerFeePpm).toBe(2000n);
  });

  it('leverage list: positions keep theirs, setLeverage takes only the new list, default follows', () => {
    const { e, run, fund, order, params } = setup();
    fund('a', 10_000n * USDC);
    fund('b', 10_000n * USDC);
    run({ type: 'priceUpdate', symbol: SYM, indexPrice: BigInt(px(50_000)) });
    run({ type: 'setLeverage', userId: 'a', symbol: SYM, leverage: 20 });
    order('b', 'open_short', 50_000, 0.1);
    order('a', 'open_long', 50_000, 0.1);
    expect(e.perp.position('a', SYM, 'cross', 'long')?.leverage).toBe(20);
    expect(params({ leverages: [1, 2, 5] }).code).toBe(ResultCode.OK);
    expect(e.perp.position('a', SYM, 'cross', 'long')?.leverage).toBe(20);
    expect(marketParams(e, SYM)?.leverages).toEqual([1, 2, 5]);
    // The demo default was 10: the highest offered value below it.
    expect(marketParams(e, SYM)?.defaultLeverage).toBe(5);
    expect(e.perp.leverageOf('c', SYM)).toBe(5);
    expect(run({ type: 'setLeverage', userId: 'a', symbol: SYM, leverage: 10 }).code).toBe(
      ResultCode.PERP_LEVERAGE_NOT_ALLOWED,
    );
    expect(run({ type: 'setLeverage', userId: 'a', symbol: SYM, leverage: 5 }).code).toBe(ResultCode.OK);
  });

  it('a taker fee change holds resting opening orders again; one that cannot be covered is cancelled', () => {
    const { e, fund, order, params, journal } = setup();
    fund('rich', 10_000n * USDC);
    // 0.1 BTC at 50 000, 10x: 500 USDC margin + 0.05 % fee 2.5 = 502.5 held; nothing more free.
    fund('tight', 502_500_000n);
    order('rich', 'open_long', 49_000, 0.1);
    order('tight', 'open_long', 50_000, 0.1);
    const hold = (id: string) => e.perp.order(id)?.hold;
    expect(hold('o2')).toBe(502_500_000n);
    const lower = params({ takerFeePpm: 300 });
    expect(lower.code).toBe(ResultCode.OK);
    expect(hold('o2')).toBe(501_500_000n);
    expect(e.ledger.available(accountKey('tight', 'contract', 'USDC'))).toBe(1_000_000n);
    // Back up past what is free: the tight order goes, the rich one is held at the new fee.
    const higher = params({ takerFeePpm: 1000 });
    expect(higher.code).toBe(ResultCode.OK);
    expect(e.perp.order('o2')).toBeUndefined();
    expect(higher.events.some((x) => x.type === 'perp.cancelled' && x.reason === 'fee_change')).toBe(true);
    expect(hold('o1')).toBe(490_000_000n + 4_900_000n);
    expect(e.ledger.available(accountKey('tight', 'contract', 'USDC'))).toBe(502_500_000n);
    // Replay of the journal gives the same state.
    const replay = new ExchangeEngine(demoEngineConfig({ keepJournal: true }));
    for (const c of journal) expect(replay.execute(c).code).toBe(ResultCode.OK);
    expect(replay.stateHash()).toBe(e.stateHash());
    // So does a snapshot taken now, restored on a fresh engine, and one restored over a changed engine.
    const back = ExchangeEngine.fromSnapshot(demoEngineConfig(), e.snapshot());
    expect(back.stateHash()).toBe(e.stateHash());
    const fresh = new ExchangeEngine(demoEngineConfig());
    replay.restore(fresh.snapshot());
    expect(marketParams(replay, SYM)?.takerFeePpm).toBe(500n);
  });

  it('property: fee and list changes among random orders, fills, prices and leverage changes keep every invariant and replay', () => {
    const step = fc.oneof(
      fc.record({
        k: fc.constant('order' as const),
        u: fc.integer({ min: 0, max: 2 }),
        long: fc.boolean(),
        usd: fc.integer({ min: 48_000, max: 52_000 }),
        qty: fc.integer({ min: 1, max: 300 }),
      }),
      fc.record({
        k: fc.constant('fees' as const),
        maker: fc.integer({ min: 0, max: 800 }),
        taker: fc.integer({ min: 0, max: 2_000 }),
      }),
      fc.record({
        k: fc.constant('list' as const),
        list: fc.uniqueArray(fc.integer({ min: 1, max: 100 }), { minLength: 1, maxLength: 6 }),
      }),
      fc.record({
        k: fc.constant('lev' as const),
        u: fc.integer({ min: 0, max: 2 }),
        l: fc.constantFrom(1, 5, 10, 20, 50),
      }),
      fc.record({ k: fc.constant('price' as const), usd: fc.integer({ min: 47_000, max: 53_000 }) }),
    );
    fc.assert(
      fc.property(fc.array(step, { minLength: 5, maxLength: 40 }), (steps) => {
        const { e, run, fund, params, journal } = setup();
        const users = ['u0', 'u1', 'u2'];
        fund('u0', 100_000n * USDC);
        fund('u1', 2_000n * USDC);
        fund('u2', 700n * USDC);
        run({ type: 'priceUpdate', symbol: SYM, indexPrice: BigInt(px(50_000)) });
        let n = 0;
        for (const st of steps) {
          if (st.k === 'order')
            run({
              type: 'contractPlace',
              orderId: `p${++n}`,
              userId: users[st.u]!,
              symbol: SYM,
              action: st.long ? 'open_long' : 'open_short',
              orderType: 'limit',
              mode: 'cross',
              price: px(st.usd),
              qty: st.qty,
            });
          else if (st.k === 'fees')
            params({ makerFeePpm: Math.min(st.maker, st.taker), takerFeePpm: st.taker });
          else if (st.k === 'list') params({ leverages: [...st.list].sort((a, b) => a - b) });
          else if (st.k === 'lev')
            run({ type: 'setLeverage', userId: users[st.u]!, symbol: SYM, leverage: st.l });
          else run({ type: 'priceUpdate', symbol: SYM, indexPrice: BigInt(px(st.usd)) });
        }
        const replay = new ExchangeEngine(demoEngineConfig({ keepJournal: true }));
        for (const c of journal) expect(replay.execute(c).code).toBe(ResultCode.OK);
        expect(replay.stateHash()).toBe(e.stateHash());
        expect(ExchangeEngine.fromSnapshot(demoEngineConfig(), e.snapshot()).stateHash()).toBe(e.stateHash());
      }),
      { numRuns: 60 },
    );
  });
});
