// The demo's flash conversions: a fresh embedded default showed /FlashExchange with an empty
// history, because a quote needs the index price and seedWorld runs before the feed's first step.
// This converts through the real ExchangeService: a quote at the index, executed at once, the money
// moved between the demo's spot account and the flash float (`treasury:flash`, funded by
// seedWorld), so `npm run audit` holds. The clock is set back to each conversion's day, as seedWorld
// does for its past events, so the history reads as a few days of use and the demo's daily flash
// limit today is untouched.
//
// On `npm start` this is one script of the seeded past (seed/timeline.ts, ADR 269), before the feed
// runs: the start's feed takes its first step at the first conversion's time (the index prices the
// quotes need, sent as the feed sends them), and each conversion is a step at its time, so its
// ledger entries carry the time of its record. Without a feed (a test calling this on a running
// engine) it waits for the feed's index as before.

import { ExchangeQuoteRequest } from '@ex/contract';
import type { Clock } from '../clock.ts';
import type { Services } from '../deps.ts';
import { ExchangeService } from '../exchange/service.ts';
import { earnDb } from '../exchange/tables.ts';
import { treasuriesOf } from '../exchange/treasury.ts';
import { indexHealthOf } from '../feed/health.ts';
import type { PriceFeed } from '../feed/price-feed.ts';
import { ReferencePrices } from '../feed/service.ts';
import { SeedTimeline } from './timeline.ts';

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

/** What the demo converted, oldest first: USDC into BTC, ETH into USDC, USDC into SOL. */
export const DEMO_CONVERSIONS: { from: string; to: string; amount: string; agoMs: number }[] = [
  { from: 'USDC', to: 'BTC', amount: '250', agoMs: 4 * DAY_MS + 3 * HOUR_MS },
  { from: 'ETH', to: 'USDC', amount: '0.5', agoMs: 2 * DAY_MS + 7 * HOUR_MS },
  { from: 'USDC', to: 'SOL', amount: '120', agoMs: 1 * DAY_MS + 2 * HOUR_MS },
];

/** True when the demo has any flash record (done, failed or pending): the seed ran before. */
async function converted(s: Services, demoId: string): Promise<boolean> {
  const row = await earnDb(s.db)
    .selectFrom('exchange_records')
    .select('id')
    .where('user_id', '=', demoId)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** Waits until every coin's index is in and fresh (the feed's first step); false on timeout. */
async function indexReady(s: Services, coins: string[], timeoutMs: number): Promise<boolean> {
  const until = Date.now() + timeoutMs;
  const health = indexHealthOf(s.engine);
  const perps = coins.map((c) => `${c}_USDC_PERP`);
  for (;;) {
    const ready = perps.every(
      (sym) => (s.engine.engine.perp.state(sym)?.indexPrice ?? 0n) > 0n && !health.staleSymbol(sym),
    );
    if (ready) return true;
    if (Date.now() > until) return false;
    await new Promise((r) => setTimeout(r, 50));
  }
}

/**
 * Seeds the demo's flash history once: the conversions of DEMO_CONVERSIONS, each quoted and
 * executed through ExchangeService. Skipped when the demo has a flash record already (a restart, or
 * a demo who converted). False when skipped, when the feed gives no index within `waitMs` (tried
 * again next start) or when a conversion was refused (logged; the start goes on: like the demo's
 * futures, the history is a first impression, not a condition of running).
 */
export async function seedFlash(
  s: Services,
  demoId: string,
  options: {
    waitMs?: number;
    log?: (message: string) => void;
    /** The start's feed, not started yet: its first step is taken at the first conversion's time. */
    feed?: PriceFeed;
    timeline?: SeedTimeline;
  } = {},
): Promise<boolean> {
  if (await converted(s, demoId)) return false;
  const tl = options.timeline ?? new SeedTimeline(s.clock);
  const coins = [...new Set(DEMO_CONVERSIONS.flatMap((c) => [c.from, c.to]))].filter((c) => c !== 'USDC');
  const now = s.clock.now();
  const first = now - DEMO_CONVERSIONS[0]!.agoMs;
  const feed = options.feed;
  if (feed !== undefined)
    await tl
      .at(first, () => new ReferencePrices(s.engine, feed, () => s.clock.now()).step())
      .catch((error: unknown) =>
        options.log?.(`demo flash history: the feed's first step failed (${String(error)})`),
      );
  if (!(await indexReady(s, coins, feed !== undefined ? 0 : (options.waitMs ?? 15_000)))) {
    options.log?.('demo flash history not seeded: no index price from the feed yet (tried again next start)');
    return false;
  }
  const treasuries = treasuriesOf(s.engine, s.config.treasuryLowWater, () => {});
  try {
    for (const c of DEMO_CONVERSIONS) {
      const ms = now - c.agoMs;
      const at: Clock = { now: () => ms };
      const fx = new ExchangeService(s.engine, earnDb(s.db), s.edb, at, treasuries, {
        feePercent: s.config.exchangeFeePercent,
        maxQuoteUsdc: s.config.flashMaxQuoteUsdc,
        dailyUsdc: s.config.flashDailyUsdc,
      });
      // Quoted and executed in one step: nothing else moves money between the two.
      await tl.at(ms, async () => {
        const quote = await fx.quote(
          demoId,
          ExchangeQuoteRequest.parse({ from: c.from, to: c.to, amount: c.amount }),
        );
        await fx.execute(demoId, quote.quote_id);
      });
    }
  } catch (error) {
    options.log?.(`demo flash history seeded only in part: ${String(error)}`);
    return false;
  }
  return true;
}
