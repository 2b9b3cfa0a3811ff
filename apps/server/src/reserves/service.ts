import { randomBytes } from 'node:crypto';
import type { LiabilityProof, MyLiabilityProof, ReserveRatio, SnapshotSummary } from '@ex/contract';
import { accountKey, SYSTEM_OWNER } from '@ex/core';
import { buildTree, type LiabilityTree, pathOf, signRoot } from '@ex/verify-liabilities';
import { sql } from 'kysely';
import type { Clock } from '../clock.ts';
import type { Db } from '../db/db.ts';
import { ASSETS, QUOTE } from '../engine/config.ts';
import type { EnginePort } from '../engine/port.ts';
import { formatAmount } from '../engine/units.ts';
import { AppError } from '../http/errors.ts';
import type { LiabilitiesKey } from './keys.ts';

/** Asset order of every leaf and sum: fixed by the engine's asset table. */
export const PROOF_ASSETS = Object.entries(ASSETS).map(([coin, scale]) => ({ coin, scale }));
const COINS = PROOF_ASSETS.map((a) => a.coin);
const USDC = COINS.indexOf(QUOTE);
/**
 * On-demand snapshots at most this often after the last on-demand one: each hashes every user. The
 * automatic ones (daily, and the first at the start, ADR 256) are not the operator's turn.
 */
export const SNAPSHOT_MIN_GAP_MS = 60_000;
export const DAY_MS = 86_400_000;

/** USDC the exchange holds on chain (hot + deposit wallets): a port, simulated on the default. */
export interface ReserveReader {
  readonly source: ReserveRatio['source'];
  usdcHeld(): Promise<bigint | null>;
}

/**
 * The embedded default's chain is simulated: what it holds is exactly what came in minus what went
 * out, which the ledger's `system/chain` account mirrors with the opposite sign (core ledger types).
 */
export function simulatedReserves(host: EnginePort): ReserveReader {
  return {
    source: 'simulated',
    usdcHeld: async () => -host.engine.ledger.balance(accountKey(SYSTEM_OWNER, 'chain', QUOTE)).available,
  };
}

/** No chain to read (CHAIN=tron without a node): the ratio is shown as unknown, never made up (ADR 141). */
export const noReserves: ReserveReader = { source: 'unavailable', usdcHeld: async () => null };

interface SnapshotRow {
  id: string;
  created_at: string;
  trigger: 'daily' | 'operator';
  assets: { coin: string; scale: number }[];
  root_hash: string;
  root_sums: string[];
  signature: string;
  public_key: string;
  users: number;
  negative_accounts: number;
  reserve_usdc: string | null;
  reserve_source: ReserveRatio['source'];
}

export function ratioPercent(reserves: bigint | null, liabilities: bigint): string | null {
  if (reserves === null || liabilities === 0n) return null;
  // Two decimals, rounded down: the published ratio never flatters the exchange.
  const hundredths = (reserves * 10_000n) / liabilities;
  return `${hundredths / 100n}.${(hundredths % 100n).toString().padStart(2, '0')}`;
}

function summary(r: SnapshotRow): SnapshotSummary {
  const sums = r.root_sums.map(BigInt);
  const reserve = r.reserve_usdc === null ? null : BigInt(r.reserve_usdc);
  const liabilities = sums[USDC] ?? 0n;
  return {
    id: r.id,
    created_at: Number(r.created_at),
    trigger: r.trigger,
    users: r.users,
    root_hash: r.root_hash,
    totals: r.assets.map((a, i) => ({ coin: a.coin, total: formatAmount(sums[i] ?? 0n, a.coin) })),
    negative_accounts: r.negative_accounts,
    signature: r.signature,
    public_key: r.public_key,
    reserve: {
      coin: 'USDC',
      reserves: reserve === null ? null : formatAmount(reserve, QUOTE),
      liabilities: formatAmount(liabilities, QUOTE),
      ratio_percent: ratioPercent(reserve, liabilities),
      source: r.reserve_source,
    },
  };
}

