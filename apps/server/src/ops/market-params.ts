// An operator's fees, leverage list and clearance fee per market (ADR 154, 183). The values are engine state: a change
// is the `setMarketParams` command through the sequencer, checked in the core, so every replica and
// every replay holds the same values at the same journal position. Nothing is stored beside the
// journal (the engine snapshot carries the changed markets). Reads take the engine's live values.

import type { MarketParamsRequest, MarketSetting } from '@ex/contract';
import { type ExchangeEngine, formatDecimal, marketParams, ResultCode } from '@ex/core';
import type { Services } from '../deps.ts';
import { MARKETS, marketBySymbol } from '../engine/markets.ts';
import type { EnginePort } from '../engine/port.ts';
import { AppError } from '../http/errors.ts';
import { type Actor, writeAudit } from './audit.ts';
import { pausedMarkets } from './market-state.ts';
import { opsDb } from './tables.ts';

/** ppm -> decimal fraction: 500 -> "0.000500". */
export const ppmRate = (ppm: bigint): string => formatDecimal(ppm, 6);

/** "0.0005" -> 500 (ppm). The contract allows at most six places, so this is exact. */
export function ratePpm(rate: string): number {
  const [int = '0', frac = ''] = rate.split('.');
  return Number(BigInt(int) * 1_000_000n + BigInt(frac.padEnd(6, '0').slice(0, 6)));
}

/** A market's live fees and leverage list, as the engine holds them. */
export function liveParams(engine: ExchangeEngine, symbol: string) {
  const p = marketParams(engine, symbol);
  if (p === undefined) throw new AppError('MARKET_NOT_FOUND');
  return p;
}

/** The live leverage list of a perpetual (empty for spot or an unknown symbol). */
export function liveLeverages(engine: ExchangeEngine, symbol: string): readonly number[] {
  return marketParams(engine, symbol)?.leverages ?? [];
}

/** The markets as the console shows them: the engine's live values plus the operator's pause. */
export function marketSettings(host: EnginePort): MarketSetting[] {
  const state = pausedMarkets(host);
  return MARKETS.map((m) => {
    const p = state.get(m.symbol);
    const live = liveParams(host.engine, m.symbol);
    return {
      symbol: m.symbol,
      kind: m.kind,
      paused: p !== undefined,
      paused_at: p?.at ?? null,
      reason: p?.reason ?? null,
      leverages: [...live.leverages],
      max_leverage: live.maxLeverage,
      maker_fee_rate: ppmRate(live.makerFeePpm),
      taker_fee_rate: ppmRate(live.takerFeePpm),
      ...(live.kind === 'perp' ? { liquidation_fee_rate: ppmRate(live.liquidationFeePpm) } : {}),
    };
  });
}

/** One change at a time per process, so an entry's `before` is the state the change replaced. */
let chain: Promise<unknown> = Promise.resolve();

/**
 * Changes a market's fees, leverage list and/or clearance fee: the engine command, then the audit entry with the
 * settings before and after and the journal seq of the change (ADR 154, 161). A change that changes
 * nothing is refused (2242) and writes nothing; values the core refuses are 2240/2241/2243.
 */
export function setMarketParams(
  s: Services,
  actor: Actor,
  symbol: string,
  body: MarketParamsRequest,
): Promise<MarketSetting> {
  const run = chain.then(() => apply(s, actor, symbol, body));
  chain = run.catch(() => undefined);
  return run;
}

async function apply(s: Services, actor: Actor, symbol: string, body: MarketParamsRequest) {
  if (!marketBySymbol(symbol)) throw new AppError('MARKET_NOT_FOUND');
  const find = () => marketSettings(s.engine).find((m) => m.symbol === symbol)!;
  const before = find();
  const maker = body.maker_fee_rate === undefined ? undefined : ratePpm(body.maker_fee_rate);
  const taker = body.taker_fee_rate === undefined ? undefined : ratePpm(body.taker_fee_rate);
  const clearance = body.liquidation_fee_rate === undefined ? undefined : ratePpm(body.liquidation_fee_rate);
  const same =
    (maker === undefined || ppmRate(BigInt(maker)) === before.maker_fee_rate) &&
    (taker === undefined || ppmRate(BigInt(taker)) === before.taker_fee_rate) &&
    (body.leverages === undefined || body.leverages.join(',') === before.leverages.join(',')) &&
    (clearance === undefined || ppmRate(BigInt(clearance)) === before.liquidation_fee_rate);
  if (same) throw new AppError('MARKET_PARAMS_UNCHANGED');
  const r = await s.engine.submit({
    type: 'setMarketParams',
    symbol,
    ...(maker !== undefined ? { makerFeePpm: maker } : {}),
    ...(taker !== undefined ? { takerFeePpm: taker } : {}),
    ...(body.leverages !== undefined ? { leverages: body.leverages } : {}),
    ...(clearance !== undefined ? { liquidationFeePpm: clearance } : {}),
  });
  if (r.code === ResultCode.ENGINE_INVALID_FEE) throw new AppError('MARKET_FEE_INVALID');
  if (r.code === ResultCode.ENGINE_INVALID_LEVERAGES)
    throw new AppError('MARKET_LEVERAGES_INVALID', { max: before.max_leverage ?? 0 });
  if (r.code === ResultCode.ENGINE_INVALID_LIQUIDATION_FEE)
    throw new AppError('MARKET_LIQUIDATION_FEE_INVALID');
  if (r.code === ResultCode.ENGINE_UNKNOWN_MARKET) throw new AppError('MARKET_NOT_FOUND');
  if (r.code !== ResultCode.OK) throw new Error(`setMarketParams refused with ${r.code}`);
  const after = find();
  const cancelled = r.events.filter((e) => e.type === 'perp.cancelled').length;
  await writeAudit(
    opsDb(s.db),
    actor,
    {
      action: 'market.params',
      targetType: 'market',
      targetId: symbol,
      before,
      after: { ...after, journal_seq: r.seq, ...(cancelled > 0 ? { orders_cancelled: cancelled } : {}) },
    },
    s.clock.now(),
  );
  return after;
}
