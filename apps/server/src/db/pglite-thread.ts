import { Worker } from 'node:worker_threads';
import { messages, type Results } from '@electric-sql/pglite';

/** Main thread → worker, numbered by `id`. */
type Request = { op: 'query'; sql: string; params: unknown[] } | { op: 'close' };
export type ToWorker = Request & { id: number };
/** An error as it crosses the boundary: message, name, stack and its own primitive fields (code, ...). */
export interface WorkerErrorFields {
  message: string;
  name?: string;
  stack?: string;
  fields: Record<string, string | number | boolean>;
}
export interface WorkerResult {
  rows: unknown[];
  affectedRows?: number;
  command?: string;
}
/** Worker → main thread; id 0 answers the start (PGlite ready or failed to open). */
export type FromWorker =
  | { id: number; ok: true; result?: WorkerResult }
  | { id: number; ok: false; error: WorkerErrorFields };

/** A PostgreSQL error from the worker rebuilt as PGlite's own DatabaseError with every field callers read. */
function rebuild(e: WorkerErrorFields): Error {
  const error =
    typeof e.fields.code === 'string'
      ? new messages.DatabaseError(e.message, Number(e.fields.length ?? 0), 'error')
      : new Error(e.message);
  Object.assign(error, e.fields);
  if (e.name && !(error instanceof messages.DatabaseError)) error.name = e.name;
  if (e.stack) error.stack = e.stack;
  return error;
}

/**
 * Where the worker entry is: beside this file when the source runs (tsx, vitest), through a bootstrap
 * that registers tsx in the worker; dist/pglite-worker.js beside the bundled dist/main.js (build.mjs).
 */
function workerEntry(): URL {
  const here = import.meta.url;
  return new URL(here.endsWith('.ts') ? './pglite-worker-tsx.mjs' : './pglite-worker.js', here);
}

/**
 * PGlite in a worker thread (ADR 171), with the part of PGlite's interface the Kysely driver uses
 * (`query`, `close`, `closed`, `waitReady`). Queries run in the order they were sent. If the worker
 * dies, every pending and later query rejects (the engine host then stops, ADR 011); nothing hangs.
 * The thread keeps the process alive only while a query is pending, like PGlite in-thread.
 */
export class PGliteThread {
  private readonly worker: Worker;
  private readonly pending = new Map<
    number,
    { ok: (r: WorkerResult | undefined) => void; fail: (e: Error) => void }
  >();
  private nextId = 1;
  private dead: Error | undefined;
  private closing: Promise<void> | undefined;
  readonly waitReady: Promise<void>;

  private constructor(dataDir: string | undefined) {
    this.worker = new Worker(workerEntry(), { workerData: { dataDir }, name: 'pglite' });
    this.waitReady = new Promise<void>((ok, fail) => {
      this.pending.set(0, { ok: () => ok(), fail });
    });
    this.worker.on('message', (message: FromWorker) => {
      const waiter = this.pending.get(message.id);
      if (!waiter) return;
      this.pending.delete(message.id);
      if (this.pending.size === 0) this.worker.unref();
      if (message.ok) waiter.ok(message.result);
      else waiter.fail(rebuild(message.error));
    });
    this.worker.on('error', (error) =>
      this.die(new Error(`PGlite worker failed: ${error.message}`, { cause: error })),
    );
    this.worker.on('exit', (code) => this.die(new Error(`PGlite worker exited (code ${code})`)));
  }

  /** Starts the worker and waits until PGlite is open in it (rejects if it cannot open). */
  static async start(dataDir: string | undefined): Promise<PGliteThread> {
    const thread = new PGliteThread(dataDir);
    try {
      await thread.waitReady;
    } catch (error) {
      await thread.worker.terminate();
      throw error;
    }
    return thread;
  }

  get closed(): boolean {
    return this.dead !== undefined || this.closing !== undefined;
  }

  query<T>(sql: string, params: unknown[] = []): Promise<Results<T>> {
    if (this.dead) return Promise.reject(this.dead);
    if (this.closing) return Promise.reject(new Error('PGlite worker is closed'));
    return this.send({ op: 'query', sql, params }).then((r) => r as unknown as Results<T>);
  }

  /** Closes PGlite in the worker (after every query sent before), then ends the thread. */
  close(): Promise<void> {
    if (this.closing) return this.closing;
    this.closing = (async () => {
      try {
        if (!this.dead) await this.send({ op: 'close' });
      } finally {
        this.dead ??= new Error('PGlite worker is closed');
        await this.worker.terminate();
      }
    })();
    return this.closing;
  }

  private send(request: Request): Promise<WorkerResult | undefined> {
    const id = this.nextId++;
    return new Promise((ok, fail) => {
      if (this.pending.size === 0) this.worker.ref();
      this.pending.set(id, { ok, fail });
      try {
        this.worker.postMessage({ ...request, id } satisfies ToWorker);
      } catch (error) {
        // A parameter structured clone cannot copy (e.g. a function): this query fails, nothing else.
        this.pending.delete(id);
        if (this.pending.size === 0) this.worker.unref();
        fail(error as Error);
      }
    });
  }

  private die(error: Error): void {
    if (this.dead) return;
    this.dead = error;
    for (const waiter of this.pending.values()) waiter.fail(error);
    this.pending.clear();
  }
}
