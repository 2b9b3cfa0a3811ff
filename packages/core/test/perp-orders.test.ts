// The order features of issue 8 (ADRs 135-138): time in force and self-trade prevention, conditional
// orders (stop-market, stop-limit, take-profit, trailing stop, partial TP/SL) on the mark or the last
// price, cancel-all, amend, leverage change with an open position, the ADL lights and the TP/SL
// back-off. Every command runs through the real engine with the invariant checker after it.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type Command,
  demoEngineConfig,
  type EngineEvent,
  ExchangeEngine,
  ResultCode,
} from '../src/index.ts';
import {
  aliceLongAgainstBob,
  aliceStopLoss,
  btc,
  type ContractAction,
  perpScenario,
  px,
  SYM,
  USDC,
  type WithoutTs,
} from './helpers/scenario.ts';

function setup() {
  const s = perpScenario();
  const { e, run, nextId } = s;
  /** A cross limit order (the scenario's limit() without its id). */
  const order = (...args: Parameters<typeof s.limit>) => s.limit(...args).r;
  const stop = (
    userId: string,
    action: ContractAction,
    qtyBtc: number,
    extra: Partial<Extract<Command, { type: 'contractConditional' }>>,
  ) => {
    const orderId = `s${nextId()}`;
    const r = run({
      type: 'contractConditional',
      orderId,
      userId,
      symbol: SYM,
      action,
      orderType: 'market',
      mode: 'cross',
      qty: btc(qtyBtc),
      ...extra,
    });
    return { r, orderId };
  };
  const pos = (userId: string, side: 'long' | 'short') => e.perp.position(userId, SYM, 'cross', side);
  /** alice long 1 BTC at 50,000 against bob, bob keeps a deep book on both sides. */
  const withLong = () => {
    expect(
      aliceLongAgainstBob(
        s,
        { alice: 20_000n * USDC, bob: 1_000_000n * USDC, carol: 1_000_000n * USDC },
        'cross',
      ).code,
    ).toBe(ResultCode.OK);
  };
  return { ...s, order, stop, pos, withLong };
}

const ofType = <T extends EngineEvent['type']>(events: readonly EngineEvent[], t: T) =>
  events.filter((x): x is Extract<EngineEvent, { type: T }> => x.type === t);

describe('time in force and self-trade prevention', () => {
  it('a post-only order that would take is cancelled whole and holds nothing', () => {
    const s = setup();
    s.withLong();
    s.order('bob', 'open_short', 50_100, 1);
    const before = s.wallet('carol');
    const r = s.order('carol', 'open_long', 50_100, 1, { tif: 'POST_ONLY' });
    expect(r.code).toBe(ResultCode.OK);
    expect(ofType(r.events, 'perp.cancelled')[0]?.reason).toBe('post_only_would_cross');
    expect(ofType(r.events, 'perp.trade')).toEqual([]);
    expect(s.wallet('carol')).toEqual(before);
  });

  it('FOK fills completely or not at all; IOC cancels the rest', () => {
    const s = setup();
    s.withLong();
    s.order('bob', 'open_short', 50_100, 0.5);
    const fok = s.order('carol', 'open_long', 50_100, 1, { tif: 'FOK' });
    expect(ofType(fok.events, 'perp.trade')).toEqual([]);
    expect(s.pos('carol', 'long')).toBeUndefined();
    const ioc = s.order('carol', 'open_long', 50_100, 1, { tif: 'IOC' });
    expect(ofType(ioc.events, 'perp.trade')).toHaveLength(1);
    expect(s.pos('carol', 'long')!.size).toBe(500n);
    expect(s.wallet('carol').frozen).toBe(0n);
  });

  it('STP cancel_oldest removes the own resting order and trades on; cancel_newest keeps it', () => {
    const s = setup();
    s.withLong();
    s.order('carol', 'open_short', 50_000, 1);
    s.order('bob', 'open_short', 50_000, 1);
    const newest = s.order('carol', 'open_long', 50_000, 1, { stp: 'cancel_newest' });
    expect(ofType(newest.events, 'perp.trade')).toEqual([]);
    expect(ofType(newest.events, 'perp.cancelled')[0]?.reason).toBe('self_trade');
    const oldest = s.order('carol', 'open_long', 50_000, 1, { stp: 'cancel_oldest' });
    expect(ofType(oldest.events, 'perp.cancelled')[0]?.reason).toBe('self_trade');
    expect(ofType(oldest.events, 'perp.trade')[0]?.trade.makerUserId).toBe('bob');
  });
});

