// Issue 10 item 3 (ADR 153): PRICE_FEED=ccxt:... reads exchanges through ccxt. Tested against local
// fake exchanges (Binance's public API, ccxt's binance class with its API origin pointed here): the
// index is the median of fresh sources, stale and outlier sources are dropped, one source down is
// carried by the others, and with all down the index is stale: the mark freezes and new contract
// orders are refused with a localised INDEX_STALE, changing nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { CcxtPriceFeed, CcxtSource, indexOf, median } from '../src/feed/ccxt.ts';
import { feedProblems, selectPriceFeed } from '../src/feed/select.ts';
import { ReferencePrices } from '../src/feed/service.ts';
import { type FakeExchange, fakeExchange } from './helpers/fake-exchange.ts';
import { BACKENDS, deposit, registerUser, type TestApp, testApp } from './helpers/testApp.ts';

const usd = (n: bigint) => n * 1_000_000n;

describe('index arithmetic', () => {
  it('median is the lower middle, outliers beyond the band are dropped', () => {
    expect(median([3n, 1n, 2n])).toBe(2n);
    expect(median([4n, 1n, 3n, 2n])).toBe(2n);
    expect(indexOf([usd(100n), usd(101n), usd(150n)], 20_000n)).toBe(usd(100n));
    expect(indexOf([], 20_000n)).toBeNull();
  });

  it('PRICE_FEED=ccxt:<ids> starts with known exchanges and names an unknown one', () => {
    expect(feedProblems('ccxt:binance,okx,bybit')).toEqual([]);
    expect(feedProblems('ccxt:binance,nosuchx')).toEqual([
      expect.stringMatching(/ccxt has no exchange "nosuchx"/),
    ]);
    expect(selectPriceFeed('ccxt:binance,okx,bybit')).toBeInstanceOf(CcxtPriceFeed);
    expect(loadConfig({ PRICE_FEED: 'ccxt:binance,okx,bybit' }).priceFeed).toBe('ccxt:binance,okx,bybit');
  });
});

describe('three fake exchanges through ccxt', () => {
  const fakes: FakeExchange[] = [];
  let feed: CcxtPriceFeed;
  beforeAll(async () => {
    for (let i = 0; i < 3; i++) fakes.push(await fakeExchange());
    const sources = fakes.map(
      (f) => new CcxtSource('binance', { apiBase: f.url, now: Date.now, timeoutMs: 1_500 }),
    );
    // Three instances of one ccxt class, each its own source (ids only label them here).
    Object.defineProperty(sources[1], 'id', { value: 'b' });
    Object.defineProperty(sources[2], 'id', { value: 'c' });
    feed = new CcxtPriceFeed(sources, { bases: ['BTC', 'ETH'], now: Date.now, staleMs: 5_000 });
  });
  afterAll(async () => {
    for (const f of fakes) await f.close();
  });
  const set = (i: number, btc: string, eth = '3400') => {
    fakes[i]!.prices.set('BTC', btc);
    fakes[i]!.prices.set('ETH', eth);
  };

  it('the index is the median of the sources', async () => {
    set(0, '97000');
    set(1, '97100.5');
    set(2, '97300.25', '3401.5');
    await feed.refresh();
    expect(feed.next().get('BTC')).toBe(97_100_500_000n);
    expect(feed.next().get('ETH')).toBe(3_400_000_000n);
    expect([...feed.stale()]).toEqual([]);
  });

  it('an outlier source is dropped', async () => {
    set(2, '120000');
    await feed.refresh();
    // median(97000, 97100.5) of the two within 2 %: the lower middle.
    expect(feed.next().get('BTC')).toBe(97_000_000_000n);
  });

  it('a stale source is dropped', async () => {
    set(2, '97200');
    fakes[0]!.quoteTs = () => Date.now() - 60_000; // its ticker is a minute old
    set(0, '50000');
    await feed.refresh();
    expect(feed.next().get('BTC')).toBe(97_100_500_000n);
    fakes[0]!.quoteTs = null;
    set(0, '97000');
  });

  it('one source down: the others carry the index (failover)', async () => {
    fakes[1]!.down = true;
    set(0, '97010');
    set(2, '97030');
    await feed.refresh();
    // Source b's last quotes are still fresh (5 s): median of 97010, 97100.5, 97030.
    expect(feed.next().get('BTC')).toBe(97_030_000_000n);
    expect([...feed.stale()]).toEqual([]);
  });
});

