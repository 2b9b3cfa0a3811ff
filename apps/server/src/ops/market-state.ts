import type { EnginePort } from '../engine/port.ts';
import { AppError } from '../http/errors.ts';
import type { OpsDb } from './tables.ts';

/**
 * Which markets an operator has paused (ADR 162). Kept in memory beside the engine it belongs to
 * (one per EnginePort, so apps built side by side in one process do not share it), filled from
 * `market_settings` at start and updated after each committed change. The order path reads it
 * synchronously: a pause costs no query per order.
 */
const paused = new WeakMap<EnginePort, Map<string, { at: number; reason: string | null }>>();

function stateOf(host: EnginePort): Map<string, { at: number; reason: string | null }> {
  let state = paused.get(host);
  if (!state) {
    state = new Map();
    paused.set(host, state);
  }
  return state;
}

/** Called where orders are validated (spot/contract service): new orders only, cancels pass. */
export function assertTradingOpen(host: EnginePort, symbol: string): void {
  if (paused.get(host)?.has(symbol)) throw new AppError('MARKET_PAUSED');
}

export function pausedMarkets(host: EnginePort): ReadonlyMap<string, { at: number; reason: string | null }> {
  return stateOf(host);
}

export function setPaused(
  host: EnginePort,
  symbol: string,
  value: { at: number; reason: string | null } | null,
): void {
  if (value === null) stateOf(host).delete(symbol);
  else stateOf(host).set(symbol, value);
}

export async function loadPausedMarkets(host: EnginePort, db: OpsDb): Promise<void> {
  const rows = await db
    .selectFrom('market_settings')
    .select(['symbol', 'paused_at', 'paused_reason'])
    .where('paused_at', 'is not', null)
    .execute();
  const state = stateOf(host);
  state.clear();
  for (const r of rows) state.set(r.symbol, { at: Number(r.paused_at), reason: r.paused_reason });
}
