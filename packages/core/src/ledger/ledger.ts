import { ResultCode } from './result-code.ts';
import type { AccountKind, AccountRef, Balance, Bucket, EntryType, JournalEntry, Posting } from './types.ts';
import { SYSTEM_OWNER } from './types.ts';

export function accountKey(owner: string, kind: AccountKind, asset: string): string {
  return `${owner}/${kind}/${asset}`;
}

export function parseAccountKey(key: string): AccountRef {
  const first = key.indexOf('/');
  const last = key.lastIndexOf('/');
  return {
    owner: key.slice(0, first),
    kind: key.slice(first + 1, last) as AccountKind,
    asset: key.slice(last + 1),
  };
}

export const systemAccount = (kind: AccountKind, asset: string): string =>
  accountKey(SYSTEM_OWNER, kind, asset);

/**
 * Accounts that may go below zero because they stand for something outside the users' money: the
 * chain (custody), the perpetual settlement (clearing) account. Every other bucket is refused before
 * it would go negative.
 */
export function mayBeNegative(key: string): boolean {
  return key.startsWith(`${SYSTEM_OWNER}/chain/`) || key.startsWith(`${SYSTEM_OWNER}/settlement/`);
}

export type PostResult =
  | { code: typeof ResultCode.OK; entry: JournalEntry }
  | { code: ResultCode; entry?: undefined };

const ZERO: Balance = Object.freeze({ available: 0n, frozen: 0n }) as Balance;

/** A posting builder: `leg(key, 'available', -5n)`; the asset is read from the key. */
export function leg(account: string, bucket: Bucket, amount: bigint): Posting {
  return { account, asset: account.slice(account.lastIndexOf('/') + 1), bucket, amount };
}

/**
 * The double-entry ledger. Balances are a cache of the journal: `recomputeBalances(journal)` gives the
 * same numbers (the audit). `post` checks every precondition first (balanced per asset, non-zero
 * legs, no bucket below zero) and then applies all legs at once, so an entry is all or nothing.
 */
export class Ledger {
  private readonly balances = new Map<string, Balance>();
  private seq = 0;
  /** Entries since construction or the last restore; the engine hands them out as events. */
  private readonly sink: JournalEntry[] | undefined;

  constructor(options: { keepJournal?: boolean } = {}) {
    this.sink = options.keepJournal === true ? [] : undefined;
  }

  get lastSeq(): number {
    return this.seq;
  }

  balance(key: string): Balance {
    return this.balances.get(key) ?? ZERO;
  }

  available(key: string): bigint {
    return this.balance(key).available;
  }

  frozen(key: string): bigint {
    return this.balance(key).frozen;
  }

  /** Every account with a non-zero bucket, sorted by key (stable for hashing and display). */
  accounts(): [string, Balance][] {
    return [...this.balances.entries()]
      .filter(([, b]) => b.available !== 0n || b.frozen !== 0n)
      .sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
  }

  journal(): readonly JournalEntry[] {
    return this.sink ?? [];
  }

  /** Validates without applying: the code `post` would return. */
  check(postings: readonly Posting[]): ResultCode {
    if (postings.length === 0) return ResultCode.LEDGER_EMPTY_ENTRY;
    const perAsset = new Map<string, bigint>();
    const delta = new Map<string, bigint>();
    for (const p of postings) {
      if (p.amount === 0n) return ResultCode.LEDGER_AMOUNT_NOT_POSITIVE;
      perAsset.set(p.asset, (perAsset.get(p.asset) ?? 0n) + p.amount);
      const k = `${p.account}#${p.bucket}`;
      delta.set(k, (delta.get(k) ?? 0n) + p.amount);
    }
    for (const sum of perAsset.values()) if (sum !== 0n) return ResultCode.LEDGER_UNBALANCED;
    for (const [k, d] of delta) {
      if (d >= 0n) continue;
      const hash = k.lastIndexOf('#');
      const account = k.slice(0, hash);
      if (mayBeNegative(account)) continue;
      const bucket = k.slice(hash + 1) as Bucket;
      const b = this.balance(account);
      if (b[bucket] + d < 0n) {
        return bucket === 'available'
          ? ResultCode.LEDGER_INSUFFICIENT_AVAILABLE
          : ResultCode.LEDGER_INSUFFICIENT_FROZEN;
      }
    }
    return ResultCode.OK;
  }

