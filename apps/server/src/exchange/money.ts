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

/** A flash exchange record, OTC order or IEO application: the row its money moves belong to. */
export interface MoneyRow {
  id: string;
  user_id: string;
}

/**
 * The once-only money moves of one domain's rows (ADR 114, 193): one operation at a time per domain,
 * and each step of a row moved at most once under the key `<prefix>:<row id>:<step>` in the money
 * scope (the prefixes stored since ADR 114: `fx`, `otc`, `ieo`). A row is written before its first
 * move, so after a crash `recover` finds it and rolls it forward when that move happened.
 */
export class RowMoves {
  private readonly lock = new Mutex();

  constructor(
    private readonly host: EnginePort,
    private readonly edb: EngineDb,
    private readonly prefix: 'fx' | 'otc' | 'ieo',
    private readonly entryType: 'ieo' | 'system',
  ) {}

  /** Runs `work` after every earlier operation of this domain. */
  serial<T>(work: () => Promise<T>): Promise<T> {
    return this.lock.run(work);
  }

  /** One step of `row` at most once; the engine code (OK when done before). */
  move(row: MoneyRow, step: string, from: AccountRef, to: AccountRef, amount: bigint): Promise<ResultCode> {
    return moveOnce(this.host, this.edb, MONEY_SCOPE, {
      userId: row.user_id,
      key: `${this.prefix}:${row.id}:${step}`,
      entryType: this.entryType,
      from,
      to,
      amount,
    });
  }

  /** Whether the step of `row` was committed. */
  moved(row: MoneyRow, step: string): Promise<boolean> {
    return moved(this.edb, MONEY_SCOPE, row.user_id, `${this.prefix}:${row.id}:${step}`);
  }

  /** A step that must happen: on a refusal `undo` runs, then the refusal is the API error (mustBeOk). */
  async moveOrUndo(
    row: MoneyRow,
    step: string,
    from: AccountRef,
    to: AccountRef,
    amount: bigint,
    undo: () => Promise<unknown>,
  ): Promise<void> {
    const code = await this.move(row, step, from, to, amount);
    if (code === ResultCode.OK) return;
    await undo();
    mustBeOk(code);
  }

  /**
   * After a crash (at start and from the operator's endpoint): each row `interrupted` finds is
   * handed to `finish`, under the lock; returns how many there were.
   */
  recover<R>(interrupted: () => Promise<R[]>, finish: (row: R) => Promise<unknown>): Promise<number> {
    return this.serial(async () => {
      const rows = await interrupted();
      for (const row of rows) await finish(row);
      return rows.length;
    });
  }

  /** A `pending` row: `forward` when its `first` step moved, else `drop` (nothing moved). */
  async resolve(
    row: MoneyRow,
    first: string,
    forward: () => Promise<unknown>,
    drop: () => Promise<unknown>,
  ): Promise<void> {
    await ((await this.moved(row, first)) ? forward() : drop());
  }
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
