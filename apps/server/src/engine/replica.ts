// A gateway's engine (issue 9, ADR 172): a replica of the writer's state built from the database
// (snapshot + journal) and kept current by the committed commands the writer publishes. The engine
// is deterministic, so applying the same accepted commands in the same order gives the same state
// and the same events: depth, tickers, balances, positions and the private streams are read here
// without a query, exactly as of the last committed command. Commands go to the writer through a
// CommandLink; the caller gets its answer once the replica has applied the command too, so it reads
// its own write on the gateway it used. The writer's reply carries committed entries (ADR 177): they
// are applied at once when they follow what the replica has, else held until the stream (or the
// journal table) has filled the gap before them. Every entry is applied once, in seq order, from
// whichever source brings it first.

import { type Command, type EngineEvent, ExchangeEngine, ResultCode } from '@ex/core';
import { decodeCommand } from './codec.ts';
import type { CommandDraft, Preparer, SubmitOptions } from './commands.ts';
import { serverEngineConfig } from './config.ts';
import type { CommandBuilder, CommitListener, Executed } from './host.ts';
import { replayJournal, restoreEngine } from './journal.ts';
import type { EnginePort } from './port.ts';
import type { EngineDb, OrdersTable } from './tables.ts';

/** Committed journal entries: `cmds[i]` is the body of seq `first + i`. */
export interface JournalRun {
  first: number;
  cmds: string[];
}

/** What the writer answers a submitted command with (the wire form, transport.ts). */
export type CommandReply =
  | {
      code: number;
      seq: number | null;
      ts: number;
      id: string;
      body: string;
      order?: OrdersTable;
      /** Committed entries up to at least this command's (ADR 177), when the transport carries them. */
      journal?: JournalRun;
    }
  | {
      error: { name: string; params?: Record<string, string | number>; fieldKeys?: Record<string, string[]> };
    }
  | { failed: string };

/** Sends a command to the writer and waits for its answer (NATS request/reply or in process). */
export interface CommandLink {
  send(draft: CommandDraft, options: SubmitOptions): Promise<CommandReply>;
}

export interface ReplicaOptions {
  edb: EngineDb;
  link: CommandLink;
  botUsers?: ReadonlySet<string>;
  /** Turns a writer's refusal by name back into the error the service threw there. */
  reviveError: (error: Extract<CommandReply, { error: unknown }>['error']) => Error;
  /** The error a caller gets when the engine does not answer (503 ENGINE_UNAVAILABLE). */
  unavailable?: () => Error;
  /** How long a submitted command may wait for its journal entry before a catch-up from the DB. */
  applyWaitMs?: number;
  log?: (message: string) => void;
}

/** Events of recently applied commands kept for callers whose answer arrives after the stream. */
const RECENT = 20_000;
/** Runs from replies held ahead of a gap; past this many they are dropped (the stream has them). */
const HELD = 64;

export class ReplicaEngine implements EnginePort {
  readonly engine: ExchangeEngine;
  private applied = 0;
  private readonly listeners = new Set<CommitListener>();
  private readonly recent = new Map<number, Executed>();
  private readonly waiters = new Map<number, (() => void)[]>();
  /** Runs from replies that start after a gap, by first seq, until the gap is filled. */
  private readonly held = new Map<number, readonly string[]>();
  /** Commands applied from each source (tests and benchmarks: how many replies spared a wait). */
  readonly sources = { reply: 0, stream: 0, table: 0 };
  private chain: Promise<void> = Promise.resolve();
  private closed = false;
  private readonly botUsers: ReadonlySet<string>;
  private readonly applyWaitMs: number;

  private constructor(private readonly options: ReplicaOptions) {
    this.engine = new ExchangeEngine(serverEngineConfig());
    this.botUsers = options.botUsers ?? new Set();
    this.applyWaitMs = options.applyWaitMs ?? 2000;
  }

