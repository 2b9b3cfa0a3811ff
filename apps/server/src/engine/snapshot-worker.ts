// The snapshot thread (ADR 176): a copy of the engine fed the committed journal, which serialises
// and hashes the state when the writer asks, so the writer's thread never stops for a snapshot.
// The engine is deterministic (ADR 010): applying the journal gives the writer's state at each seq,
// the same state a restart would rebuild.

import { parentPort, workerData } from 'node:worker_threads';
import { type EngineSnapshot, ExchangeEngine, hashString, ResultCode, stableStringify } from '@ex/core';
import { decodeCommand } from './codec.ts';
import { serverEngineConfig } from './config.ts';

export type ToSnapshotWorker = { op: 'apply'; first: number; bodies: string[] } | { op: 'snapshot' };
export type FromSnapshotWorker =
  | { op: 'snapshot'; seq: number; state: string; hash: string; ts: number }
  | { op: 'failed'; message: string };

export interface SnapshotWorkerData {
  /** The writer's state at `seq`, serialised (null: the empty engine). */
  state: string | null;
  seq: number;
}

const port = parentPort;
if (port !== null) {
  const start = workerData as SnapshotWorkerData;
  const engine = new ExchangeEngine(serverEngineConfig());
  if (start.state !== null) engine.restore(JSON.parse(start.state) as EngineSnapshot);
  let seq = start.seq;
  let failed = false;
  const fail = (message: string) => {
    failed = true;
    port.postMessage({ op: 'failed', message } satisfies FromSnapshotWorker);
  };
  port.on('message', (m: ToSnapshotWorker) => {
    if (failed) return;
    if (m.op === 'apply') {
      if (m.first !== seq + 1) return fail(`journal gap: expected ${seq + 1}, got ${m.first}`);
      for (const body of m.bodies) {
        const r = engine.execute(decodeCommand(body));
        if (r.code !== ResultCode.OK) return fail(`replay diverged at ${seq + 1}: code ${r.code}`);
        seq += 1;
      }
      return;
    }
    const snapshot = engine.snapshot();
    const state = stableStringify(snapshot);
    port.postMessage({
      op: 'snapshot',
      seq,
      state,
      hash: hashString(state),
      ts: snapshot.lastTs,
    } satisfies FromSnapshotWorker);
  });
}
