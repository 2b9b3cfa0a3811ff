// Reading the engine back from the database: the latest snapshot (its hash checked), then the
// journal after it. The writer does this at start (ADR 010, 011); a gateway's replica does it at
// start and whenever the committed-command stream has a gap it cannot fill (ADR 172).

import { type Command, type EngineSnapshot, type ExchangeEngine, ResultCode } from '@ex/core';
import { decodeCommand } from './codec.ts';
import type { EngineDb } from './tables.ts';

const PAGE = 5000;

/** Restores the latest snapshot and replays the journal after it; returns where it stopped. */
export async function restoreEngine(
  edb: EngineDb,
  engine: ExchangeEngine,
): Promise<{ snapshotSeq: number; journalLength: number }> {
  const snap = await edb
    .selectFrom('engine_snapshots')
    .selectAll()
    .orderBy('seq', 'desc')
    .limit(1)
    .executeTakeFirst();
  let from = 0;
  if (snap) {
    engine.restore(JSON.parse(snap.state) as EngineSnapshot);
    const hash = engine.stateHash();
    if (hash !== snap.state_hash) {
      throw new Error(`engine snapshot ${snap.seq}: state hash ${hash} != stored ${snap.state_hash}`);
    }
    from = Number(snap.seq);
  }
  const journalLength = await replayJournal(edb, engine, from);
  return { snapshotSeq: from, journalLength };
}

/**
 * Applies the journaled commands after `after` in order (each must be accepted again: a refusal
 * means the replay diverged); returns the last seq applied. `onCommand` sees each one with its
 * events (a replica hands them to its listeners).
 */
export async function replayJournal(
  edb: EngineDb,
  engine: ExchangeEngine,
  after: number,
  onCommand?: (seq: number, cmd: Command, events: ReturnType<ExchangeEngine['execute']>['events']) => void,
  upTo?: number,
): Promise<number> {
  let last = after;
  for (;;) {
    let q = edb
      .selectFrom('engine_commands')
      .selectAll()
      .where('seq', '>', String(last))
      .orderBy('seq')
      .limit(PAGE);
    if (upTo !== undefined) q = q.where('seq', '<=', String(upTo));
    const rows = await q.execute();
    for (const row of rows) {
      const seq = Number(row.seq);
      if (seq !== last + 1) throw new Error(`engine journal gap: expected ${last + 1}, found ${seq}`);
      const cmd = decodeCommand(row.body);
      const r = engine.execute(cmd);
      // A journaled command was accepted once; refusing it now means the replay diverged.
      if (r.code !== ResultCode.OK) throw new Error(`engine replay diverged at ${seq}: code ${r.code}`);
      last = seq;
      onCommand?.(seq, cmd, r.events);
    }
    if (rows.length < PAGE) return last;
  }
}
