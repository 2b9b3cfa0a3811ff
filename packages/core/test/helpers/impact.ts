// An engine for the impact-premium tests (ADR 195, 198): BTC_USDC_PERP with an impact margin, one
// funded market maker 'mm', commands at explicit times (the interval's weights are the point).
import { expect } from 'vitest';
import {
  type Command,
  checkInvariants,
  DEMO_PERP_MARKETS,
  demoEngineConfig,
  ExchangeEngine,
  ResultCode,
} from '../../src/index.ts';
import { btc, px, SYM, USDC, type WithoutTs } from './scenario.ts';

/** BTC_USDC_PERP with an impact margin of `impactUsdc` USDC (none: the rule before). */
export function impactEngine(impactUsdc?: bigint) {
  const e = new ExchangeEngine(
    demoEngineConfig({
      ...(impactUsdc !== undefined && {
        perpMarkets: DEMO_PERP_MARKETS.map((m) =>
          m.symbol === SYM ? { ...m, impactMarginQuote: impactUsdc * USDC } : m,
        ),
      }),
    }),
  );
  let n = 0;
  const run = (c: WithoutTs<Command>, ts: number) => {
    const r = e.execute({ ...c, ts } as Command);
    expect(r.code).toBe(ResultCode.OK);
    expect(checkInvariants(e, r.events)).toEqual([]);
    return r;
  };
  const index = (usd: number, ts: number) =>
    run({ type: 'priceUpdate', symbol: SYM, indexPrice: BigInt(px(usd)) }, ts);
  const order = (action: 'open_long' | 'open_short', usd: number, qty: number, ts: number) =>
    run(
      {
        type: 'contractPlace',
        orderId: `o${++n}`,
        userId: 'mm',
        symbol: SYM,
        action,
        orderType: 'limit',
        mode: 'cross',
        price: px(usd),
        qty: btc(qty),
      },
      ts,
    );
  run({ type: 'deposit', id: 'd', userId: 'mm', asset: 'USDC', amount: 1_000_000n * USDC }, 1);
  run(
    {
      type: 'transfer',
      id: 't',
      userId: 'mm',
      asset: 'USDC',
      from: 'spot',
      to: 'contract',
      amount: 1_000_000n * USDC,
    },
    2,
  );
  return { e, run, index, order, state: () => e.perp.state(SYM)! };
}