describe.each(BACKENDS)('all sources down on a real server on %s', { timeout: 120_000 }, (backend) => {
  let t: TestApp;
  const fakes: FakeExchange[] = [];
  let prices: ReferencePrices;
  let token: string;
  beforeAll(async () => {
    t = await testApp(backend);
    for (let i = 0; i < 2; i++) {
      const f = await fakeExchange();
      f.prices.set('BTC', '97000');
      f.prices.set('ETH', '3400');
      fakes.push(f);
    }
    const feed = selectPriceFeed('ccxt:binance,okx', {
      now: Date.now,
      apiBase: { binance: fakes[0]!.url },
    });
    expect(feed).toBeInstanceOf(CcxtPriceFeed);
    // okx has its own API dialect: here it is the binance class on the second fake, same adapter.
    const sources = fakes.map((f) => new CcxtSource('binance', { apiBase: f.url, now: Date.now }));
    prices = new ReferencePrices(
      t.services.engine,
      new CcxtPriceFeed(sources, { bases: ['BTC', 'ETH'], now: Date.now, staleMs: 400 }),
      () => t.clock.now(),
    );
    const u = await registerUser(t, 'stale@example.com');
    token = u.token;
    await deposit(t, u.user.id, 'USDC', 10_000_000_000n);
    await t.call('POST', '/api/app/wallet/transfer', {
      token,
      body: { from: 'spot', to: 'contract', coin: 'USDC', amount: '1000' },
    });
  });
  afterAll(async () => {
    for (const f of fakes) await f.close();
    await t.close();
  });

  const order = (lang: string) =>
    t.call<unknown>('POST', '/api/app/contract/orders', {
      token,
      lang,
      body: {
        symbol: 'BTC_USDC_PERP',
        type: 'limit',
        action: 'open_long',
        price: '96000',
        quantity: '0.01',
        leverage: 10,
        margin_mode: 'cross',
      },
    });

  it('a fresh index moves the mark and orders go through', async () => {
    await prices.step();
    const f = await t.call<{ index_price: string }>('GET', '/api/app/contract/funding?symbol=BTC_USDC_PERP');
    expect(f.body.data.index_price).toBe('97000.00');
    const ok = await order('en');
    expect(ok.status).toBe(200);
  });

  it('all down: the index goes stale, the mark freezes, new orders are refused (2060, localised)', async () => {
    for (const f of fakes) f.down = true;
    await new Promise((r) => setTimeout(r, 500));
    await prices.step();
    const journal = t.services.engine.journalLength;
    const funding = await t.call<{ index_stale: boolean }>(
      'GET',
      '/api/app/contract/funding?symbol=BTC_USDC_PERP',
    );
    // The market shows its state: the index is stale.
    expect(funding.body.data.index_stale).toBe(true);
    const en = await order('en');
    expect(en.status).toBe(503);
    expect(en.body).toMatchObject({
      code: 2060,
      message: 'No current index price for this market; new contract orders are paused',
    });
    const de = await order('de');
    expect(de.body.code).toBe(2060);
    expect(de.body.message).toMatch(/Indexpreis/);
    // Nothing changed: no command journaled, the mark where it was.
    expect(t.services.engine.journalLength).toBe(journal);
    await prices.step();
    expect(t.services.engine.journalLength).toBe(journal);
    expect((await t.call('GET', '/api/app/contract/funding?symbol=BTC_USDC_PERP')).body).toEqual(
      funding.body,
    );
  });

  it('a source back: the index is fresh again and orders go through', async () => {
    fakes[0]!.down = false;
    fakes[0]!.prices.set('BTC', '97050');
    await prices.step();
    const f = await t.call<{ index_price: string }>('GET', '/api/app/contract/funding?symbol=BTC_USDC_PERP');
    expect(f.body.data.index_price).toBe('97050.00');
    expect((f.body.data as { index_stale?: boolean }).index_stale).toBe(false);
    expect((await order('en')).status).toBe(200);
  });
});