const parseJson = <T>(v: unknown): T => (typeof v === 'string' ? (JSON.parse(v) as T) : (v as T));

/**
 * Snapshots of what the exchange owes every user, as a signed Merkle-sum tree (ADR 140), and the
 * reserve figure beside it (ADR 141).
 */
export class ReservesService {
  /** The last tree rebuilt from its leaves: proofs of the latest snapshot are asked for often. */
  private cached: { id: string; tree: LiabilityTree } | undefined;
  private running: Promise<SnapshotSummary> | undefined;

  constructor(
    private readonly db: Db,
    private readonly host: EnginePort,
    private readonly clock: Clock,
    private readonly key: LiabilitiesKey | undefined,
    private readonly reserves: ReserveReader,
  ) {}

  get publicKeyHex(): string | undefined {
    return this.key?.publicKeyHex;
  }

  /**
   * What each user is owed per asset, in smallest units: every ledger account of the user (spot,
   * contract, isolated margins; available and frozen, since withdrawals in flight are still owed),
   * the unrealised PnL of open positions at the mark, and the principal held in earn products.
   */
  async liabilities(): Promise<Map<string, bigint[]>> {
    const owed = new Map<string, bigint[]>();
    const add = (owner: string, coin: string, amount: bigint) => {
      const i = COINS.indexOf(coin);
      if (i < 0 || amount === 0n) return;
      let row = owed.get(owner);
      if (row === undefined) {
        row = COINS.map(() => 0n);
        owed.set(owner, row);
      }
      row[i] = (row[i] ?? 0n) + amount;
    };
    // Every registered user gets a leaf, even at zero, so anyone can check that they are in.
    const users = await sql<{ id: string }>`select id::text as id from users`.execute(this.db);
    for (const u of users.rows)
      if (!owed.has(u.id))
        owed.set(
          u.id,
          COINS.map(() => 0n),
        );
    const ledger = await sql<{ owner: string; coin: string; total: string }>`
      select owner, coin, sum(available_delta + frozen_delta)::text as total
      from ledger_entries where owner <> ${SYSTEM_OWNER} group by owner, coin`.execute(this.db);
    for (const r of ledger.rows) add(r.owner, r.coin, BigInt(r.total));
    // Earn products hold the users' coins in `system/earn`; the claims are in each product's table.
    // Rows still `pending` have not moved money yet (they turn active right after the move).
    const earn = await sql<{ owner: string; coin: string; total: string }>`
      select user_id as owner, coin, sum(amount + interest)::text as total from ai_orders
        where status = 'active' group by user_id, coin
      union all
      select user_id, coin, sum(amount)::text from stakes where status in ('review', 'active') group by user_id, coin
      union all
      select user_id, coin, sum(amount + interest)::text from stakes where status = 'outstanding' group by user_id, coin
      union all
      select c.user_id, p.coin, sum(c.amount)::text from dividend_claims c join dividend_pools p on p.id = c.pool_id
        where p.status = 'funded' and c.claimed_at is null group by c.user_id, p.coin`.execute(this.db);
    for (const r of earn.rows) add(r.owner, r.coin, BigInt(r.total));
    const perp = this.host.engine.perp;
    for (const owner of [...owed.keys()]) {
      for (const p of perp.positionsOf(owner)) add(owner, QUOTE, perp.unrealisedPnl(p));
    }
    return owed;
  }

  /** Builds, signs and stores one snapshot. One at a time; an operator's at most once a minute. */
  async snapshot(trigger: 'daily' | 'operator'): Promise<SnapshotSummary> {
    if (this.running !== undefined) {
      if (trigger === 'operator') throw new AppError('SNAPSHOT_TOO_SOON');
      return this.running;
    }
    this.running = this.take(trigger);
    try {
      return await this.running;
    } finally {
      this.running = undefined;
    }
  }