  /** Builds the state from the database; feed it with `receive` from then on. */
  static async start(options: ReplicaOptions): Promise<ReplicaEngine> {
    const replica = new ReplicaEngine(options);
    const restored = await restoreEngine(options.edb, replica.engine);
    replica.applied = restored.journalLength;
    return replica;
  }

  get journalLength(): number {
    return this.applied;
  }

  /**
   * One published batch of committed commands, `first` being the seq of the first. Batches are
   * applied one after another; what was applied already is skipped, and a gap (a batch lost while
   * disconnected, or published before this replica started) is filled from the journal table,
   * which the writer committed before it published.
   */
  receive(first: number, bodies: readonly string[]): Promise<void> {
    return this.enqueue(() => this.apply(first, bodies, true));
  }

  /**
   * Committed entries a reply carried (ADR 177). Applied like a stream batch, except that a gap
   * before them is not read from the table at once: the stream is usually a moment behind the
   * reply, so the run is held until the gap is filled (or the command's wait reads the table).
   */
  offer(first: number, bodies: readonly string[]): Promise<void> {
    return this.enqueue(() => this.apply(first, bodies, false));
  }

  private enqueue(step: () => Promise<void>): Promise<void> {
    const run = this.chain.then(step);
    this.chain = run.catch((error: unknown) => this.options.log?.(`replica apply failed: ${String(error)}`));
    return run;
  }

  /** Catches up with the journal table (a gap, or a command whose entry has not arrived). */
  catchUp(): Promise<void> {
    const run = this.chain.then(() => this.fromDb());
    this.chain = run.catch((error: unknown) =>
      this.options.log?.(`replica catch-up failed: ${String(error)}`),
    );
    return run;
  }

  /** `fillGap`: a gap before `first` is read from the journal table now (the stream's batches). */
  private async apply(first: number, bodies: readonly string[], fillGap: boolean): Promise<void> {
    if (this.closed) return;
    if (first + bodies.length - 1 <= this.applied) return;
    if (first > this.applied + 1) {
      if (!fillGap) {
        if (this.held.size >= HELD) this.held.clear();
        const other = this.held.get(first);
        if (other === undefined || other.length < bodies.length) this.held.set(first, bodies);
        return;
      }
      await this.fromDb(first - 1);
    }
    const done: Executed[] = [];
    this.run(first, bodies, done, fillGap ? 'stream' : 'reply');
    this.release(done);
    this.emit(done);
  }

  /** Executes the entries of a run after what is applied (the run starts at or before the next). */
  private run(first: number, bodies: readonly string[], done: Executed[], source: 'reply' | 'stream'): void {
    for (let i = Math.max(0, this.applied + 1 - first); i < bodies.length; i++) {
      done.push(this.execute(first + i, decodeCommand(bodies[i]!)));
      this.sources[source] += 1;
    }
  }

  /** Applies the held runs that now follow what is applied; drops those already applied. */
  private release(done: Executed[]): void {
    let progressed = this.held.size > 0;
    while (progressed) {
      progressed = false;
      for (const [first, bodies] of this.held) {
        if (first > this.applied + 1) continue;
        this.held.delete(first);
        if (first + bodies.length - 1 > this.applied) {
          this.run(first, bodies, done, 'reply');
          progressed = true;
        }
      }
    }
  }

  private async fromDb(upTo?: number): Promise<void> {
    const done: Executed[] = [];
    await replayJournal(
      this.options.edb,
      this.engine,
      this.applied,
      (seq, cmd, events) => {
        done.push(this.record(seq, cmd, events));
        this.sources.table += 1;
      },
      upTo,
    );
    this.release(done);
    this.emit(done);
  }

  private execute(seq: number, cmd: Command): Executed {
    const r = this.engine.execute(cmd);
    // The writer accepted this command on the same state: a refusal means the replica diverged.
    if (r.code !== ResultCode.OK) throw new Error(`replica diverged at ${seq}: code ${r.code}`);
    return this.record(seq, cmd, r.events);
  }

