// Issue 7 items 3 and 4: the price feed PRICE_FEED names, a simulator nobody can predict, and a
// production mode that refuses demo funds, minted bot funds and the simulator (ADRs 120, 121).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { accountKey } from '@ex/core';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MarketMaker } from '../src/bot/market-maker.ts';
import { startLiquidity } from '../src/bot/run.ts';
import { MM_USER, TAKER_USER } from '../src/bot/users.ts';
import { chainDomainOf } from '../src/chain/wiring.ts';
import { ConfigError, loadConfig, productionProblems } from '../src/config.ts';
import { CcxtPriceFeed } from '../src/feed/ccxt.ts';
import { SimulatedPriceFeed } from '../src/feed/price-feed.ts';
import { feedProblems, selectPriceFeed } from '../src/feed/select.ts';
import { DEMO_EMAIL } from '../src/seed.ts';
import { startExchange } from '../src/start.ts';
import { BACKENDS, freshDatabase, registerUser, type TestApp, testApp } from './helpers/testApp.ts';

const TRON = { CHAIN: 'tron', TRON_API_URL: 'http://127.0.0.1:9' };

const problemsOf = (error: unknown) => {
  expect(error).toBeInstanceOf(ConfigError);
  return (error as ConfigError).problems;
};

async function until(check: () => Promise<boolean> | boolean, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 25));
  }
}

describe('production rules of the configuration', () => {
  it('the embedded default (no environment) keeps demo, bot and simulator, and is not production', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({ production: false, seedDemo: true, marketMaker: true, priceFeed: 'simulated' });
    expect(productionProblems(c)).toEqual([]);
    expect(feedProblems(c.priceFeed)).toEqual([]);
  });

  it('CHAIN=tron or NODE_ENV=production is production: demo seeding and the bot default off', () => {
    for (const env of [TRON, { NODE_ENV: 'production' }]) {
      const c = loadConfig(env);
      expect(c).toMatchObject({ production: true, seedDemo: false, marketMaker: false });
    }
    expect(loadConfig({ NODE_ENV: 'test' }).production).toBe(false);
  });

  it('refuses each unsafe production combination, every problem named', () => {
    const p = (env: Record<string, string>) => productionProblems(loadConfig(env));
    // The simulator never marks real positions, even when everything else is right.
    expect(p({ ...TRON, PRICE_FEED: 'simulated' })).toEqual([
      expect.stringMatching(/^PRICE_FEED: the simulated/),
    ]);
    expect(p({ NODE_ENV: 'production' })).toEqual([expect.stringMatching(/^PRICE_FEED:/)]);
    expect(p({ ...TRON, PRICE_FEED: 'ccxt:binance', SEED_DEMO: '1' })).toEqual([
      expect.stringMatching(/^SEED_DEMO: must be off in production/),
    ]);
    expect(p({ NODE_ENV: 'production', PRICE_FEED: 'ccxt:binance', MARKET_MAKER: 'on' })).toEqual([
      expect.stringMatching(/^MARKET_MAKER_ACCOUNT: is required/),
    ]);
    expect(
      p({
        NODE_ENV: 'production',
        PRICE_FEED: 'ccxt:binance',
        MARKET_MAKER: 'on',
        MARKET_MAKER_ACCOUNT: 'mm@x.io',
      }),
    ).toEqual([]);
    expect(p({ ...TRON, SEED_DEMO: 'on', MARKET_MAKER: '1' }).map((x) => x.split(':')[0])).toEqual([
      'SEED_DEMO',
      'PRICE_FEED',
      'MARKET_MAKER_ACCOUNT',
    ]);
  });

  it('PRICE_FEED is honoured: simulated is the walk, ccxt:<ids> the exchange adapter (ADR 153)', () => {
    expect(loadConfig({ PRICE_FEED: 'ccxt:binance,okx' }).priceFeed).toBe('ccxt:binance,okx');
    expect(() => loadConfig({ PRICE_FEED: 'binance' })).toThrow(ConfigError);
    expect(selectPriceFeed('simulated')).toBeInstanceOf(SimulatedPriceFeed);
    expect(feedProblems('ccxt:binance,okx')).toEqual([]);
    expect(selectPriceFeed('ccxt:binance')).toBeInstanceOf(CcxtPriceFeed);
    expect(feedProblems('ccxt:binance,nosuchx')).toEqual([
      expect.stringMatching(/^PRICE_FEED: ccxt has no exchange "nosuchx"/),
    ]);
  });

  it('the simulator draws from the CSPRNG unless a test passes a seed', () => {
    const a = new SimulatedPriceFeed();
    const b = new SimulatedPriceFeed();
    const pathA = Array.from({ length: 5 }, () => a.next().get('BTC'));
    const pathB = Array.from({ length: 5 }, () => b.next().get('BTC'));
    expect(pathA).not.toEqual(pathB);
    const s1 = new SimulatedPriceFeed({ seed: 42 });
    const s2 = new SimulatedPriceFeed({ seed: 42 });
    expect(s1.next()).toEqual(s2.next());
  });
});