  private async take(trigger: 'daily' | 'operator'): Promise<SnapshotSummary> {
    const now = this.clock.now();
    if (trigger === 'operator') {
      const last = await this.latestRow('operator');
      if (last && now - Number(last.created_at) < SNAPSHOT_MIN_GAP_MS)
        throw new AppError('SNAPSHOT_TOO_SOON');
    }
    // Production without LIABILITIES_SIGNING_KEY: nothing unsigned is ever published.
    if (this.key === undefined) throw new Error('LIABILITIES_SIGNING_KEY is required to publish a proof');
    const owed = await this.liabilities();
    let negative = 0;
    const leaves = [...owed].map(([userId, amounts]) => {
      // A negative net balance is the user's debt to the exchange, not a liability: counted as zero
      // so it cannot cancel what is owed to others (ADR 140). The count is published.
      if (amounts.some((a) => a < 0n)) negative++;
      return {
        userId,
        salt: randomBytes(16).toString('hex'),
        amounts: amounts.map((a) => (a < 0n ? 0n : a)),
      };
    });
    const tree = buildTree(COINS, leaves);
    const reserve = await this.reserves.usdcHeld();
    const rootSums = tree.root.sums.map(String);
    const id = await this.db.transaction().execute(async (trx) => {
      const inserted = await sql<{ id: string }>`
        insert into liability_snapshots
          (created_at, trigger, assets, root_hash, root_sums, signature, public_key, users,
           negative_accounts, reserve_usdc, reserve_source)
        values (${now}, ${trigger}, ${JSON.stringify(PROOF_ASSETS)}::jsonb, ${tree.root.hash},
          ${JSON.stringify(rootSums)}::jsonb, '', ${this.key!.publicKeyHex}, ${leaves.length}, ${negative},
          ${reserve === null ? null : reserve.toString()}, ${this.reserves.source})
        returning id::text as id`.execute(trx);
      const snapshotId = inserted.rows[0]!.id;
      // The signature covers the id, so it is computed once the id is known, inside the same transaction.
      const signature = signRoot(
        {
          snapshot_id: snapshotId,
          created_at: now,
          assets: PROOF_ASSETS,
          root: { hash: tree.root.hash, sums: rootSums },
        },
        this.key!.secret,
      );
      await sql`update liability_snapshots set signature = ${signature} where id = ${snapshotId}`.execute(
        trx,
      );
      for (let i = 0; i < leaves.length; i += 500) {
        const chunk = leaves.slice(i, i + 500);
        await trx
          .withTables<{
            liability_leaves: { snapshot_id: string; user_id: string; salt: string; balances: string };
          }>()
          .insertInto('liability_leaves')
          .values(
            chunk.map((l) => ({
              snapshot_id: snapshotId,
              user_id: l.userId,
              salt: l.salt,
              balances: JSON.stringify(l.amounts.map(String)),
            })),
          )
          .execute();
      }
      return snapshotId;
    });
    this.cached = { id, tree };
    const row = await this.rowById(id);
    return summary(row!);
  }

  /**
   * At the start (start.ts, ADR 256): the first snapshot when none was published yet, so a fresh
   * server shows one at once instead of a minute later; undefined when there is one already.
   */
  async firstIfNone(): Promise<SnapshotSummary | undefined> {
    if ((await this.latestRow()) !== undefined) return undefined;
    return this.snapshot('daily');
  }

  /** Takes the daily snapshot when the latest one is a day old (or there is none). */
  async dailyIfDue(): Promise<SnapshotSummary | undefined> {
    const last = await this.latestRow();
    if (last && this.clock.now() - Number(last.created_at) < DAY_MS) return undefined;
    return this.snapshot('daily');
  }

