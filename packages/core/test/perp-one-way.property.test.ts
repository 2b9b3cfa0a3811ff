// Property test for one-way position mode (ADR 180): users in both modes place random buys, sells,
// reduce-only orders, cancels, closes and mode switches while the index moves. After every command
// the invariant checker holds (conservation, holds of `remaining - reduce`, no one-way user with two
// sides, no order reserving more of a position than it has), and the journal replayed gives the
// same state hash.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type Command, checkInvariants, demoEngineConfig, ExchangeEngine, ResultCode } from '../src/index.ts';

const SYM = 'BTC_USDC_PERP';
const USERS = ['a', 'b', 'c', 'd'];

const step = fc.oneof(
  {
    arbitrary: fc.record({
      kind: fc.constant('order' as const),
      u: fc.integer({ min: 0, max: 3 }),
      action: fc.constantFrom('open_long', 'open_short', 'close_long', 'close_short'),
      mode: fc.constantFrom('cross', 'isolated'),
      offset: fc.integer({ min: -300, max: 300 }),
      qty: fc.integer({ min: 1, max: 400 }),
      market: fc.boolean(),
    }),
    weight: 8,
  },
  {
    arbitrary: fc.record({ kind: fc.constant('price' as const), move: fc.integer({ min: -800, max: 800 }) }),
    weight: 2,
  },
  {
    arbitrary: fc.record({
      kind: fc.constant('mode' as const),
      u: fc.integer({ min: 0, max: 3 }),
      oneWay: fc.boolean(),
    }),
    weight: 1,
  },
  {
    arbitrary: fc.record({ kind: fc.constant('cancelAll' as const), u: fc.integer({ min: 0, max: 3 }) }),
    weight: 1,
  },
);

describe('one-way and hedge users side by side (property)', () => {
  it('invariants after every command; replay gives the same state hash', () => {
    let trades = 0;
    let flips = 0;
    fc.assert(
      fc.property(fc.array(step, { minLength: 20, maxLength: 120 }), (steps) => {
        const e = new ExchangeEngine(demoEngineConfig());
        const journal: Command[] = [];
        let ts = 1;
        let index = 500_000;
        const sides = (u: string) =>
          e.perp
            .positionsOf(u)
            .map((p) => `${p.mode}:${p.side}`)
            .sort()
            .join();
        const run = (c: Command) => {
          const before = USERS.map(sides);
          const r = e.execute(c);
          trades += r.events.filter((ev) => ev.type === 'perp.trade').length;
          USERS.forEach((u, i) => {
            if (e.perp.positionModeOf(u) !== 'one_way') return;
            const now = sides(u);
            for (const m of ['cross', 'isolated'])
              if (
                (before[i]!.includes(`${m}:long`) && now.includes(`${m}:short`)) ||
                (before[i]!.includes(`${m}:short`) && now.includes(`${m}:long`))
              )
                flips++;
          });
          if (r.code === ResultCode.OK) journal.push(c);
          const problems = checkInvariants(e, r.events);
          if (problems.length > 0)
            throw new Error(
              `${JSON.stringify(c, (_k, v) => (typeof v === 'bigint' ? `${v}` : v))}: ${problems.join('; ')}`,
            );
          return r;
        };
        run({ type: 'priceUpdate', ts: ts++, symbol: SYM, indexPrice: BigInt(index) });
        USERS.forEach((u, i) => {
          const amount = 20_000_000_000n;
          run({ type: 'deposit', ts: ts++, id: `d${u}`, userId: u, asset: 'USDC', amount });
          run({
            type: 'transfer',
            ts: ts++,
            id: `t${u}`,
            userId: u,
            asset: 'USDC',
            from: 'spot',
            to: 'contract',
            amount,
          });
          run({ type: 'setLeverage', ts: ts++, userId: u, symbol: SYM, leverage: 20 });
          if (i % 2 === 0) run({ type: 'setPositionMode', ts: ts++, userId: u, mode: 'one_way' });
        });
        let n = 0;
        for (const s of steps) {
          if (s.kind === 'price') {
            index = Math.max(1_000, index + s.move);
            run({ type: 'priceUpdate', ts: ts++, symbol: SYM, indexPrice: BigInt(index) });
          } else if (s.kind === 'mode') {
            run({
              type: 'setPositionMode',
              ts: ts++,
              userId: USERS[s.u]!,
              mode: s.oneWay ? 'one_way' : 'hedge',
            });
          } else if (s.kind === 'cancelAll') {
            run({ type: 'contractCancelAll', ts: ts++, userId: USERS[s.u]! });
          } else {
            run({
              type: 'contractPlace',
              ts: ts++,
              orderId: `o${++n}`,
              userId: USERS[s.u]!,
              symbol: SYM,
              action: s.action,
              orderType: s.market ? 'market' : 'limit',
              mode: s.mode,
              ...(s.market ? {} : { price: index + s.offset }),
              qty: s.qty,
            });
          }
        }
        const replay = new ExchangeEngine(demoEngineConfig());
        for (const c of journal) expect(replay.execute(c).code).toBe(ResultCode.OK);
        expect(replay.stateHash()).toBe(e.stateHash());
      }),
      { numRuns: 150, seed: 180 },
    );
    // The runs must reach what they are about: trades, and one-way positions that flip.
    expect(trades).toBeGreaterThan(500);
    expect(flips).toBeGreaterThan(20);
  }, 120_000);
});
