import { type AccountRef, parseDecimal, ResultCode, SYSTEM_OWNER } from '@ex/core';
import { ASSETS } from '../engine/config.ts';
import type { Executed } from '../engine/host.ts';
import type { EnginePort } from '../engine/port.ts';
import type { EngineDb } from '../engine/tables.ts';
import { AppError } from '../http/errors.ts';

// Shared by the flash exchange, OTC, IEO and the earn domains: every money move is one engine `ledgerTransfer`
// (ADR 075); nothing here touches a balance.

export const userSpot = (userId: string, asset: string): AccountRef => ({
  owner: userId,
  kind: 'spot',
  asset,
});
export const system = (kind: 'treasury' | 'ieo' | 'chain' | 'earn' | 'fee', asset: string): AccountRef => ({
  owner: SYSTEM_OWNER,
  kind,
  asset,
});

export function move(
  host: EnginePort,
  entryType: 'ieo' | 'system',
  from: AccountRef,
  to: AccountRef,
  amount: bigint,
): Promise<Executed> {
  return host.submit({ type: 'ledgerTransfer', entryType, from, to, amount });
}

/** Like move(), but a refusal is an API error (insufficient funds -> INSUFFICIENT_BALANCE). */
export async function mustMove(
  host: EnginePort,
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

/** The idempotency scope of the flash exchange, OTC and IEO money moves (ADR 114). */
export const MONEY_SCOPE = 'money';
/** The idempotency scope of the AI savings, staking and dividend money moves (ADR 080-082). */
export const EARN_SCOPE = 'earn';
/** The scopes the stored keys were written under; a key is recognised only in its own scope. */
export type MoveScope = typeof MONEY_SCOPE | typeof EARN_SCOPE;

/** One money move: `key` is unique per (owner, scope), e.g. `otc:<id>:in`, `ai:<id>:d<day>`. */
export interface OnceMove {
  userId: string;
  key: string;
  entryType: 'ieo' | 'system';
  from: AccountRef;
  to: AccountRef;
  amount: bigint;
}

/**
 * One engine move at most once per (user, scope, key): the key is written in the same commit as
 * the journal entry, so after a crash a retry either finds it (the move happened: skip) or does not
 * (it did not: move now). Returns the engine code, OK when done before (and for a zero amount, which
 * moves nothing). Callers serialise per domain, so two moves with one key never share a batch.
 */
export async function moveOnce(
  host: EnginePort,
  edb: EngineDb,
  scope: MoveScope,
  m: OnceMove,
): Promise<ResultCode> {
  if (m.amount === 0n || (await moved(edb, scope, m.userId, m.key))) return ResultCode.OK;
  const r = await host.submit(
    { type: 'ledgerTransfer', entryType: m.entryType, from: m.from, to: m.to, amount: m.amount },
    { idempotency: { userId: m.userId, scope, key: m.key, hash: m.key } },
  );
  // Refused as a repeat of a committed key (two processes raced it, ADR 172): it was moved once.
  return r.code === ResultCode.ENGINE_DUPLICATE_REFERENCE ? ResultCode.OK : r.code;
}

/** Whether the move with this key was committed. */
export async function moved(edb: EngineDb, scope: MoveScope, userId: string, key: string): Promise<boolean> {
  const done = await edb
    .selectFrom('idempotency_keys')
    .select('ref_id')
    .where('user_id', '=', userId)
    .where('scope', '=', scope)
    .where('key', '=', key)
    .executeTakeFirst();
  return done !== undefined;
}

/** A refusal of moveOnce as an API error (a short source is INSUFFICIENT_BALANCE). */
export function mustBeOk(code: ResultCode): void {
  if (code === ResultCode.OK) return;
  if (code === ResultCode.LEDGER_INSUFFICIENT_AVAILABLE) throw new AppError('INSUFFICIENT_BALANCE');
  throw new Error(`ledgerTransfer refused with code ${code}`);
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

/** Recovery of interrupted money moves per engine host: flash exchange, OTC, IEO (ADR 114). */
const recoveries = new WeakMap<EnginePort, Map<string, () => Promise<number>>>();

export function registerRecovery(host: EnginePort, name: string, recover: () => Promise<number>): void {
  let m = recoveries.get(host);
  if (m === undefined) {
    m = new Map();
    recoveries.set(host, m);
  }
  m.set(name, recover);
}

/** Runs every registered recovery; returns how many rows each completed. */
export async function recoverAll(host: EnginePort): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const [name, recover] of recoveries.get(host) ?? []) out[name] = await recover();
  return out;
}
