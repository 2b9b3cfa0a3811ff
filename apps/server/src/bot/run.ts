import type { Services } from '../deps.ts';
import { SimulatedPriceFeed } from '../feed/price-feed.ts';
import { ReferencePrices } from '../feed/service.ts';
import { MarketMaker } from './market-maker.ts';

/**
 * The embedded default's moving parts: the reference-price feed every `intervalMs` (index prices,
 * funding) and, when on, the market maker right after each price step. Returns the stop function;
 * main.ts stops this before closing the app so the final snapshot sees a quiet engine.
 */
export async function startLiquidity(
  s: Services,
  options: { marketMaker: boolean; intervalMs?: number; log?: (message: string) => void },
): Promise<() => Promise<void>> {
  const prices = new ReferencePrices(
    s.engine,
    new SimulatedPriceFeed({ seed: s.clock.now() % 1_000_000 }),
    () => s.clock.now(),
  );
  const mm = options.marketMaker ? new MarketMaker(s.engine, prices) : null;
  if (mm) await mm.fund();
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
