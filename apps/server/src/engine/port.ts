// The engine as the services see it (issue 9, ADR 172). In one process it is the writer itself
// (EngineHost); on a gateway it is a replica of the engine state fed by the committed journal, with
// commands sent to the writer over NATS (engine/nats/). Reads go to `engine` (the writer's state
// or the replica's, as of the last committed command); writes go through `submit`.

import type { ExchangeEngine } from '@ex/core';
import type { CommandDraft, Preparer, SubmitOptions } from './commands.ts';
import type { CommandBuilder, CommitListener, Executed } from './host.ts';

export interface EnginePort {
  /** The engine state to read: the writer's own, or a replica as of the last applied command. */
  readonly engine: ExchangeEngine;
  /** Commands journaled (the writer) or applied (a replica). */
  readonly journalLength: number;
  /**
   * Sends a command to the sequencer; resolves once it is committed (and, on a replica, applied
   * here too, so the caller reads its own write), or with the refusal code.
   */
  submit(build: CommandBuilder | CommandDraft, options?: SubmitOptions): Promise<Executed>;
  /** Registers a named preparer (runs in the sequencer; a gateway only records the name). */
  prepare(name: string, preparer: Preparer): void;
  /** Committed commands with their events, in journal order, once each. */
  onCommit(listener: CommitListener): () => void;
  isBot(userId: string): boolean;
  idle(): Promise<void>;
  close(options?: { snapshot?: boolean }): Promise<void>;
  stateHash(): string;
  /** Writes a snapshot now (the writer); a replica has nothing to write. */
  snapshot(): Promise<void>;
}