  post(type: EntryType, ref: string, ts: number, postings: Posting[]): PostResult {
    const code = this.check(postings);
    if (code !== ResultCode.OK) return { code };
    // This must succeed from here on.
    for (const p of postings) {
      const b = this.balances.get(p.account);
      if (b === undefined) {
        this.balances.set(
          p.account,
          p.bucket === 'available'
            ? { available: p.amount, frozen: 0n }
            : { available: 0n, frozen: p.amount },
        );
      } else {
        b[p.bucket] += p.amount;
      }
    }
    const entry: JournalEntry = { seq: ++this.seq, type, ref, ts, postings };
    this.sink?.push(entry);
    return { code: ResultCode.OK, entry };
  }

  /**
   * For callers that already proved the entry valid (a fill being settled): a refusal here is a
   * broken invariant, so it throws instead of returning a code.
   */
  mustPost(type: EntryType, ref: string, ts: number, postings: Posting[]): JournalEntry {
    const nonZero = postings.filter((p) => p.amount !== 0n);
    if (nonZero.length === 0) return { seq: this.seq, type, ref, ts, postings: [] };
    const r = this.post(type, ref, ts, nonZero);
    if (r.entry === undefined) {
      throw new Error(`ledger invariant broken: ${type} ${ref} refused with code ${r.code}`);
    }
    return r.entry;
  }

  /** available -> available between two accounts of the same asset. */
  transfer(type: EntryType, ref: string, ts: number, from: string, to: string, amount: bigint): PostResult {
    if (amount <= 0n) return { code: ResultCode.LEDGER_AMOUNT_NOT_POSITIVE };
    if (from === to) return { code: ResultCode.LEDGER_TRANSFER_SAME_ACCOUNT };
    return this.post(type, ref, ts, [leg(from, 'available', -amount), leg(to, 'available', amount)]);
  }

  /** available -> frozen inside one account (e.g. `postingOrder`). */
  freeze(type: EntryType, ref: string, ts: number, account: string, amount: bigint): PostResult {
    if (amount <= 0n) return { code: ResultCode.LEDGER_AMOUNT_NOT_POSITIVE };
    return this.post(type, ref, ts, [leg(account, 'available', -amount), leg(account, 'frozen', amount)]);
  }

  /** frozen -> available inside one account (e.g. `refundPostingOrder`). */
  unfreeze(type: EntryType, ref: string, ts: number, account: string, amount: bigint): PostResult {
    if (amount <= 0n) return { code: ResultCode.LEDGER_AMOUNT_NOT_POSITIVE };
    return this.post(type, ref, ts, [leg(account, 'frozen', -amount), leg(account, 'available', amount)]);
  }

  /** Sum of every bucket of every account per asset: zero for each asset in a sound ledger. */
  totals(): Map<string, bigint> {
    const t = new Map<string, bigint>();
    for (const [key, b] of this.balances) {
      const asset = key.slice(key.lastIndexOf('/') + 1);
      t.set(asset, (t.get(asset) ?? 0n) + b.available + b.frozen);
    }
    return t;
  }

  snapshot(): LedgerSnapshot {
    return {
      seq: this.seq,
      balances: this.accounts().map(([k, b]) => [k, b.available.toString(), b.frozen.toString()]),
    };
  }

  restore(s: LedgerSnapshot): void {
    this.balances.clear();
    this.seq = s.seq;
    for (const [k, a, f] of s.balances) this.balances.set(k, { available: BigInt(a), frozen: BigInt(f) });
    if (this.sink !== undefined) this.sink.length = 0;
  }
}

export interface LedgerSnapshot {
  seq: number;
  balances: [string, string, string][];
}

/** The audit: balances recomputed from postings alone, starting from an optional opening snapshot. */
export function recomputeBalances(
  entries: Iterable<JournalEntry>,
  opening?: LedgerSnapshot,
): Map<string, Balance> {
  const out = new Map<string, Balance>();
  if (opening !== undefined) {
    for (const [k, a, f] of opening.balances) out.set(k, { available: BigInt(a), frozen: BigInt(f) });
  }
  for (const e of entries) {
    for (const p of e.postings) {
      let b = out.get(p.account);
      if (b === undefined) {
        b = { available: 0n, frozen: 0n };
        out.set(p.account, b);
      }
      b[p.bucket] += p.amount;
    }
  }
  return out;
}

/** Differences between the ledger's balances and a recomputation; empty when they agree. */
export function auditLedger(ledger: Ledger, recomputed: Map<string, Balance>): string[] {
  const problems: string[] = [];
  const keys = new Set([...recomputed.keys(), ...ledger.accounts().map(([k]) => k)]);
  for (const k of [...keys].sort()) {
    const a = ledger.balance(k);
    const b = recomputed.get(k) ?? ZERO;
    if (a.available !== b.available || a.frozen !== b.frozen) {
      problems.push(`${k}: ledger ${a.available}/${a.frozen} != journal ${b.available}/${b.frozen}`);
    }
  }
  return problems;
}
