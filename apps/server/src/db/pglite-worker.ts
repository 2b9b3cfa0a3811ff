// Worker-thread entry (ADR 171): owns one PGlite and answers the main thread's queries in order.
// Started by PGliteThread (pglite-thread.ts) through pglite-worker-tsx.mjs under tsx/vitest and as
// dist/pglite-worker.js in the built server. Values cross the boundary by structured clone.
import { parentPort, workerData } from 'node:worker_threads';
import { createPGlite } from './pglite-instance.ts';
import type { FromWorker, ToWorker, WorkerErrorFields } from './pglite-thread.ts';

const port = parentPort;
if (!port) throw new Error('pglite-worker.ts runs only as a worker thread');

/** The fields callers read from a PostgreSQL error (code, constraint, detail, ...): own primitives. */
function errorFields(error: unknown): WorkerErrorFields {
  if (!(error instanceof Error)) return { message: String(error), fields: {} };
  const fields: Record<string, string | number | boolean> = {};
  for (const [key, value] of Object.entries(error)) {
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean')
      fields[key] = value;
  }
  return { message: error.message, name: error.name, stack: error.stack ?? '', fields };
}

const send = (message: FromWorker) => port.postMessage(message);

try {
  const pglite = await createPGlite((workerData as { dataDir?: string }).dataDir);
  let chain: Promise<void> = Promise.resolve();
  port.on('message', (message: ToWorker) => {
    chain = chain.then(async () => {
      if (message.op === 'close') {
        try {
          if (!pglite.closed) await pglite.close();
          send({ id: message.id, ok: true });
        } catch (error) {
          send({ id: message.id, ok: false, error: errorFields(error) });
        }
        return;
      }
      try {
        const r = await pglite.query(message.sql, message.params);
        send({
          id: message.id,
          ok: true,
          result: {
            rows: r.rows as unknown[],
            ...(r.affectedRows === undefined ? {} : { affectedRows: r.affectedRows }),
            ...(r.command === undefined ? {} : { command: r.command }),
          },
        });
      } catch (error) {
        send({ id: message.id, ok: false, error: errorFields(error) });
      }
    });
  });
  send({ id: 0, ok: true });
} catch (error) {
  send({ id: 0, ok: false, error: errorFields(error) });
}
