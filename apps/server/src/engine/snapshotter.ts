// The writer's side of the snapshot thread (ADR 176). The host hands it each committed batch's
// journal bodies (already encoded for the commit) and asks for a snapshot when one is due; the
// thread answers with the serialised state and its hash at a seq, and the host stores it. If the
// thread fails (a replay that diverges, an exit), the host is told and snapshots on its own thread
// again: a snapshot only shortens the replay after a restart, it is never needed for correctness.

import { Worker } from 'node:worker_threads';
import type { FromSnapshotWorker, SnapshotWorkerData, ToSnapshotWorker } from './snapshot-worker.ts';

/** Bodies posted at once, or after FLUSH_MS, whichever comes first (and always before a snapshot). */
const FLUSH_COMMANDS = 2000;
const FLUSH_MS = 250;

export interface WorkerSnapshot {
  seq: number;
  state: string;
  hash: string;
  ts: number;
}

/** Beside this file from source (tsx, vitest), through a tsx bootstrap; dist/snapshot-worker.js when built. */
function workerEntry(): URL {
  const here = import.meta.url;
  return new URL(here.endsWith('.ts') ? './snapshot-worker-tsx.mjs' : './snapshot-worker.js', here);
}

export class Snapshotter {
  private readonly worker: Worker;
  private waiting: ((s: WorkerSnapshot | null) => void) | null = null;
  private broken = false;
  /**
   * Journal bodies not posted yet, from seq `pendingFirst`. Posting every batch cost the writer 4.5 %
   * of its thread under bench:http (each post wakes the thread); they go in bulk instead.
   */
  private pending: string[] = [];
  private pendingFirst = 0;
  private flushTimer: ReturnType<typeof setTimeout> | undefined;

  constructor(start: SnapshotWorkerData, onFailure: (reason: string) => void) {
    this.worker = new Worker(workerEntry(), { workerData: start, name: 'engine-snapshots' });
    // Never keeps the process alive on its own.
    this.worker.unref();
    const failed = (reason: string) => {
      if (this.broken) return;
      this.broken = true;
      this.answer(null);
      onFailure(reason);
      void this.worker.terminate();
    };
    this.worker.on('message', (m: FromSnapshotWorker) => {
      if (m.op === 'failed') return failed(m.message);
      this.answer(m);
    });
    this.worker.on('error', (error) => failed(String(error)));
    this.worker.on('exit', (code) => failed(`exited with code ${code}`));
  }

  private answer(s: WorkerSnapshot | null): void {
    const take = this.waiting;
    this.waiting = null;
    take?.(s);
  }

  get ok(): boolean {
    return !this.broken;
  }

  /** A snapshot has been asked for and not answered yet. */
  get busy(): boolean {
    return this.waiting !== null;
  }

  /** The committed commands `first`, `first + 1`, ... in journal order (posted in bulk). */
  apply(first: number, bodies: string[]): void {
    if (this.broken || bodies.length === 0) return;
    if (this.pending.length === 0) this.pendingFirst = first;
    for (const b of bodies) this.pending.push(b);
    if (this.pending.length >= FLUSH_COMMANDS) this.flush();
    else if (this.flushTimer === undefined) {
      this.flushTimer = setTimeout(() => this.flush(), FLUSH_MS);
      this.flushTimer.unref();
    }
  }

  private flush(): void {
    if (this.flushTimer !== undefined) clearTimeout(this.flushTimer);
    this.flushTimer = undefined;
    if (this.broken || this.pending.length === 0) return;
    const bodies = this.pending;
    this.pending = [];
    this.worker.postMessage({ op: 'apply', first: this.pendingFirst, bodies } satisfies ToSnapshotWorker);
  }

  /** The state after everything applied so far; null if the thread fails or closes first. */
  snapshot(): Promise<WorkerSnapshot | null> {
    if (this.broken || this.waiting !== null) return Promise.resolve(null);
    this.flush();
    return new Promise((resolve) => {
      this.waiting = resolve;
      this.worker.postMessage({ op: 'snapshot' } satisfies ToSnapshotWorker);
    });
  }

  async close(): Promise<void> {
    if (this.flushTimer !== undefined) clearTimeout(this.flushTimer);
    this.pending = [];
    this.broken = true;
    this.answer(null);
    await this.worker.terminate();
  }
}
