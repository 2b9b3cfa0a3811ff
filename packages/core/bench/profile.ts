// Profiling helper: runs one scenario on our book only, for `node --cpu-prof`.
// usage: npx tsx bench/profile.ts [scenario] [count] [repetitions]
import { FastOrderBook } from '../src/book/index.ts';
import { generate, SCENARIOS } from './workload.ts';

const name = process.argv[2] ?? 'mixed';
const count = Number.parseInt(process.argv[3] ?? '1000000', 10);
const reps = Number.parseInt(process.argv[4] ?? '3', 10);
const w = generate(SCENARIOS[name]!, count, 42);
(globalThis as { gc?: () => void }).gc?.();
for (let rep = 0; rep < reps; rep++) {
  const b = new FastOrderBook();
  const run = (ops: typeof w.ops) => {
    for (const op of ops) {
      if (op.k === 'cancel') b.cancel(op.id);
      else if (op.k === 'amend')
        b.amend(
          op.qty !== undefined
            ? { orderId: op.id, qty: op.qty, ts: 0 }
            : { orderId: op.id, price: op.price!, ts: 0 },
        );
      else b.place(op.cmd);
    }
  };
  run(w.seed);
  const t0 = process.hrtime.bigint();
  const c0 = process.cpuUsage();
  run(w.ops);
  const ns = Number(process.hrtime.bigint() - t0);
  const c = process.cpuUsage(c0);
  const cpuNs = (c.user + c.system) * 1000;
  const rate = (x: number) => Math.round((w.ops.length * 1e9) / x).toLocaleString('en-US');
  console.log(`${name} rep ${rep}: ${rate(ns)} msg/s wall, ${rate(cpuNs)} msg/s of CPU time`);
}