describe('conditional orders', () => {
  it('a stop-market close on the mark fires once the mark reaches it and closes that quantity', () => {
    const s = setup();
    s.withLong();
    const { r } = s.stop('alice', 'close_long', 0.4, { triggerPrice: px(49_000) });
    expect(r.code).toBe(ResultCode.OK);
    expect(s.e.perp.triggersOf('alice')).toHaveLength(1);
    s.order('bob', 'open_long', 48_990, 2);
    const fired = s.price(48_900);
    expect(ofType(fired.events, 'perp.conditional').map((c) => c.status)).toEqual(['triggered']);
    // Partial TP/SL: 0.4 of 1 BTC closed, 0.6 stays.
    expect(s.pos('alice', 'long')!.size).toBe(600n);
    expect(s.e.perp.triggersOf('alice')).toEqual([]);
  });

  it('a stop-limit rests at its limit once triggered; a trigger at the current price is refused', () => {
    const s = setup();
    s.withLong();
    expect(s.stop('carol', 'open_long', 1, { triggerPrice: px(50_000) }).r.code).toBe(
      ResultCode.PERP_INVALID_TRIGGER,
    );
    const { orderId } = s.stop('carol', 'open_long', 1, {
      orderType: 'limit',
      price: px(50_500),
      triggerPrice: px(50_400),
      tif: 'POST_ONLY',
    });
    expect(s.wallet('carol').frozen).toBe(0n);
    s.price(50_450);
    expect(s.e.perp.order(orderId)?.remaining).toBe(1000n);
    expect(s.wallet('carol').frozen).toBeGreaterThan(0n);
  });

  it('a trigger on the mark ignores a last price pushed by a trade; one on the last does not', () => {
    const s = setup();
    s.withLong();
    s.stop('alice', 'close_long', 0.5, { triggerPrice: px(49_000), triggerBy: 'mark' });
    s.stop('alice', 'close_long', 0.5, { triggerPrice: px(49_000), triggerBy: 'last' });
    // carol and bob print a trade at 48,000 (a thin book moved by one pair of orders).
    s.order('bob', 'open_long', 48_000, 0.001);
    const r = s.order('carol', 'open_short', 48_000, 0.001);
    expect(ofType(r.events, 'perp.conditional').map((c) => c.trigger.by)).toEqual(['last']);
    expect(s.e.perp.triggersOf('alice').map((t) => t.by)).toEqual(['mark']);
  });

  it('a trailing stop follows the high and fires on the pull-back', () => {
    const s = setup();
    s.withLong();
    const { orderId } = s.stop('alice', 'close_long', 1, { trailingPpm: 10_000 });
    expect(s.e.perp.trigger(orderId)!.triggerPrice).toBe(BigInt(px(49_500)));
    s.price(52_000);
    expect(s.e.perp.trigger(orderId)!.triggerPrice).toBe(BigInt(px(51_480)));
    s.price(51_600);
    expect(s.e.perp.trigger(orderId)).toBeDefined();
    s.order('bob', 'open_long', 51_400, 2);
    s.price(51_400);
    expect(s.e.perp.trigger(orderId)).toBeUndefined();
    expect(s.pos('alice', 'long')).toBeUndefined();
  });

  it('a conditional close is dropped when its position closes; one refused on firing is not retried', () => {
    const s = setup();
    s.withLong();
    const { orderId } = s.stop('alice', 'close_long', 1, { triggerPrice: px(45_000) });
    s.order('bob', 'open_long', 50_000, 1);
    const closed = s.run({
      type: 'closePosition',
      orderId: 'c1',
      userId: 'alice',
      symbol: SYM,
      mode: 'cross',
      side: 'long',
    });
    expect(ofType(closed.events, 'perp.cancelled').some((c) => c.orderId === orderId)).toBe(true);
    // An opening stop bigger than carol's margin: refused when it fires, then gone.
    s.fund('dave', 100n * USDC);
    const big = s.stop('dave', 'open_long', 1, { triggerPrice: px(50_500) });
    const fired = s.price(50_600);
    expect(ofType(fired.events, 'perp.cancelled').find((c) => c.orderId === big.orderId)?.reason).toBe(
      `trigger_refused:${ResultCode.PERP_INSUFFICIENT_MARGIN}`,
    );
    expect(s.e.perp.trigger(big.orderId)).toBeUndefined();
  });

  it('another user can neither cancel nor amend a conditional order', () => {
    const s = setup();
    s.withLong();
    const { orderId } = s.stop('alice', 'close_long', 1, { triggerPrice: px(45_000) });
    expect(s.run({ type: 'contractCancel', symbol: SYM, orderId, userId: 'bob' }).code).toBe(
      ResultCode.PERP_NOT_ORDER_OWNER,
    );
    expect(
      s.run({ type: 'contractAmend', symbol: SYM, orderId, userId: 'bob', triggerPrice: px(44_000) }).code,
    ).toBe(ResultCode.PERP_NOT_ORDER_OWNER);
    expect(s.e.perp.trigger(orderId)!.triggerPrice).toBe(BigInt(px(45_000)));
  });
});

