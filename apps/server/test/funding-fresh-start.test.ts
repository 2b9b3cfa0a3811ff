// ADR 156: on a fresh start the funding endpoint said 0 (the rate of a settlement that never
// happened) until the interval's first premium sample, and the next funding time was 0. Now the
// rate is null ("—") while there is no index, the estimate from the book's premium once there is
// one and no sample yet (right after a settlement), and the sampled average after that.
import { ResultCode } from '@ex/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, type TestApp, testApp } from './helpers/testApp.ts';

const SYM = 'BTC_USDC_PERP';
const EIGHT_HOURS = 8 * 3_600_000;

describe.each(BACKENDS)('funding rate before the first sample on %s', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await testApp(backend);
  });
  afterAll(async () => {
    await t.close();
  });
  const funding = async () =>
    (
      await t.call<{ rate: string | null; next_funding_time: number; index_stale?: boolean }>(
        'GET',
        `/api/app/contract/funding?symbol=${SYM}`,
      )
    ).body.data;

  it('null without an index, the interest rate on an empty book, the book premium right after a settlement', async () => {
    const now = t.clock.now();
    const fresh = await funding();
    expect(fresh.rate).toBeNull();
    // The next interval end, not 1970.
    expect(fresh.next_funding_time).toBe((Math.floor(now / EIGHT_HOURS) + 1) * EIGHT_HOURS);

    const engine = t.services.engine;
    // 97 000.00 USDC in ticks of 0.01.
    const index = 9_700_000n;
    expect((await engine.submit({ type: 'priceUpdate', symbol: SYM, indexPrice: index })).code).toBe(
      ResultCode.OK,
    );
    // One sample of an empty book: premium 0, the interest rate 0.01 % alone.
    expect((await funding()).rate).toBe('0.000100');

    // A book 1 % above the index: the bot-free way, two users' resting quotes.
    for (const [user, action, price] of [
      ['mm-a', 'open_long', 9_796_000],
      ['mm-b', 'open_short', 9_798_000],
    ] as const) {
      await engine.submit({ type: 'deposit', userId: user, asset: 'USDC', amount: 1_000_000_000_000n });
      await engine.submit({
        type: 'transfer',
        userId: user,
        asset: 'USDC',
        from: 'spot',
        to: 'contract',
        amount: 1_000_000_000_000n,
      });
      const r = await engine.submit({
        type: 'contractPlace',
        userId: user,
        symbol: SYM,
        action,
        orderType: 'limit',
        mode: 'cross',
        price,
        qty: 1000,
      });
      expect(r.code).toBe(ResultCode.OK);
    }
    // Settle the interval: the sample count starts again at 0.
    const state = engine.engine.perp.state(SYM)!;
    t.clock.advance(state.nextFundingTs + 1 - t.clock.now());
    expect((await engine.submit({ type: 'fundingTick', symbol: SYM })).code).toBe(ResultCode.OK);
    expect(engine.engine.perp.state(SYM)!.premiumCount).toBe(0n);
    // The estimate is the book's premium now (+1 % -> capped at 75 % of BTC's 0.4 % maintenance
    // rate = 0.3 %), not the settled rate of the interval that ended (0.01 %).
    const after = await funding();
    expect(after.rate).toBe('0.003000');
    expect(after.next_funding_time).toBe(engine.engine.perp.state(SYM)!.nextFundingTs);
  });
});
