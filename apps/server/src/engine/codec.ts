import type { Command } from '@ex/core';

// Journal bodies are JSON with bigints as decimal strings. The command fields that are bigint are
// few and fixed (amounts, fees, index prices, TP/SL ticks), so they are revived by name.
const BIGINT_FIELDS = new Set(['amount', 'fee', 'indexPrice', 'tp', 'sl', 'quoteAmount']);

export function encodeCommand(cmd: Command): string {
  return JSON.stringify(cmd, (_k, v) => (typeof v === 'bigint' ? v.toString() : v));
}

export function decodeCommand(body: string): Command {
  return JSON.parse(body, (k, v) =>
    BIGINT_FIELDS.has(k) && typeof v === 'string' ? BigInt(v) : v,
  ) as Command;
}