describe('cancel-all and amend', () => {
  it('cancel-all removes resting and conditional orders and frees every hold', () => {
    const s = setup();
    s.withLong();
    s.order('carol', 'open_long', 49_000, 1);
    s.order('carol', 'open_short', 51_000, 1);
    s.stop('carol', 'open_long', 1, { triggerPrice: px(52_000) });
    expect(s.wallet('carol').frozen).toBeGreaterThan(0n);
    const r = s.run({ type: 'contractCancelAll', userId: 'carol', symbol: SYM });
    expect(ofType(r.events, 'perp.cancelled')).toHaveLength(3);
    expect(s.wallet('carol')).toEqual({ available: 1_000_000n * USDC, frozen: 0n });
    expect(s.e.perp.ordersOf('carol')).toEqual([]);
    expect(s.e.perp.triggersOf('carol')).toEqual([]);
  });

  it('amend re-holds an opening order, refuses a crossing price and another owner, changes nothing then', () => {
    const s = setup();
    s.withLong();
    s.order('bob', 'open_short', 50_500, 1);
    s.order('carol', 'open_long', 49_000, 1, { orderId: 'mine' } as never);
    const id = s.e.perp.ordersOf('carol')[0]!.orderId;
    const held = s.wallet('carol').frozen;
    const up = s.run({ type: 'contractAmend', symbol: SYM, orderId: id, userId: 'carol', price: px(49_500) });
    expect(up.code).toBe(ResultCode.OK);
    expect(s.wallet('carol').frozen).toBeGreaterThan(held);
    const half = s.run({ type: 'contractAmend', symbol: SYM, orderId: id, userId: 'carol', qty: btc(0.5) });
    expect(half.code).toBe(ResultCode.OK);
    expect(s.e.perp.order(id)!.remaining).toBe(500n);
    const hash = s.e.stateHash();
    expect(
      s.run({ type: 'contractAmend', symbol: SYM, orderId: id, userId: 'carol', price: px(50_600) }).code,
    ).toBe(ResultCode.PERP_AMEND_REFUSED);
    expect(s.run({ type: 'contractAmend', symbol: SYM, orderId: id, userId: 'bob', qty: 1 }).code).toBe(
      ResultCode.PERP_NOT_ORDER_OWNER,
    );
    expect(s.e.stateHash()).toBe(hash);
  });

  it('an amend that needs more margin than is free is refused; a close may not reserve more than the position', () => {
    const s = setup();
    s.withLong();
    s.fund('erin', 600n * USDC);
    s.order('erin', 'open_long', 49_000, 0.1);
    const id = s.e.perp.ordersOf('erin')[0]!.orderId;
    expect(s.run({ type: 'contractAmend', symbol: SYM, orderId: id, userId: 'erin', qty: btc(5) }).code).toBe(
      ResultCode.PERP_INSUFFICIENT_MARGIN,
    );
    s.order('alice', 'close_long', 51_000, 0.5);
    const close = s.e.perp.ordersOf('alice')[0]!.orderId;
    expect(
      s.run({ type: 'contractAmend', symbol: SYM, orderId: close, userId: 'alice', qty: btc(1.5) }).code,
    ).toBe(ResultCode.PERP_CLOSE_EXCEEDS_POSITION);
  });
});