// Each case starts whole servers; on a busy machine that takes longer than the suite's default.
describe.each(BACKENDS)('starting a real server on %s', { timeout: 180_000 }, (backend) => {
  const dirs: string[] = [];
  const envOf = (extra: Record<string, string>) => {
    const dir = mkdtempSync(join(tmpdir(), 'ex-sec-defaults-'));
    dirs.push(dir);
    return loadConfig({
      DATA_DIR: dir,
      PORT: '0',
      CAPTCHA: 'off',
      ADMIN_EMAIL: 'ops@example.com',
      ADMIN_PASSWORD: 'operator-pass-1',
      ...extra,
    });
  };
  afterAll(() => {
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  });

  it('simulator walks differ between two starts; the index price moves from the selected feed', async () => {
    const index = async () => {
      const seen: string[] = [];
      for (let i = 0; i < 2; i++) {
        const db = await freshDatabase(backend);
        const running = await startExchange({
          config: envOf({ SEED_DEMO: '0', MARKET_MAKER: '0' }),
          database: db.handle,
          logger: false,
          liquidityIntervalMs: 200,
        });
        try {
          await until(async () => {
            const r = await fetch(`${running.url}/api/app/contract/funding?symbol=BTC_USDC_PERP`);
            const body = (await r.json()) as { data?: { index_price?: string } };
            const price = body.data?.index_price;
            if (r.status !== 200 || price === undefined || Number(price) === 0) return false;
            seen.push(price);
            return true;
          });
          expect(running.banner).toContain('Prices: simulated feed; market maker: off');
        } finally {
          await running.stop();
          await db.drop();
        }
      }
      return seen;
    };
    const [first, second] = await index();
    // A first step of the same seed would give the same price; two CSPRNG walks do not.
    expect(first).not.toBe(second);
  });

  it('PRICE_FEED=ccxt:<unknown exchange> refuses to start with a clear error and writes nothing', async () => {
    const db = await freshDatabase(backend);
    try {
      const error = await startExchange({
        config: envOf({ PRICE_FEED: 'ccxt:nosuchx' }),
        database: db.handle,
        logger: false,
      }).catch((e: unknown) => e);
      expect(problemsOf(error)).toEqual([
        expect.stringMatching(/^PRICE_FEED: ccxt has no exchange "nosuchx"/),
      ]);
      // The refusal came before seeding: no demo user, no admin, no ledger.
      const users = await sql<{ n: string }>`select count(*)::text as n from users`.execute(db.handle.db);
      const ledger = await sql<{ n: string }>`select count(*)::text as n from ledger_entries`.execute(
        db.handle.db,
      );
      expect([users.rows[0]!.n, ledger.rows[0]!.n]).toEqual(['0', '0']);
    } finally {
      await db.drop();
    }
  });

  it('production refuses a database the demo and its minted bots ran on, listing every problem', async () => {
    const db = await freshDatabase(backend);
    try {
      // The embedded default: demo user and bots funded by minting.
      const demo = await startExchange({
        config: envOf({}),
        database: db.handle,
        logger: false,
        liquidityIntervalMs: 50,
      });
      try {
        await until(
          () => demo.services.engine.engine.ledger.available(accountKey(MM_USER, 'spot', 'BTC')) > 0n,
        );
        expect(demo.banner).toContain(`Demo user: ${DEMO_EMAIL}`);
      } finally {
        await demo.stop();
      }
      const error = await startExchange({
        config: envOf({ ...TRON, PRICE_FEED: 'ccxt:binance', SEED_DEMO: '1', MARKET_MAKER: '1' }),
        database: db.handle,
        logger: false,
      }).catch((e: unknown) => e);
      const problems = problemsOf(error);
      expect(problems.map((p) => p.split(':')[0])).toEqual([
        'SEED_DEMO',
        'MARKET_MAKER_ACCOUNT',
        'SEED_DEMO',
        'SEED_DEMO',
        'MARKET_MAKER',
      ]);
      expect(problems.join('\n')).toMatch(/demo login .*public password/);
      expect(problems.join('\n')).toMatch(/minted market-maker funds/);
    } finally {
      await db.drop();
    }
  });

  it('production with a clean database and a missing maker account is refused too', async () => {
    const db = await freshDatabase(backend);
    try {
      const error = await startExchange({
        config: envOf({
          NODE_ENV: 'production',
          PRICE_FEED: 'ccxt:okx',
          MARKET_MAKER: 'on',
          MARKET_MAKER_ACCOUNT: 'maker@example.com',
        }),
        database: db.handle,
        logger: false,
      }).catch((e: unknown) => e);
      // ccxt:okx is a real feed now (ADR 153): only the missing account is refused.
      expect(problemsOf(error)).toEqual([
        'MARKET_MAKER_ACCOUNT: no account maker@example.com; register it and deposit its inventory first',
      ]);
    } finally {
      await db.drop();
    }
  });
});

