// Which bases have no fresh reference price right now (ADR 153). The feed writes it each step; the
// contract service reads it before sending an order to the sequencer. One per engine host, like the
// treasuries, so the feed (started after the app) and the routes (built with it) share it.

import type { EnginePort } from '../engine/port.ts';
import { mustMarket } from '../engine/units.ts';
import { AppError } from '../http/errors.ts';

export class IndexHealth {
  private readonly staleBases = new Set<string>();

  set(base: string, stale: boolean): void {
    if (stale) this.staleBases.add(base);
    else this.staleBases.delete(base);
  }

  staleSymbol(symbol: string): boolean {
    return this.staleBases.has(mustMarket(symbol).config.base);
  }

  /** Refuses (INDEX_STALE, localised) when the market's index is stale: its mark is frozen. */
  mustBeFresh(symbol: string): void {
    if (this.staleSymbol(symbol)) throw new AppError('INDEX_STALE');
  }
}

const byHost = new WeakMap<EnginePort, IndexHealth>();

export function indexHealthOf(host: EnginePort): IndexHealth {
  let h = byHost.get(host);
  if (h === undefined) {
    h = new IndexHealth();
    byHost.set(host, h);
  }
  return h;
}
