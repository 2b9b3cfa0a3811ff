// Operator-set market parameters (ADR 154): fees per market, the leverage list of a perpetual and
// its liquidation clearance fee (ADR 183).
// They are engine state, changed only by the `setMarketParams` command, so a replay or a replica
// that applies the same journal holds the same values. The snapshot carries only the markets whose
// values differ from the configuration the engine was built with: a state without changes hashes as
// it always did.

import { ResultCode } from '../ledger/result-code.ts';
import type { PerpEvent } from '../perp/perp-engine.ts';
import type { PerpMarketConfig } from '../perp/types.ts';
import type { ExchangeEngine } from './exchange-engine.ts';

/** 1 % per trade: the highest fee an operator can set (a typo of 10x must not take a tenth). */
export const MAX_FEE_PPM = 10_000;
/**
 * 5 % of the liquidated notional: the highest clearance fee an operator can set (ADR 183), above
 * any real exchange's rate. The other allowed value is LEGACY_LIQUIDATION_FEE_PPM.
 */
export const MAX_LIQUIDATION_FEE_PPM = 50_000;
/** 100 %: the fund takes the whole remaining equity (ADR 182's default, the rule before the fee). */
export const LEGACY_LIQUIDATION_FEE_PPM = 1_000_000;

export interface SetMarketParams {
  type: 'setMarketParams';
  ts: number;
  symbol: string;
  /** Parts per million of the notional (1000 = 0.1 %); integers, 0..MAX_FEE_PPM, maker <= taker. */
  makerFeePpm?: number;
  takerFeePpm?: number;
  /** Perpetuals only: strictly increasing whole numbers >= 1, at most the market's highest tier. */
  leverages?: number[];
  /**
   * Perpetuals only (ADR 183): the liquidation clearance fee, ppm of the liquidated notional;
   * integers 0..MAX_LIQUIDATION_FEE_PPM, or LEGACY_LIQUIDATION_FEE_PPM (the whole remaining equity).
   */
  liquidationFeePpm?: number;
}

/**
 * [symbol, maker ppm, taker ppm, leverages (perpetuals; [] for spot), default leverage (0 for spot),
 * clearance fee ppm (present only when it differs from the configuration, so rows written before
 * ADR 183 and their state hashes stay as they were)].
 */
export type MarketParamsRow =
  | [string, string, string, number[], number]
  | [string, string, string, number[], number, string];

/** The live parameters of one market. */
export interface MarketParams {
  kind: 'spot' | 'perp';
  makerFeePpm: bigint;
  takerFeePpm: bigint;
  leverages: readonly number[];
  defaultLeverage: number;
  /** Perpetuals: the highest leverage any risk tier allows (the ceiling of the list). */
  maxLeverage: number;
  /** Perpetuals: the liquidation clearance fee in ppm of the notional (ADR 182/183); 0 for spot. */
  liquidationFeePpm: bigint;
}

type Markets = Pick<ExchangeEngine, 'spot' | 'perp' | 'config'>;

export function marketParams(e: Markets, symbol: string): MarketParams | undefined {
  const s = e.spot.markets.get(symbol);
  if (s !== undefined)
    return {
      kind: 'spot',
      makerFeePpm: s.makerFeePpm,
      takerFeePpm: s.takerFeePpm,
      leverages: [],
      defaultLeverage: 0,
      maxLeverage: 0,
      liquidationFeePpm: 0n,
    };
  const p = e.perp.markets.get(symbol);
  if (p === undefined) return undefined;
  return {
    kind: 'perp',
    makerFeePpm: p.makerFeePpm,
    takerFeePpm: p.takerFeePpm,
    leverages: p.leverages,
    defaultLeverage: p.defaultLeverage,
    maxLeverage: Math.max(...p.resolvedTiers.map((t) => t.maxLeverage)),
    liquidationFeePpm: p.liquidationFeePpm,
  };
}

const isFee = (v: number) => Number.isSafeInteger(v) && v >= 0 && v <= MAX_FEE_PPM;
const isLiquidationFee = (v: number) =>
  Number.isSafeInteger(v) && ((v >= 0 && v <= MAX_LIQUIDATION_FEE_PPM) || v === LEGACY_LIQUIDATION_FEE_PPM);

/**
 * The default leverage after a list change: the old one if still offered, else the highest value
 * below it, else the lowest of the list.
 */
function defaultFor(list: readonly number[], old: number): number {
  if (list.includes(old)) return old;
  const below = list.filter((l) => l < old);
  return below.length > 0 ? below[below.length - 1]! : list[0]!;
}

