import { type AccountRef, parseDecimal, ResultCode, SYSTEM_OWNER } from '@ex/core';
import { ASSETS } from '../engine/config.ts';
import type { EngineHost, Executed } from '../engine/host.ts';
import { AppError } from '../http/errors.ts';

// Shared by the flash exchange, OTC and IEO: every money move is one engine `ledgerTransfer`
// (ADR 075); nothing here touches a balance.

export const userSpot = (userId: string, asset: string): AccountRef => ({
  owner: userId,
  kind: 'spot',
  asset,
});
export const system = (kind: 'treasury' | 'ieo' | 'chain', asset: string): AccountRef => ({
  owner: SYSTEM_OWNER,
  kind,
  asset,
});

export function move(
  host: EngineHost,
  entryType: 'ieo' | 'system',
  from: AccountRef,
  to: AccountRef,
  amount: bigint,
): Promise<Executed> {
  return host.submit(({ ts, id }) => ({ type: 'ledgerTransfer', ts, id, entryType, from, to, amount }));
}

/** Like move(), but a refusal is an API error (insufficient funds -> INSUFFICIENT_BALANCE). */
export async function mustMove(
  host: EngineHost,
  entryType: 'ieo' | 'system',
  from: AccountRef,
  to: AccountRef,
  amount: bigint,
): Promise<Executed> {
  const r = await move(host, entryType, from, to, amount);
  if (r.code === ResultCode.OK) return r;
  if (r.code === ResultCode.LEDGER_INSUFFICIENT_AVAILABLE) throw new AppError('INSUFFICIENT_BALANCE');
  throw new Error(`ledgerTransfer refused with code ${r.code}`);
}

export function isCoin(coin: string): boolean {
  return Object.hasOwn(ASSETS, coin);
}

/** A validated decimal string at the coin's scale; too many decimals is a 422 on `field`. */
export function unitsOf(
  value: string,
  scale: number,
  field: string,
  key = 'validation.decimal_scale',
): bigint {
  const r = parseDecimal(value, scale);
  if (!r.ok) throw new AppError('VALIDATION', { scale }, { [field]: [key] });
  return r.value;
}

export const ceilDiv = (a: bigint, b: bigint): bigint => (a + b - 1n) / b;
export const pow10 = (n: number): bigint => 10n ** BigInt(n);

/** Serialises async sections (per-process): limits and state checks see each other's writes. */
export class Mutex {
  private tail: Promise<unknown> = Promise.resolve();
  run<T>(fn: () => Promise<T>): Promise<T> {
    const next = this.tail.then(fn, fn);
    this.tail = next.catch(() => undefined);
    return next;
  }
}
