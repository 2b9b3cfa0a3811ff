// Small helpers shared by the perpetual engine's parts (not exported from the package).

import type { ResultCode } from '../ledger/result-code.ts';
import type { PositionSide } from './math.ts';
import type { ContractAction, MarketState, PerpResult } from './types.ts';

export const actionSide = (a: ContractAction): 'buy' | 'sell' =>
  a === 'open_long' || a === 'close_short' ? 'buy' : 'sell';
export const actionPositionSide = (a: ContractAction): PositionSide =>
  a === 'open_long' || a === 'close_long' ? 'long' : 'short';
export const isOpen = (a: ContractAction): boolean => a === 'open_long' || a === 'open_short';
export const max0 = (v: bigint): bigint => (v < 0n ? 0n : v);
export const minB = (a: bigint, b: bigint): bigint => (a < b ? a : b);
export const cmp = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

export function fail(code: ResultCode): PerpResult {
  return { code, events: [] };
}

export function emptyState(): MarketState {
  return {
    indexPrice: 0n,
    markPrice: 0n,
    lastTradePrice: 0n,
    premiumEmaMicro: 0n,
    premiumSumPpm: 0n,
    premiumCount: 0n,
    fundingIndex: 0n,
    lastFundingRatePpm: 0n,
    nextFundingTs: 0,
  };
}
