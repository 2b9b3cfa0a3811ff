import { checkInvariants } from '@ex/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MarketMaker } from '../src/bot/market-maker.ts';
import { MM_USER } from '../src/bot/users.ts';
import { type PriceFeed, SimulatedPriceFeed } from '../src/feed/price-feed.ts';
import { ReferencePrices } from '../src/feed/service.ts';
import { BACKENDS, type TestApp, testApp } from './helpers/testApp.ts';

/** The simulator with a switch: bases in `down` have no fresh price (as when every ccxt source is down). */
class SwitchableFeed implements PriceFeed {
  readonly down = new Set<string>();
  private readonly sim = new SimulatedPriceFeed({ seed: 7 });
  next(): Map<string, bigint> {
    const all = this.sim.next();
    for (const b of this.down) all.delete(b);
    return all;
  }
  stale(): ReadonlySet<string> {
    return this.down;
  }
}

/** ADR 153/155: the market maker quotes nothing on a market whose index is stale, and comes back. */
describe.each(BACKENDS)('market maker and a stale index on %s', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await testApp(backend);
  });
  afterAll(async () => {
    await t.close();
  });

  const quotes = (symbol: string) => {
    const e = t.services.engine.engine;
    return symbol.endsWith('_PERP')
      ? e.perp.ordersOf(MM_USER).filter((o) => o.symbol === symbol).length
      : [...e.spot.openOrders()].filter((o) => o.userId === MM_USER && o.symbol === symbol).length;
  };

  it('takes every quote of a stale market off the book, keeps the others, and quotes again once fresh', async () => {
    const feed = new SwitchableFeed();
    const prices = new ReferencePrices(t.services.engine, feed, () => t.clock.now());
    const mm = new MarketMaker(t.services.engine, prices, { levels: 4, takerChance: 0 });
    await mm.fund();
    const round = async () => {
      await prices.step();
      await mm.step();
      t.clock.advance(1000);
    };
    await round();
    for (const s of ['BTC_USDC', 'BTC_USDC_PERP', 'ETH_USDC', 'ETH_USDC_PERP']) expect(quotes(s), s).toBe(8);

    feed.down.add('BTC');
    await round();
    expect(quotes('BTC_USDC')).toBe(0);
    expect(quotes('BTC_USDC_PERP')).toBe(0);
    expect(quotes('ETH_USDC')).toBe(8);
    expect(quotes('ETH_USDC_PERP')).toBe(8);
    const depth = await t.call<{ bids: unknown[]; asks: unknown[] }>(
      'GET',
      '/api/app/market/depth?symbol=BTC_USDC_PERP',
    );
    expect(depth.body.data.bids).toEqual([]);
    expect(depth.body.data.asks).toEqual([]);
    // Still stale: nothing is placed again.
    await round();
    expect(quotes('BTC_USDC_PERP')).toBe(0);

    feed.down.delete('BTC');
    await round();
    expect(quotes('BTC_USDC')).toBe(8);
    expect(quotes('BTC_USDC_PERP')).toBe(8);
    expect(checkInvariants(t.services.engine.engine)).toEqual([]);
  });
});
