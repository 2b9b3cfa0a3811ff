// Worker bootstrap when the server runs from source (tsx, vitest), as db/pglite-worker-tsx.mjs:
// Node 20 workers ignore `--import tsx`, so register tsx here, then load the TypeScript entry.
import { register } from 'tsx/esm/api';

register();
await import('./snapshot-worker.ts');