/** Checks and applies a setMarketParams command; nothing changes on a refusal. */
export function applyMarketParams(
  e: Markets,
  cmd: SetMarketParams,
): { code: ResultCode; events: PerpEvent[] } {
  const fail = (code: ResultCode) => ({ code, events: [] });
  const cur = marketParams(e, cmd.symbol);
  if (cur === undefined) return fail(ResultCode.ENGINE_UNKNOWN_MARKET);
  if (cmd.makerFeePpm !== undefined && !isFee(cmd.makerFeePpm)) return fail(ResultCode.ENGINE_INVALID_FEE);
  if (cmd.takerFeePpm !== undefined && !isFee(cmd.takerFeePpm)) return fail(ResultCode.ENGINE_INVALID_FEE);
  const maker = cmd.makerFeePpm === undefined ? cur.makerFeePpm : BigInt(cmd.makerFeePpm);
  const taker = cmd.takerFeePpm === undefined ? cur.takerFeePpm : BigInt(cmd.takerFeePpm);
  // An opening order holds the taker fee: a maker fee above it could not be paid from the hold.
  if (maker > taker) return fail(ResultCode.ENGINE_INVALID_FEE);
  if (
    cmd.liquidationFeePpm !== undefined &&
    (cur.kind === 'spot' || !isLiquidationFee(cmd.liquidationFeePpm))
  )
    return fail(ResultCode.ENGINE_INVALID_LIQUIDATION_FEE);
  if (cur.kind === 'spot') {
    if (cmd.leverages !== undefined) return fail(ResultCode.ENGINE_INVALID_LEVERAGES);
    e.spot.markets.set(cmd.symbol, {
      ...e.spot.markets.get(cmd.symbol)!,
      makerFeePpm: maker,
      takerFeePpm: taker,
    });
    return { code: ResultCode.OK, events: [] };
  }
  let leverages = cur.leverages;
  if (cmd.leverages !== undefined) {
    const l = cmd.leverages;
    if (!Array.isArray(l) || l.length === 0 || l.length > 50)
      return fail(ResultCode.ENGINE_INVALID_LEVERAGES);
    for (let i = 0; i < l.length; i++) {
      const v = l[i]!;
      if (!Number.isSafeInteger(v) || v < 1 || v > cur.maxLeverage || (i > 0 && v <= l[i - 1]!))
        return fail(ResultCode.ENGINE_INVALID_LEVERAGES);
    }
    leverages = [...l];
  }
  return e.perp.setMarketParams(
    cmd.symbol,
    {
      makerFeePpm: maker,
      takerFeePpm: taker,
      leverages,
      defaultLeverage: defaultFor(leverages, cur.defaultLeverage),
      liquidationFeePpm:
        cmd.liquidationFeePpm === undefined ? cur.liquidationFeePpm : BigInt(cmd.liquidationFeePpm),
    },
    cmd.ts,
  );
}

/** The configured clearance fee, with resolvePerpMarket's default (ADR 182). */
const configuredLiquidationFee = (c: PerpMarketConfig): bigint =>
  c.liquidationFeePpm ?? BigInt(LEGACY_LIQUIDATION_FEE_PPM);

const sameList = (a: readonly number[], b: readonly number[]) =>
  a.length === b.length && a.every((v, i) => v === b[i]);

/** Markets whose parameters differ from the configuration, sorted by symbol (absent when none). */
export function marketParamsSnapshot(e: Markets): MarketParamsRow[] | undefined {
  const rows: MarketParamsRow[] = [];
  for (const c of e.config.spotMarkets) {
    const m = e.spot.markets.get(c.symbol)!;
    if (m.makerFeePpm !== c.makerFeePpm || m.takerFeePpm !== c.takerFeePpm)
      rows.push([c.symbol, m.makerFeePpm.toString(), m.takerFeePpm.toString(), [], 0]);
  }
  for (const c of e.config.perpMarkets) {
    const m = e.perp.markets.get(c.symbol)!;
    const feeChanged = m.liquidationFeePpm !== configuredLiquidationFee(c);
    if (
      m.makerFeePpm !== c.makerFeePpm ||
      m.takerFeePpm !== c.takerFeePpm ||
      !sameList(m.leverages, c.leverages) ||
      m.defaultLeverage !== c.defaultLeverage ||
      feeChanged
    ) {
      const row: MarketParamsRow = [
        c.symbol,
        m.makerFeePpm.toString(),
        m.takerFeePpm.toString(),
        [...m.leverages],
        m.defaultLeverage,
      ];
      rows.push(feeChanged ? [...row, m.liquidationFeePpm.toString()] : row);
    }
  }
  if (rows.length === 0) return undefined;
  return rows.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
}

/** Sets every market back to its configuration, then applies the snapshot's rows. */
export function restoreMarketParams(e: Markets, rows: readonly MarketParamsRow[] | undefined): void {
  const byRow = new Map((rows ?? []).map((r) => [r[0], r]));
  for (const c of e.config.spotMarkets) {
    const r = byRow.get(c.symbol);
    e.spot.markets.set(c.symbol, {
      ...e.spot.markets.get(c.symbol)!,
      makerFeePpm: r === undefined ? c.makerFeePpm : BigInt(r[1]),
      takerFeePpm: r === undefined ? c.takerFeePpm : BigInt(r[2]),
    });
  }
  for (const c of e.config.perpMarkets) {
    const r = byRow.get(c.symbol);
    e.perp.markets.set(c.symbol, {
      ...e.perp.markets.get(c.symbol)!,
      makerFeePpm: r === undefined ? c.makerFeePpm : BigInt(r[1]),
      takerFeePpm: r === undefined ? c.takerFeePpm : BigInt(r[2]),
      leverages: r === undefined ? c.leverages : [...r[3]],
      defaultLeverage: r === undefined ? c.defaultLeverage : r[4],
      liquidationFeePpm: r?.[5] === undefined ? configuredLiquidationFee(c) : BigInt(r[5]),
    });
  }
}