  private record(seq: number, cmd: Command, events: EngineEvent[]): Executed {
    this.applied = seq;
    const executed: Executed = {
      code: ResultCode.OK,
      events,
      seq,
      ts: cmd.ts,
      id: String(seq),
      command: cmd,
    };
    this.recent.set(seq, executed);
    if (this.recent.size > RECENT) this.recent.delete(seq - RECENT);
    return executed;
  }

  private emit(done: Executed[]): void {
    if (done.length === 0) return;
    for (const l of this.listeners) {
      try {
        l(done);
      } catch (error) {
        this.options.log?.(`commit listener failed: ${String(error)}`);
      }
    }
    for (const [seq, wake] of this.waiters) {
      if (seq > this.applied) continue;
      this.waiters.delete(seq);
      for (const w of wake) w();
    }
  }

  /** Resolves once `seq` is applied here; after applyWaitMs it reads the journal table instead. */
  private async reach(seq: number): Promise<void> {
    if (seq <= this.applied) return;
    const arrived = new Promise<boolean>((resolve) => {
      const list = this.waiters.get(seq) ?? [];
      list.push(() => resolve(true));
      this.waiters.set(seq, list);
      setTimeout(() => resolve(false), this.applyWaitMs).unref();
    });
    if (await arrived) return;
    await this.catchUp();
    if (seq > this.applied) throw new Error(`command ${seq} is committed but not in the journal table`);
  }

  async submit(build: CommandBuilder | CommandDraft, options: SubmitOptions = {}): Promise<Executed> {
    if (typeof build === 'function') throw new Error('a gateway sends commands as data (engine/commands.ts)');
    if (this.closed) throw new Error('engine replica is closed');
    let reply: CommandReply;
    try {
      reply = await this.options.link.send(build, options);
    } catch (error) {
      // No answer (the engine is down or restarting, or the answer was lost): the command may be
      // committed or not. The client checks its orders, or retries with its Idempotency-Key.
      this.options.log?.(`engine did not answer: ${String(error)}`);
      throw this.options.unavailable?.() ?? error;
    }
    if ('failed' in reply) throw new Error(`engine: ${reply.failed}`);
    if ('error' in reply) throw this.options.reviveError(reply.error);
    if (reply.journal !== undefined) {
      // Applied here now if it follows what the replica has; a failure is logged by the chain and
      // the wait below reads the table as without it.
      await this.offer(reply.journal.first, reply.journal.cmds).catch(() => {});
    }
    if (reply.seq === null)
      return {
        code: reply.code as Executed['code'],
        events: [],
        seq: null,
        ts: reply.ts,
        id: reply.id,
        command: decodeCommand(reply.body),
      };
    await this.reach(reply.seq);
    // The replica's own record has the command it applied: the reply's body is decoded only when
    // the record has left the window (it was decoded once already when applied).
    const executed = this.recent.get(reply.seq) ?? {
      code: ResultCode.OK,
      events: [],
      seq: reply.seq,
      ts: reply.ts,
      id: reply.id,
      command: decodeCommand(reply.body),
    };
    // The order row the writer committed with it (its reply carries it): the caller answers from
    // it, as on the writer, instead of a SELECT per order on the gateway (ADR 218).
    return reply.order === undefined ? executed : { ...executed, order: reply.order };
  }

  /** Preparers run on the writer; the gateway builds the same services, so nothing to keep. */
  prepare(_name: string, _preparer: Preparer): void {}

  onCommit(listener: CommitListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  isBot(userId: string): boolean {
    return this.botUsers.has(userId);
  }

  async idle(): Promise<void> {
    await this.chain;
  }

  async close(): Promise<void> {
    await this.chain;
    this.closed = true;
  }

  stateHash(): string {
    return this.engine.stateHash();
  }

  /** A replica writes no snapshots: the writer does. */
  async snapshot(): Promise<void> {}
}
