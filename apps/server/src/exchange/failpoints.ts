// Crash injection for the money-move tests (ADR 114): a test arms a named point, the next pass
// through it throws as a crash would, after the ledger move and before the row update. Unarmed
// points cost one Set lookup; nothing in production arms them.

const armed = new Set<string>();

export function armFailpoint(name: string): void {
  armed.add(name);
}

export function failpoint(name: string): void {
  if (armed.delete(name)) throw new Error(`injected crash at ${name}`);
}