describe('leverage change with an open position', () => {
  it('raising is free; lowering needs the margin; isolated needs margin beyond the new initial', () => {
    const s = setup();
    s.withLong();
    // alice: 20,000 wallet, 1 BTC cross long at 10x (IM 5,000).
    expect(s.run({ type: 'setLeverage', userId: 'alice', symbol: SYM, leverage: 20 }).code).toBe(
      ResultCode.OK,
    );
    expect(s.pos('alice', 'long')!.leverage).toBe(20);
    expect(s.run({ type: 'setLeverage', userId: 'alice', symbol: SYM, leverage: 3 }).code).toBe(
      ResultCode.OK,
    );
    // 1x needs 50,000 of initial margin: more than the wallet.
    expect(s.run({ type: 'setLeverage', userId: 'alice', symbol: SYM, leverage: 1 }).code).toBe(
      ResultCode.PERP_LEVERAGE_MARGIN,
    );
    expect(s.pos('alice', 'long')!.leverage).toBe(3);
    s.order('bob', 'open_short', 50_000, 1, { mode: 'isolated' });
    s.order('carol', 'open_long', 50_000, 1, { mode: 'isolated' });
    const iso = s.e.perp.position('carol', SYM, 'isolated', 'long')!;
    expect(iso.margin).toBe(5_000n * USDC);
    expect(s.run({ type: 'setLeverage', userId: 'carol', symbol: SYM, leverage: 5 }).code).toBe(
      ResultCode.PERP_LEVERAGE_MARGIN,
    );
    expect(s.run({ type: 'setLeverage', userId: 'carol', symbol: SYM, leverage: 20 }).code).toBe(
      ResultCode.OK,
    );
  });

  it('open orders are held again at the new leverage; the risk tier still applies', () => {
    const s = setup();
    s.withLong();
    s.order('carol', 'open_long', 49_000, 1);
    const before = s.wallet('carol').frozen;
    expect(s.run({ type: 'setLeverage', userId: 'carol', symbol: SYM, leverage: 5 }).code).toBe(
      ResultCode.OK,
    );
    expect(s.wallet('carol').frozen).toBeGreaterThan(before);
    s.order('carol', 'open_long', 49_000, 6);
    // 7 BTC of exposure (~343,000) is tier 3 (20x at most).
    expect(s.run({ type: 'setLeverage', userId: 'carol', symbol: SYM, leverage: 50 }).code).toBe(
      ResultCode.PERP_RISK_LIMIT_EXCEEDED,
    );
  });
});

describe('ADL lights and the TP/SL back-off', () => {
  it('the most profitable, most leveraged position shows five lights, the least one', () => {
    const s = setup();
    s.fund('bob', 1_000_000n * USDC);
    s.price(50_000);
    const users = ['u1', 'u2', 'u3', 'u4', 'u5'];
    users.forEach((u, i) => {
      s.fund(u, BigInt(1_000 * (i + 1) * 10) * USDC);
      s.order('bob', 'open_short', 50_000, 0.1);
      s.order(u, 'open_long', 50_000, 0.1);
    });
    s.price(51_000);
    const lights = users.map((u) => s.e.perp.adlLights(s.pos(u, 'long')!));
    expect(lights).toEqual([5, 4, 3, 2, 1]);
  });

  it('a stop loss into an empty book does not refire on every price update', () => {
    const s = setup();
    s.withLong();
    aliceStopLoss(s, 'cross', 49_000);
    let fires = 0;
    for (let i = 0; i < 20; i++) fires += ofType(s.price(48_900 - i).events, 'perp.tpsl').length;
    // Fires at checks 1, 3, 7, 15 (waits of 1, 3, 7): 4, not 20.
    expect(fires).toBe(4);
    s.order('bob', 'open_long', 48_800, 2);
    for (let i = 0; i < 20 && s.pos('alice', 'long') !== undefined; i++) s.price(48_850);
    expect(s.pos('alice', 'long')).toBeUndefined();
  });

  it('TP/SL on the last price fires on a trade, on the mark it does not', () => {
    const s = setup();
    s.withLong();
    aliceStopLoss(s, 'cross', 49_000, { tpslBy: 'last' });
    s.order('bob', 'open_long', 48_000, 2);
    const r = s.order('carol', 'open_short', 48_000, 0.001);
    expect(ofType(r.events, 'perp.tpsl')).toHaveLength(1);
  });
});

