import type { Command } from '@ex/core';

// Journal bodies are JSON with bigints as decimal strings. The command fields that are bigint are
// few and fixed (amounts, fees, index prices, TP/SL ticks), so they are revived by name.
const BIGINT_FIELDS = new Set(['amount', 'fee', 'indexPrice', 'tp', 'sl', 'quoteAmount']);

const bigintsAsStrings = (_k: string, v: unknown) => (typeof v === 'bigint' ? v.toString() : v);

/** JSON.parse reviver for command fields (journal bodies and commands on the wire, ADR 172). */
export const reviveBigints = (k: string, v: unknown) =>
  BIGINT_FIELDS.has(k) && typeof v === 'string' ? BigInt(v) : v;

export function encodeCommand(cmd: Command): string {
  return JSON.stringify(cmd, bigintsAsStrings);
}

export function decodeCommand(body: string): Command {
  return JSON.parse(body, reviveBigints) as Command;
}

/** Any value with bigints, as JSON (the transport's messages). */
export function encodeJson(value: unknown): string {
  return JSON.stringify(value, bigintsAsStrings);
}
