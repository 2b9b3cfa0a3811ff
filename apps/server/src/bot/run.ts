import type { Services } from '../deps.ts';
import { type PriceFeed, SimulatedPriceFeed } from '../feed/price-feed.ts';
import { ReferencePrices } from '../feed/service.ts';
import { MarketMaker } from './market-maker.ts';

export interface LiquidityOptions {
  /** The adapter PRICE_FEED selected (feed/select.ts); never chosen here, so nothing falls back. */
  feed: PriceFeed;
  /**
   * null: no market maker. `mint`: the embedded default's bots get their inventory minted once;
   * in production the maker is an ordinary account that trades only what was deposited (ADR 121).
   */
  marketMaker: null | { maker?: string; taker?: string | null; mint: boolean };
  intervalMs?: number;
  log?: (message: string) => void;
}

/**
 * The embedded default's moving parts: the reference-price feed every `intervalMs` (index prices,
 * funding) and, when on, the market maker right after each price step. Returns the stop function;
 * main.ts stops this before closing the app so the final snapshot sees a quiet engine.
 */
export async function startLiquidity(s: Services, options: LiquidityOptions): Promise<() => Promise<void>> {
  const prices = new ReferencePrices(s.engine, options.feed, () => s.clock.now());
  // An empty database gets 30 days of simulated market history ending at the feed's start prices,
  // so charts and 24h statistics look like a market from the first second (ADR 152).
  if (options.feed instanceof SimulatedPriceFeed) await s.market.backfill(s.edb, options.feed.current());
  const plan = options.marketMaker;
  const mm =
    plan === null
      ? null
      : new MarketMaker(s.engine, prices, {
          ...(plan.maker === undefined ? {} : { maker: plan.maker }),
          ...(plan.taker === undefined ? {} : { taker: plan.taker }),
        });
  if (mm && plan?.mint) await mm.fund();
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();
  const tick = async () => {
    try {
      await prices.step();
      if (mm && !stopped) await mm.step();
    } catch (error) {
      options.log?.(`liquidity step failed: ${String(error)}`);
    }
    if (!stopped) {
      timer = setTimeout(() => {
        running = tick();
      }, options.intervalMs ?? 1000);
    }
  };
  running = tick();
  return async () => {
    stopped = true;
    if (timer) clearTimeout(timer);
    await running;
  };
}
