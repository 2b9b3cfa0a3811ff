// Worker bootstrap when the server runs from source (tsx, vitest): Node 20 workers ignore
// `--import tsx` in execArgv, so register tsx's loader here, then load the TypeScript entry.
// The built server starts dist/pglite-worker.js directly (ADR 171).
import { register } from 'tsx/esm/api';

register();
await import('./pglite-worker.ts');
