// The single writer (ADR 010): every command (HTTP handlers, the bot, the feed, timers) goes through
// one queue. A batch is what queued while the previous batch was being committed; its commands run
// in order on the engine, the journal rows and projections of all of them go into ONE transaction,
// and only after that commit do the callers get their results and the events go out. If a commit
// fails the engine in memory is ahead of the database: the host stops for good (ADR 011).

import { appendFileSync } from 'node:fs';
import {
  type Command,
  type EngineEvent,
  type EngineResult,
  ExchangeEngine,
  hashString,
  ResultCode,
  stableStringify,
} from '@ex/core';
import { sql } from 'kysely';
import type { Clock } from '../clock.ts';
import type { Db } from '../db/db.ts';
import { encodeCommand } from './codec.ts';
import {
  type CommandDraft,
  extraOf,
  materialize,
  type Preparer,
  Preparers,
  type SubmitOptions,
} from './commands.ts';
import { insertBatch } from './commit.ts';
import { serverEngineConfig } from './config.ts';
import { restoreEngine } from './journal.ts';
import { writeOrderUpdates } from './order-updates.ts';
import type { EnginePort } from './port.ts';
import { project, RowBatch } from './projector.ts';
import { Snapshotter, type WorkerSnapshot } from './snapshotter.ts';
import { type EngineDb, engineDb, type OrdersTable } from './tables.ts';

export interface CommandCtx {
  /** Command time: the clock, never earlier than the previous command (the engine refuses that). */
  ts: number;
  /** A fresh id (the journal seq this command gets if accepted; refused commands leave no trace). */
  id: string;
}

export type CommandBuilder = (ctx: CommandCtx) => Command;

export interface Executed extends EngineResult {
  /** Journal seq, or null when the engine refused the command. */
  seq: number | null;
  ts: number;
  id: string;
  command: Command;
  /**
   * The order row this command created, as committed with it (its own fills included, later fills
   * of the batch not): the caller answers without reading it back (issue 9 item 6).
   */
  order?: OrdersTable;
  /**
   * The journal body committed for this command (accepted commands only): the transport publishes
   * it and carries it in replies (ADR 177) without encoding the command again.
   */
  body?: string;
}

export interface HostOptions {
  db: Db;
  clock: Clock;
  /** Snapshot after this many journaled commands (and at close). */
  snapshotEvery?: number;
  /** Engine owners that are bots: their orders are not projected into `orders`. */
  botUsers?: ReadonlySet<string>;
  /**
   * Serialise periodic snapshots on a thread of their own that replays the journal (ADR 176), so the
   * writer never pauses for one. Off: on this thread, between batches (tests, the default here).
   */
  snapshotThread?: boolean;
  /** Called once when a commit fails; main.ts exits the process. Default: nothing more. */
  onFatal?: (error: unknown) => void;
  log?: (message: string) => void;
}

interface Pending {
  /** A draft (data, ADR 172) or, in process only, a builder function (tests). */
  build: CommandBuilder | CommandDraft;
  options: SubmitOptions;
  resolve: (r: Executed) => void;
  reject: (e: unknown) => void;
}

const keyOf = (c: { userId: string; scope: string; key: string }) =>
  `${c.userId}\u0000${c.scope}\u0000${c.key}`;

/**
 * A result for a command refused before the engine saw it (a repeated idempotency key, a builder
 * or preparer that threw): nothing journaled, and a placeholder command no one executes.
 */
const notRun = (code: Executed['code'], ts: number, id: string): Executed => ({
  code,
  events: [],
  seq: null,
  ts,
  id,
  command: { type: 'liquidationCheck', ts },
});

export type CommitListener = (executed: readonly Executed[]) => void;

/**
 * ENGINE_STATS=<file> (benchmarks, issue 9): every 5 s one JSON line with the group commit's batch
 * sizes, the time spent executing and waiting on the commit, and snapshots. Off by default.
 */