describe.each(BACKENDS)('the production market maker is an ordinary funded account on %s', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await testApp(backend);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('is never minted, quotes only from what was deposited, and takes no wash trades', async () => {
    const maker = await registerUser(t, 'maker@example.com');
    const id = maker.user.id;
    const { deposits } = chainDomainOf(t.app);
    const { address } = await deposits.address(id);
    await deposits.receive({
      txid: 'ab'.repeat(32),
      from: null,
      to: address,
      amount: 50_000_000_000n,
      confirmed: true,
    });
    const ledger = t.services.engine.engine.ledger;
    const total = () => {
      const b = ledger.balance(accountKey(id, 'spot', 'USDC'));
      return b.available + b.frozen;
    };
    expect(total()).toBe(50_000_000_000n);

    // Minting to an ordinary account is refused outright.
    const prices = { ticks: () => undefined } as never;
    await expect(
      new MarketMaker(t.services.engine, prices, { maker: id, taker: null }).fund(),
    ).rejects.toThrow(/only the built-in bot accounts/);

    const stop = await startLiquidity(t.services, {
      feed: new SimulatedPriceFeed({ seed: 5 }),
      marketMaker: { maker: id, taker: null, mint: false },
      intervalMs: 20,
    });
    try {
      await until(() => ledger.balance(accountKey(id, 'spot', 'USDC')).frozen > 0n);
    } finally {
      await stop();
    }
    // Its USDC is what the chain brought: some of it now frozen in bids, none created.
    expect(total()).toBe(50_000_000_000n);
    const deposited = await sql<{ owner: string; n: string }>`
      select owner, count(*)::text as n from ledger_entries where type = 'deposit' and owner <> 'system' group by owner`.execute(
      t.db,
    );
    expect(deposited.rows).toEqual([{ owner: id, n: '1' }]);
    for (const bot of [MM_USER, TAKER_USER]) {
      expect(ledger.balance(accountKey(bot, 'spot', 'USDC')).available).toBe(0n);
    }
    const trades = await sql<{ n: string }>`select count(*)::text as n from trades`.execute(t.db);
    expect(trades.rows[0]!.n).toBe('0');
  });
});
