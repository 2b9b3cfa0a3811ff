import type { Command } from '@ex/core';

// Journal bodies are JSON with bigints as decimal strings. The command fields that are bigint are
// few and fixed (amounts, fees, index prices, TP/SL ticks), so they are revived by name.
const BIGINT_FIELDS = new Set(['amount', 'fee', 'indexPrice', 'tp', 'sl', 'quoteAmount']);

const bigintsAsStrings = (_k: string, v: unknown) => (typeof v === 'bigint' ? v.toString() : v);

/** JSON.parse reviver for command fields (journal bodies and commands on the wire, ADR 172). */
export const reviveBigints = (k: string, v: unknown) =>
  BIGINT_FIELDS.has(k) && typeof v === 'string' ? BigInt(v) : v;

/** True when no field is a bigint or an object (that could hold one): JSON.stringify needs no replacer. */
function flatWithoutBigints(value: object): boolean {
  for (const k in value) {
    const v = (value as Record<string, unknown>)[k];
    if (typeof v === 'bigint' || (typeof v === 'object' && v !== null)) return false;
  }
  return true;
}

export function encodeCommand(cmd: Command): string {
  // Most commands (a limit order) are flat and have no bigint: the same text without a replacer
  // call per field (the replacer made this 2 % of the main thread under bench:http, ADR 213).
  return flatWithoutBigints(cmd) ? JSON.stringify(cmd) : JSON.stringify(cmd, bigintsAsStrings);
}

export function decodeCommand(body: string): Command {
  return JSON.parse(body, reviveBigints) as Command;
}

/** Any value with bigints, as JSON (the transport's messages). */
export function encodeJson(value: unknown): string {
  return JSON.stringify(value, bigintsAsStrings);
}