class CommitStats {
  private batches = 0;
  private commands = 0;
  private maxBatch = 0;
  private execMs = 0;
  private commitMs = 0;
  private maxCommitMs = 0;
  private snapshots = 0;
  private snapshotMs = 0;
  private since = performance.now();

  constructor(private readonly file: string) {}

  batch(size: number, execMs: number, commitMs: number): void {
    this.batches += 1;
    this.commands += size;
    this.maxBatch = Math.max(this.maxBatch, size);
    this.execMs += execMs;
    this.commitMs += commitMs;
    this.maxCommitMs = Math.max(this.maxCommitMs, commitMs);
    if (performance.now() - this.since >= 5000) this.flush();
  }

  snapshot(ms: number): void {
    this.snapshots += 1;
    this.snapshotMs += ms;
  }

  private flush(): void {
    const wall = performance.now() - this.since;
    const r = (x: number) => Math.round(x * 100) / 100;
    const line = {
      at: new Date().toISOString(),
      wallMs: Math.round(wall),
      batches: this.batches,
      commands: this.commands,
      meanBatch: r(this.commands / Math.max(1, this.batches)),
      maxBatch: this.maxBatch,
      execMsPerBatch: r(this.execMs / Math.max(1, this.batches)),
      commitMsPerBatch: r(this.commitMs / Math.max(1, this.batches)),
      maxCommitMs: r(this.maxCommitMs),
      commitShareOfWall: r(this.commitMs / wall),
      snapshots: this.snapshots,
      snapshotMs: r(this.snapshotMs),
    };
    try {
      appendFileSync(this.file, `${JSON.stringify(line)}\n`);
    } catch {
      // statistics are best effort
    }
    Object.assign(this, { batches: 0, commands: 0, maxBatch: 0, execMs: 0, commitMs: 0, maxCommitMs: 0 });
    Object.assign(this, { snapshots: 0, snapshotMs: 0, since: performance.now() });
  }
}

export class EngineHost implements EnginePort {
  readonly engine: ExchangeEngine;
  private readonly edb: EngineDb;
  private queue: Pending[] = [];
  private running: Promise<void> | null = null;
  private nextSeq = 1;
  private lastTs = 0;
  private lastSnapshotSeq = 0;
  private lastSnapshotChars = 0;
  private fatal: unknown = null;
  private closed = false;
  private readonly listeners = new Set<CommitListener>();
  private readonly snapshotEvery: number;
  private readonly botUsers: ReadonlySet<string>;
  private readonly preparers = new Preparers();
  private snapshotter: Snapshotter | null = null;
  /** A snapshot asked of the thread and not stored yet. */
  private threadSnapshot: Promise<void> | null = null;
  private readonly stats = process.env.ENGINE_STATS ? new CommitStats(process.env.ENGINE_STATS) : null;

  private constructor(private readonly options: HostOptions) {
    this.engine = new ExchangeEngine(serverEngineConfig());
    this.edb = engineDb(options.db);
    this.snapshotEvery = options.snapshotEvery ?? 5000;
    this.botUsers = options.botUsers ?? new Set();
  }

  /** Loads the latest snapshot, replays the journal after it and checks the snapshot's hash. */
  static async start(options: HostOptions): Promise<EngineHost> {
    const host = new EngineHost(options);
    await host.load();
    if (options.snapshotThread === true) {
      host.snapshotter = new Snapshotter(
        { state: stableStringify(host.engine.snapshot()), seq: host.journalLength },
        (reason) => options.log?.(`snapshot thread stopped (${reason}); snapshots on the writer's thread`),
      );
    }
    return host;
  }

  private async load(): Promise<void> {
    const restored = await restoreEngine(this.edb, this.engine);
    this.lastSnapshotSeq = restored.snapshotSeq;
    this.nextSeq = restored.journalLength + 1;
    this.lastTs = this.engine.snapshot().lastTs;
  }