  private async rowById(id: string): Promise<SnapshotRow | undefined> {
    const r = await sql<SnapshotRow>`
      select id::text as id, created_at::text as created_at, trigger, assets, root_hash, root_sums, signature,
        public_key, users, negative_accounts, reserve_usdc::text as reserve_usdc, reserve_source
      from liability_snapshots where id = ${id}`.execute(this.db);
    return r.rows[0] ? this.normalise(r.rows[0]) : undefined;
  }

  /** The latest published snapshot (of `trigger` when given). */
  private async latestRow(trigger?: SnapshotRow['trigger']): Promise<SnapshotRow | undefined> {
    const r = await sql<SnapshotRow>`
      select id::text as id, created_at::text as created_at, trigger, assets, root_hash, root_sums, signature,
        public_key, users, negative_accounts, reserve_usdc::text as reserve_usdc, reserve_source
      from liability_snapshots where signature <> ''
        ${trigger === undefined ? sql`` : sql`and trigger = ${trigger}`}
      order by id desc limit 1`.execute(this.db);
    return r.rows[0] ? this.normalise(r.rows[0]) : undefined;
  }

  private normalise(r: SnapshotRow): SnapshotRow {
    return { ...r, assets: parseJson(r.assets), root_sums: parseJson(r.root_sums) };
  }

  async list(limit: number): Promise<SnapshotSummary[]> {
    const r = await sql<SnapshotRow>`
      select id::text as id, created_at::text as created_at, trigger, assets, root_hash, root_sums, signature,
        public_key, users, negative_accounts, reserve_usdc::text as reserve_usdc, reserve_source
      from liability_snapshots where signature <> '' order by id desc limit ${limit}`.execute(this.db);
    return r.rows.map((row) => summary(this.normalise(row)));
  }

  private async treeOf(snapshotId: string): Promise<LiabilityTree> {
    if (this.cached?.id === snapshotId) return this.cached.tree;
    const leaves = await sql<{ user_id: string; salt: string; balances: unknown }>`
      select user_id, salt, balances from liability_leaves where snapshot_id = ${snapshotId}`.execute(
      this.db,
    );
    const tree = buildTree(
      COINS,
      leaves.rows.map((l) => ({
        userId: l.user_id,
        salt: l.salt,
        amounts: parseJson<string[]>(l.balances).map(BigInt),
      })),
    );
    this.cached = { id: snapshotId, tree };
    return tree;
  }

  /** The caller's own leaf and path in the latest snapshot; only ever for `userId` itself. */
  async myProof(userId: string): Promise<MyLiabilityProof> {
    const row = await this.latestRow();
    if (row === undefined) throw new AppError('PROOF_NOT_AVAILABLE');
    const leaf = await sql<{ salt: string; balances: unknown }>`
      select salt, balances from liability_leaves where snapshot_id = ${row.id} and user_id = ${userId}`.execute(
      this.db,
    );
    const mine = leaf.rows[0];
    if (mine === undefined) return { snapshot: summary(row), proof: null };
    const tree = await this.treeOf(row.id);
    const path = pathOf(tree, userId);
    // The stored leaves rebuild the signed root, or the store was altered: never hand out a broken proof.
    if (path === undefined || tree.root.hash !== row.root_hash)
      throw new Error(`liability snapshot ${row.id}: stored leaves do not rebuild the signed root`);
    const proof: LiabilityProof = {
      version: 1,
      snapshot_id: row.id,
      created_at: Number(row.created_at),
      assets: row.assets,
      root: { hash: row.root_hash, sums: row.root_sums },
      signature: row.signature,
      public_key: row.public_key,
      leaf: { user_id: userId, salt: mine.salt, balances: parseJson<string[]>(mine.balances) },
      path,
    };
    return { snapshot: summary(row), proof };
  }

  async downloadProof(userId: string): Promise<LiabilityProof> {
    const mine = await this.myProof(userId);
    if (mine.proof === null) throw new AppError('PROOF_NOT_INCLUDED');
    return mine.proof;
  }
}