describe('determinism', () => {
  it('replaying the journal, and restoring a snapshot taken with waiting triggers, give the same state', () => {
    const s = setup();
    s.withLong();
    s.stop('alice', 'close_long', 0.5, { trailingPpm: 5_000 });
    s.stop('carol', 'open_short', 1, { orderType: 'limit', price: px(49_000), triggerPrice: px(49_500) });
    aliceStopLoss(s, 'cross', 45_000, { tpslBy: 'last' });
    const mid = ExchangeEngine.fromSnapshot(demoEngineConfig(), JSON.parse(JSON.stringify(s.e.snapshot())));
    expect(mid.stateHash()).toBe(s.e.stateHash());
    const rest: Command[] = [];
    const more = (c: WithoutTs<Command>) => {
      const before = s.journal.length;
      s.run(c);
      rest.push(s.journal[before]!);
    };
    more({ type: 'priceUpdate', symbol: SYM, indexPrice: BigInt(px(51_000)) });
    more({
      type: 'contractPlace',
      orderId: 'x1',
      userId: 'bob',
      symbol: SYM,
      action: 'open_long',
      orderType: 'limit',
      mode: 'cross',
      price: px(49_400),
      qty: 2000,
    });
    more({ type: 'priceUpdate', symbol: SYM, indexPrice: BigInt(px(49_400)) });
    for (const c of rest) mid.execute(c);
    expect(mid.stateHash()).toBe(s.e.stateHash());
    const replay = new ExchangeEngine(demoEngineConfig());
    for (const c of s.journal) replay.execute(c);
    expect(replay.stateHash()).toBe(s.e.stateHash());
  });

  it('property: random orders, stops, amends, cancels, leverage changes and prices keep the ledger whole', () => {
    const users = ['a', 'b', 'c'];
    const cmd = fc.oneof(
      fc.record({
        k: fc.constant('place' as const),
        u: fc.constantFrom(...users),
        action: fc.constantFrom('open_long', 'open_short', 'close_long', 'close_short'),
        p: fc.integer({ min: 48_000, max: 52_000 }),
        q: fc.integer({ min: 1, max: 3000 }),
        tif: fc.constantFrom('GTC', 'IOC', 'FOK', 'POST_ONLY'),
        stp: fc.constantFrom('none', 'cancel_newest', 'cancel_oldest', 'cancel_both'),
      }),
      fc.record({
        k: fc.constant('stop' as const),
        u: fc.constantFrom(...users),
        action: fc.constantFrom('open_long', 'open_short', 'close_long', 'close_short'),
        t: fc.integer({ min: 47_000, max: 53_000 }),
        by: fc.constantFrom('mark', 'last'),
        trail: fc.boolean(),
        limit: fc.boolean(),
        q: fc.integer({ min: 1, max: 3000 }),
      }),
      fc.record({ k: fc.constant('price' as const), p: fc.integer({ min: 46_000, max: 54_000 }) }),
      fc.record({
        k: fc.constant('amend' as const),
        u: fc.constantFrom(...users),
        i: fc.nat(),
        p: fc.integer({ min: 48_000, max: 52_000 }),
        q: fc.integer({ min: 1, max: 3000 }),
      }),
      fc.record({ k: fc.constant('cancelAll' as const), u: fc.constantFrom(...users) }),
      fc.record({
        k: fc.constant('lev' as const),
        u: fc.constantFrom(...users),
        l: fc.constantFrom(1, 5, 10, 20, 50, 100),
      }),
    );
    fc.assert(
      fc.property(fc.array(cmd, { minLength: 5, maxLength: 60 }), (list) => {
        const s = setup();
        for (const u of users) s.fund(u, 30_000n * USDC);
        s.price(50_000);
        let id = 0;
        for (const c of list) {
          if (c.k === 'place')
            s.run({
              type: 'contractPlace',
              orderId: `p${++id}`,
              userId: c.u,
              symbol: SYM,
              action: c.action,
              orderType: 'limit',
              mode: 'cross',
              price: px(c.p),
              qty: c.q,
              tif: c.tif,
              stp: c.stp,
            });
          else if (c.k === 'stop')
            s.run({
              type: 'contractConditional',
              orderId: `s${++id}`,
              userId: c.u,
              symbol: SYM,
              action: c.action,
              orderType: c.limit ? 'limit' : 'market',
              mode: 'cross',
              ...(c.limit ? { price: px(c.t) } : {}),
              qty: c.q,
              triggerBy: c.by,
              ...(c.trail ? { trailingPpm: 10_000 } : { triggerPrice: px(c.t) }),
            });
          else if (c.k === 'price') s.price(c.p);
          else if (c.k === 'amend') {
            const mine = [
              ...s.e.perp.ordersOf(c.u).map((o) => o.orderId),
              ...s.e.perp.triggersOf(c.u).map((t) => t.orderId),
            ];
            if (mine.length > 0)
              s.run({
                type: 'contractAmend',
                symbol: SYM,
                orderId: mine[c.i % mine.length]!,
                userId: c.u,
                price: px(c.p),
                qty: c.q,
              });
          } else if (c.k === 'cancelAll') s.run({ type: 'contractCancelAll', userId: c.u });
          else s.run({ type: 'setLeverage', userId: c.u, symbol: SYM, leverage: c.l });
        }
        const replay = new ExchangeEngine(demoEngineConfig());
        for (const c of s.journal) replay.execute(c);
        expect(replay.stateHash()).toBe(s.e.stateHash());
      }),
      { numRuns: 60, seed: 8 },
    );
  });
});