  /** The seq the next accepted command gets (= journaled commands + 1). */
  get journalLength(): number {
    return this.nextSeq - 1;
  }

  onCommit(listener: CommitListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  isBot(userId: string): boolean {
    return this.botUsers.has(userId);
  }

  /** Registers a named preparer the sequencer runs on drafts that ask for it (commands.ts). */
  prepare(name: string, preparer: Preparer): void {
    this.preparers.register(name, preparer);
  }

  /**
   * Queues a command; resolves after its batch is committed (or with the refusal code). A draft is
   * data and may come from another process; a builder function is for in-process tests only.
   */
  submit(build: CommandBuilder | CommandDraft, options: SubmitOptions = {}): Promise<Executed> {
    return this.submitAll([{ build, options }])[0]!;
  }

  /**
   * Queues several commands at once, in order, before the writer takes its next batch: they land in
   * the same group commit (a gateway's batched request, ADR 216). Each resolves like `submit`.
   */
  submitAll(
    items: readonly { build: CommandBuilder | CommandDraft; options?: SubmitOptions }[],
  ): Promise<Executed>[] {
    if (this.fatal !== null || this.closed) {
      const why = this.fatal !== null ? 'engine host stopped after a failed commit' : 'engine host is closed';
      return items.map(() => Promise.reject(new Error(why)));
    }
    const results = items.map(
      (i) =>
        new Promise<Executed>((resolve, reject) => {
          this.queue.push({ build: i.build, options: i.options ?? {}, resolve, reject });
        }),
    );
    if (this.running === null && this.queue.length > 0) this.running = this.pump();
    return results;
  }

  private async pump(): Promise<void> {
    try {
      while (this.queue.length > 0 && this.fatal === null) {
        const batch = this.queue;
        this.queue = [];
        await this.runBatch(batch);
      }
    } finally {
      this.running = null;
    }
  }

  private async runBatch(batch: Pending[]): Promise<void> {
    const started = performance.now();
    const rows = new RowBatch();
    const results: Executed[] = [];
    const isBot = (u: string) => this.botUsers.has(u);
    let claimed: Set<string>;
    try {
      claimed = await this.claimedKeys(batch);
    } catch (error) {
      for (const p of batch) p.reject(error);
      return;
    }
    for (const p of batch) {
      const ts = Math.max(this.options.clock.now(), this.lastTs);
      const id = String(this.nextSeq);
      const claim = p.options.idempotency;
      if (claim !== undefined) {
        // The writer owns the keys (ADR 172): a key already committed, or taken earlier in this
        // batch (two gateways racing the same retry), is refused here; the caller's gate then
        // answers with the first result. Its row would otherwise fail the whole commit.
        const k = keyOf(claim);
        if (claimed.has(k)) {
          results.push(notRun(ResultCode.ENGINE_DUPLICATE_REFERENCE, ts, id));
          continue;
        }
      }
      let cmd: Command;
      try {
        cmd =
          typeof p.build === 'function'
            ? p.build({ ts, id })
            : materialize({ draft: p.build, options: p.options }, { ts, id }, this.preparers, this);
      } catch (error) {
        results.push(notRun(ResultCode.ENGINE_UNKNOWN_COMMAND, ts, id));
        p.reject(error);
        continue;
      }
      const r = this.engine.execute(cmd);
      if (r.code !== ResultCode.OK) {
        results.push({ ...r, seq: null, ts, id, command: cmd });
        continue;
      }
      const seq = this.nextSeq++;
      this.lastTs = cmd.ts;
      if (claim !== undefined) claimed.add(keyOf(claim));
      const body = encodeCommand(cmd);
      rows.commands.push({ seq: String(seq), type: cmd.type, body, ts: String(cmd.ts) });
      const before = rows.orders.length;
      project(this.engine, rows, seq, cmd, r.events, extraOf(p.options), isBot);
      // Built field by field: spreading the result and a conditional object per command was 4 % of
      // the main thread under bench:http (issue 9, ADR 213).
      const done: Executed = { code: r.code, events: r.events, seq, ts, id, command: cmd, body };
      if ('orderId' in cmd) {
        const created = cmd.orderId;
        for (let i = before; i < rows.orders.length; i++) {
          const o = rows.orders[i]!;
          if (o.id === created) {
            done.order = o;
            break;
          }
        }
      }
      results.push(done);
    }
    const executed = performance.now();
    if (rows.commands.length > 0) {
      try {
        await this.write(rows);
      } catch (error) {
        this.fatal = error;
        this.options.log?.(`engine commit failed, stopping: ${String(error)}`);
        void this.snapshotter?.close();
        for (const p of batch) p.reject(error);
        for (const p of this.queue) p.reject(error);
        this.queue = [];
        this.options.onFatal?.(error);
        return;
      }
    }
    this.stats?.batch(batch.length, executed - started, performance.now() - executed);
    if (rows.commands.length > 0)
      this.snapshotter?.apply(
        Number(rows.commands[0]!.seq),
        rows.commands.map((c) => c.body),
      );
    for (let i = 0; i < batch.length; i++) batch[i]!.resolve(results[i]!);
    const accepted = results.filter((r) => r.seq !== null);
    if (accepted.length > 0) {
      for (const l of this.listeners) {
        try {
          l(accepted);
        } catch (error) {
          this.options.log?.(`commit listener failed: ${String(error)}`);
        }
      }
    }
    if (this.journalLength - this.lastSnapshotSeq >= this.snapshotDue()) {
      if (this.snapshotter?.ok === true) {
        this.snapshotOnThread(this.snapshotter);
        return;
      }
      const t = performance.now();
      await this.snapshot();
      this.stats?.snapshot(performance.now() - t);
    }
  }

  /** The idempotency keys of this batch that are already committed (one query, only when any). */
  private async claimedKeys(batch: Pending[]): Promise<Set<string>> {
    // A loop, not flatMap (an array per command; 0.3 us per order under bench:http, ADR 213).
    const claims: NonNullable<SubmitOptions['idempotency']>[] = [];
    for (const p of batch) if (p.options.idempotency !== undefined) claims.push(p.options.idempotency);
    const taken = new Set<string>();
    if (claims.length === 0) return taken;
    const rows = await this.edb
      .selectFrom('idempotency_keys')
      .select(['user_id', 'scope', 'key'])
      .where((eb) =>
        eb.or(
          claims.map((c) =>
            eb.and([eb('user_id', '=', c.userId), eb('scope', '=', c.scope), eb('key', '=', c.key)]),
          ),
        ),
      )
      .execute();
    for (const r of rows) taken.add(keyOf({ userId: r.user_id, scope: r.scope, key: r.key }));
    return taken;
  }

  private async write(rows: RowBatch): Promise<void> {
    const inserts = insertBatch(rows);
    if (rows.orderUpdates.length === 0) {
      // One statement is one transaction: a batch of placements commits in one round trip.
      if (inserts !== null) await inserts.execute(this.edb);
      return;
    }
    await this.edb.transaction().execute(async (trx) => {
      // Always through trx: on PGlite a query on the main handle inside a transaction waits forever.
      // The inserts first: an update may be for an order placed earlier in this batch.
      if (inserts !== null) await inserts.execute(trx);
      await writeOrderUpdates(trx, rows.orderUpdates, (u) =>
        trx
          .updateTable('orders')
          .set({
            ...(u.filled !== null ? { filled: sql<string>`filled + ${u.filled}::numeric` } : {}),
            ...(u.filledValue !== null
              ? { filled_value: sql<string>`filled_value + ${u.filledValue}::numeric` }
              : {}),
            ...(u.status !== null ? { status: u.status } : {}),
            // Contract orders (ADR 139): fees and realised PnL of fills, a fired trigger, an amend.
            ...(u.fee !== undefined ? { fee: sql<string>`fee + ${u.fee}::numeric` } : {}),
            ...(u.realisedPnl !== undefined
              ? { realised_pnl: sql<string>`realised_pnl + ${u.realisedPnl}::numeric` }
              : {}),
            ...(u.triggeredAt !== undefined ? { triggered_at: String(u.triggeredAt) } : {}),
            ...(u.price !== undefined ? { price: u.price } : {}),
            ...(u.triggerPrice !== undefined ? { trigger_price: u.triggerPrice } : {}),
            ...(u.openQty !== undefined ? { quantity: sql<string>`filled + ${u.openQty}::numeric` } : {}),
            updated_at: String(u.ts),
          })
          .where('id', '=', u.id)
          .execute(),
      );
    });
  }

  /**
   * Commands between snapshots: `snapshotEvery`, or more once the state is large. A snapshot costs
   * time in proportion to the state (about 400 ms on this thread for 100,000 resting orders, 9.5 MB),
   * so a fixed count made it the writer's largest cost under load (17 % of the wall time at 5,000
   * orders/s, docs/benchmarks.md issue 9). One command per 100 characters of the last snapshot keeps
   * it near 1 % of the writer's time, and the replay after a restart in proportion to the state.
   */
  private snapshotDue(): number {
    return Math.max(this.snapshotEvery, Math.floor(this.lastSnapshotChars / 100));
  }

  /** Asks the snapshot thread for the state as of what it has applied; stores it when it answers. */
  private snapshotOnThread(snapshotter: Snapshotter): void {
    if (this.threadSnapshot !== null) return;
    const asked = performance.now();
    this.threadSnapshot = snapshotter
      .snapshot()
      .then(async (s) => {
        if (s === null) return;
        await this.store(s);
        this.stats?.snapshot(performance.now() - asked);
      })
      .catch((error: unknown) => this.options.log?.(`snapshot not stored: ${String(error)}`))
      .finally(() => {
        this.threadSnapshot = null;
      });
  }

  private async store(s: WorkerSnapshot): Promise<void> {
    await this.edb
      .insertInto('engine_snapshots')
      .values({ seq: String(s.seq), state: s.state, state_hash: s.hash, ts: String(s.ts) })
      .onConflict((oc) => oc.column('seq').doNothing())
      .execute();
    if (s.seq > this.lastSnapshotSeq) {
      this.lastSnapshotSeq = s.seq;
      this.lastSnapshotChars = s.state.length;
    }
  }

  /** Writes a snapshot of the current state (between batches: the caller holds no batch). */
  async snapshot(): Promise<void> {
    const seq = this.journalLength;
    if (seq === 0 || seq === this.lastSnapshotSeq) return;
    // One serialisation for both: stateHash() is the hash of this same text (it used to be built twice).
    const state = stableStringify(this.engine.snapshot());
    await this.edb
      .insertInto('engine_snapshots')
      .values({
        seq: String(seq),
        state,
        state_hash: hashString(state),
        ts: String(this.lastTs),
      })
      .onConflict((oc) => oc.column('seq').doNothing())
      .execute();
    this.lastSnapshotSeq = seq;
    this.lastSnapshotChars = state.length;
  }

  /** Waits for queued work, refuses new commands and writes a final snapshot. */
  async close(options: { snapshot?: boolean } = {}): Promise<void> {
    while (this.running !== null) await this.running;
    this.closed = true;
    await this.snapshotter?.close();
    await this.threadSnapshot;
    if (options.snapshot !== false && this.fatal === null) await this.snapshot();
  }

  /** Resolves when everything queued so far is committed. */
  async idle(): Promise<void> {
    while (this.running !== null) await this.running;
  }

  stateHash(): string {
    return this.engine.stateHash();
  }
}

export type { EngineEvent };
