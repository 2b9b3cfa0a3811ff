import { checkInvariants } from '@ex/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MarketMaker } from '../src/bot/market-maker.ts';
import { SimulatedPriceFeed } from '../src/feed/price-feed.ts';
import { ReferencePrices } from '../src/feed/service.ts';
import { BACKENDS, type TestApp, testApp } from './helpers/testApp.ts';

describe.each(BACKENDS)('simulated feed and market maker on %s', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await testApp(backend);
  });
  afterAll(async () => {
    await t.close();
  });

  it('the same seed walks the same integer path near the start prices', () => {
    const a = new SimulatedPriceFeed({ seed: 1 });
    const b = new SimulatedPriceFeed({ seed: 1 });
    for (let i = 0; i < 50; i++) expect(a.next()).toEqual(b.next());
    const btc = a.current().get('BTC')!;
    expect(btc > 80_000_000_000n && btc < 115_000_000_000n).toBe(true);
  });

  it('quotes both sides of every market, re-quotes as the price moves, trades now and then; invariants hold', async () => {
    const prices = new ReferencePrices(t.services.engine, new SimulatedPriceFeed({ seed: 3 }), () =>
      t.clock.now(),
    );
    const mm = new MarketMaker(t.services.engine, prices, { levels: 4, takerChance: 1 });
    await mm.fund();
    for (let i = 0; i < 4; i++) {
      await prices.step();
      await mm.step();
      t.clock.advance(1000);
    }
    for (const symbol of ['BTC_USDC', 'DOGE_USDC', 'ETH_USDC_PERP', 'XRP_USDC_PERP']) {
      const d = await t.call<{ bids: string[][]; asks: string[][] }>(
        'GET',
        `/api/app/market/depth?symbol=${symbol}`,
      );
      expect(d.body.data.bids.length, symbol).toBeGreaterThanOrEqual(3);
      expect(d.body.data.asks.length, symbol).toBeGreaterThanOrEqual(3);
      expect(Number(d.body.data.bids[0]![0]) < Number(d.body.data.asks[0]![0])).toBe(true);
    }
    const trades = await t.call<unknown[]>('GET', '/api/app/market/trades?symbol=BTC_USDC');
    expect(trades.body.data.length).toBeGreaterThan(0);
    const mark = await t.call<{ mark_price: string }>(
      'GET',
      '/api/app/contract/funding?symbol=BTC_USDC_PERP',
    );
    if (mark.status === 200) expect(mark.body.data.mark_price).not.toBe('0.00');
    expect(checkInvariants(t.services.engine.engine)).toEqual([]);
    // Bots' orders are not rows of the orders table.
    const rows = await t.services.edb.selectFrom('orders').select('id').execute();
    expect(rows).toEqual([]);
  });
  it('keeps its grid: a step moves only the levels the price left, not the whole ladder (ADR 211)', async () => {
    const prices = new ReferencePrices(t.services.engine, new SimulatedPriceFeed({ seed: 5 }), () =>
      t.clock.now(),
    );
    const mm = new MarketMaker(t.services.engine, prices, { levels: 12, takerChance: 0 });
    await mm.fund();
    const engine = t.services.engine;
    const submit = engine.submit.bind(engine);
    const drafts: string[] = [];
    engine.submit = ((build, options) => {
      if (typeof build === 'object') drafts.push(build.type);
      return submit(build, options);
    }) as typeof engine.submit;
    const counts: { places: number; cancels: number }[] = [];
    try {
      for (let i = 0; i < 6; i++) {
        drafts.length = 0;
        await prices.step();
        await mm.step();
        t.clock.advance(1000);
        counts.push({
          places: drafts.filter((d) => d === 'spotPlace' || d === 'contractPlace').length,
          cancels: drafts.filter((d) => d === 'spotCancel' || d === 'contractCancel').length,
        });
      }
    } finally {
      engine.submit = submit;
    }
    const markets = 12;
    // The first step quotes the whole grid (where the earlier test left no order at that price).
    expect(counts[0]!.places, JSON.stringify(counts)).toBeGreaterThanOrEqual(markets * 2 * 8);
    // After it, each step re-quotes a few levels per market, never the whole ladder (24 per market):
    // about 3 per market on average here (the perpetuals' premium walks a level or two a step); the
    // spacing recomputed from every step's price re-placed 54-126 orders a step on this seed.
    const later = counts.slice(1);
    for (const c of later) {
      expect(c.cancels, JSON.stringify(counts)).toBeLessThan(markets * 24 * 0.25);
      expect(c.places, JSON.stringify(counts)).toBeLessThan(markets * 24 * 0.25);
    }
    const mean = later.reduce((a, c) => a + c.places, 0) / later.length;
    expect(mean, JSON.stringify(counts)).toBeLessThan(50);
    for (const symbol of ['BTC_USDC', 'ETH_USDC_PERP']) {
      const d = await t.call<{ bids: string[][]; asks: string[][] }>(
        'GET',
        `/api/app/market/depth?symbol=${symbol}&limit=50`,
      );
      expect(d.body.data.bids.length, symbol).toBeGreaterThanOrEqual(11);
      expect(d.body.data.asks.length, symbol).toBeGreaterThanOrEqual(11);
    }
    expect(checkInvariants(t.services.engine.engine)).toEqual([]);
  });
});
