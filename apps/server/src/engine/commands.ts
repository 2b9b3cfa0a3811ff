// Commands as data (issue 9, ADR 172). A caller describes a command without its time and, for the
// commands that create something, without its fresh id; the sequencer fills both when the command
// meets the engine. A check or completion that must see the engine exactly as the command meets it
// (the price band, a market order's protection price) is a named preparer registered once by the
// service that owns it and run by the sequencer. So a request is plain JSON (bigints as strings in
// the codec) that crosses a process boundary: the in-process host and the NATS gateway take the
// same request.

import type { Command } from '@ex/core';
import type { EnginePort } from './port.ts';
import type { Extra } from './projector.ts';

/** The field each creating command takes its fresh id in (the journal seq, ADR 010). */
const FRESH_FIELD = {
  deposit: 'id',
  withdrawRequest: 'id',
  transfer: 'id',
  adjustMargin: 'id',
  ledgerTransfer: 'id',
  spotPlace: 'orderId',
  contractPlace: 'orderId',
  closePosition: 'orderId',
  contractConditional: 'orderId',
} as const satisfies Partial<Record<Command['type'], 'id' | 'orderId'>>;

type FreshType = keyof typeof FRESH_FIELD;

type Draft<C> = C extends { type: infer T }
  ? T extends FreshType
    ? Omit<C, 'ts' | (typeof FRESH_FIELD)[T]> & Partial<Pick<C, Extract<(typeof FRESH_FIELD)[T], keyof C>>>
    : Omit<C, 'ts'>
  : never;

/** A command without `ts`; a creating command may leave its id out and get the fresh one. */
export type CommandDraft = Draft<Command>;

export interface SubmitOptions extends Extra {
  /** Name of a registered preparer the sequencer runs on the draft first (may throw an AppError). */
  prepare?: string;
  /** Put before a fresh id (the market maker's `bot-` ids). */
  idPrefix?: string;
}

/**
 * Runs in the sequencer on the writer; `writer` is the writer's own port: its engine state, pause
 * and index health exactly as the command meets them (never a gateway's replica).
 */
export type Preparer = (draft: CommandDraft, writer: EnginePort) => CommandDraft;

/** The wire form of a submitted command. */
export interface CommandRequest {
  draft: CommandDraft;
  options: SubmitOptions;
}

export class Preparers {
  private readonly byName = new Map<string, Preparer>();

  register(name: string, preparer: Preparer): void {
    this.byName.set(name, preparer);
  }

  get(name: string): Preparer {
    const p = this.byName.get(name);
    if (p === undefined) throw new Error(`no command preparer named ${name}`);
    return p;
  }
}

/** Completes a draft into the command the engine executes: time, fresh id, preparer. */
export function materialize(
  request: CommandRequest,
  ctx: { ts: number; id: string },
  preparers: Preparers,
  writer: EnginePort,
): Command {
  let draft = request.draft;
  if (request.options.prepare !== undefined) draft = preparers.get(request.options.prepare)(draft, writer);
  const field = (FRESH_FIELD as Partial<Record<string, 'id' | 'orderId'>>)[draft.type];
  const fresh =
    field !== undefined && (draft as Record<string, unknown>)[field] === undefined
      ? { [field]: `${request.options.idPrefix ?? ''}${ctx.id}` }
      : {};
  // Object.assign gives the same keys in the same order as `{ ...draft, ...fresh, ts }`, at half the
  // cost once drafts of many shapes pass here (the spread's inline cache goes megamorphic: 1.2 us
  // per order under bench:http, ADR 213). An own `__proto__` key (a draft parsed from JSON) would be
  // a prototype to assign but a plain field to a spread: such a draft keeps the spread.
  if (Object.hasOwn(draft, '__proto__')) return { ...draft, ...fresh, ts: ctx.ts } as Command;
  return Object.assign({}, draft, fresh, { ts: ctx.ts }) as Command;
}

/** The projector's part of the options (what the engine writes beside the journal). */
export function extraOf(options: SubmitOptions): Extra | undefined {
  const { idempotency, clientOrderId } = options;
  if (idempotency === undefined && clientOrderId === undefined) return undefined;
  return {
    ...(idempotency !== undefined ? { idempotency } : {}),
    ...(clientOrderId !== undefined ? { clientOrderId } : {}),
  };
}
