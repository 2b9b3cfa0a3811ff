import type { WalletAccount } from '@ex/sdk';
import { compareFixed, parseFixed, toDecimalString } from './decimal.ts';

/** Decimals of the assets the exchange lists (the server is the judge; this only spares a round trip). */
export const ASSET_DECIMALS: Readonly<Record<string, number>> = { USDC: 6, BTC: 8, ETH: 8 };
export const DEFAULT_DECIMALS = 8;
export const assetDecimals = (coin: string): number => ASSET_DECIMALS[coin] ?? DEFAULT_DECIMALS;

/** The contract account is margined in USDC only. */
export const CONTRACT_COIN = 'USDC';

/**
 * Turns what a user typed into the decimal string the API takes: surrounding spaces go, a single
 * comma is the decimal mark (de, fr, es, it keyboards), ".5" becomes "0.5" and "5." becomes "5".
 * Returns the text unchanged when it is not a number, so validation can say so.
 */
export function normalizeAmountInput(raw: string): string {
  let s = raw.trim().replace(/\s+/g, '');
  if (s.includes(',') && !s.includes('.') && s.split(',').length === 2) s = s.replace(',', '.');
  if (s.startsWith('.')) s = `0${s}`;
  if (s.endsWith('.')) s = s.slice(0, -1);
  if (/^\d+(\.\d+)?$/.test(s)) s = s.replace(/^0+(?=\d)/, '');
  return s;
}

export type AmountError = 'required' | 'invalid' | 'zero' | 'decimals' | 'exceeds';

/**
 * Client-side check of a transfer amount against the available balance, exact (bigint): empty,
 * not a plain positive decimal, zero, more decimals than the asset has, or more than available.
 */
export function validateAmount(raw: string, available: string, decimals: number): AmountError | null {
  const s = normalizeAmountInput(raw);
  if (s === '') return 'required';
  if (!/^\d+(\.\d+)?$/.test(s)) return 'invalid';
  const amount = parseFixed(s);
  if (!amount) return 'invalid';
  if (amount.units === 0n) return 'zero';
  if (amount.scale > decimals && /[1-9]/.test(s.split('.')[1]?.slice(decimals) ?? '')) return 'decimals';
  const avail = parseFixed(available);
  if (!avail || compareFixed(amount, avail) > 0) return 'exceeds';
  return null;
}

export type TransferError = 'sameAccount' | 'contractUsdcOnly';

/** The spec's rule: source and destination differ; the contract side moves USDC only. */
export function validateAccounts(from: WalletAccount, to: WalletAccount, coin: string): TransferError | null {
  if (from === to) return 'sameAccount';
  if ((from === 'contract' || to === 'contract') && coin !== CONTRACT_COIN) return 'contractUsdcOnly';
  return null;
}

export const otherAccount = (a: WalletAccount): WalletAccount => (a === 'spot' ? 'contract' : 'spot');

/** The amount as sent to the API: normalised, without trailing zeros ("100.50" -> "100.5"). */
export function toApiAmount(raw: string): string {
  const f = parseFixed(normalizeAmountInput(raw));
  return f ? toDecimalString(f) : raw;
}
