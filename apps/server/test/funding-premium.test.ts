// Issue 10 item 2: funding moves with the premium. The market maker quotes perpetuals around the
// index plus a wandering premium; the funding endpoint shows the rate the coming settlement applies
// (from the premium sampled so far), not 0 until the first 8-hour settlement.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MarketMaker } from '../src/bot/market-maker.ts';
import { SimulatedPriceFeed } from '../src/feed/price-feed.ts';
import { ReferencePrices } from '../src/feed/service.ts';
import { BACKENDS, type TestApp, testApp } from './helpers/testApp.ts';

describe.each(BACKENDS)('funding from the premium on %s', { timeout: 120_000 }, (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await testApp(backend);
  });
  afterAll(async () => {
    await t.close();
  });

  it('the predicted rate is not zero and differs between markets as their premiums wander', async () => {
    const prices = new ReferencePrices(t.services.engine, new SimulatedPriceFeed({ seed: 5 }), () =>
      t.clock.now(),
    );
    const mm = new MarketMaker(t.services.engine, prices, { levels: 3, takerChance: 0, seed: 9 });
    await mm.fund();
    const rates = new Set<string>();
    for (let i = 0; i < 80; i++) {
      await prices.step();
      await mm.step();
      t.clock.advance(1000);
    }
    for (const symbol of [
      'BTC_USDC_PERP',
      'ETH_USDC_PERP',
      'SOL_USDC_PERP',
      'BNB_USDC_PERP',
      'XRP_USDC_PERP',
      'DOGE_USDC_PERP',
    ]) {
      const f = await t.call<{ rate: string; mark_price: string; index_price: string }>(
        'GET',
        `/api/app/contract/funding?symbol=${symbol}`,
      );
      expect(f.status).toBe(200);
      expect(f.body.data.rate, symbol).not.toBe('0.000000');
      rates.add(f.body.data.rate);
    }
    // The interest rate alone would give 0.000100 everywhere; premiums beyond the band move it.
    expect(rates.size).toBeGreaterThan(1);
  });
});
