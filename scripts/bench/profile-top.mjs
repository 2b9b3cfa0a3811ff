#!/usr/bin/env node
// Reads a profile written by profile-server.cjs: over the last N seconds before the server stopped
// (bench:http stops it right after its last run, so by default the last run's load), the main
// thread's busy samples by area, its top self-time entries, and every thread's CPU.
//
//   node scripts/bench/profile-top.mjs /tmp/prof/server-1234.cpuprofile [--seconds 10] [--top 12]
import { existsSync, readFileSync } from 'node:fs';

const file = process.argv[2];
const opt = (name, fallback) => {
  const i = process.argv.indexOf(name);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
};
const seconds = opt('--seconds', 10);
const top = opt('--top', 12);

const p = JSON.parse(readFileSync(file, 'utf8'));
const byId = new Map(p.nodes.map((n) => [n.id, n]));
const times = [];
let t = p.startTime;
for (const d of p.timeDeltas) {
  t += d;
  times.push(t);
}
const from = times[times.length - 1] - seconds * 1e6;

const area = (url) =>
  url.includes('@electric-sql/pglite') || url.startsWith('wasm://')
    ? 'PGlite (JS + WASM)'
    : url.includes('/kysely/')
      ? 'Kysely'
      : /fastify|find-my-way|avvio/.test(url)
        ? 'Fastify'
        : url.includes('/zod/')
          ? 'zod'
          : url.includes('dist/main.js')
            ? 'exchange (dist/main.js)'
            : url === '' || url.startsWith('node:')
              ? 'node internals and native'
              : 'other npm';

const self = new Map();
const areas = new Map();
let busy = 0;
let idle = 0;
for (let i = 0; i < p.samples.length; i++) {
  if (times[i] < from) continue;
  const f = byId.get(p.samples[i]).callFrame;
  const name = f.functionName || '(anonymous)';
  if (name === '(idle)') {
    idle++;
    continue;
  }
  busy++;
  const where = f.url
    ? ` ${f.url.replace(/^.*node_modules\//, '').replace(/^.*apps\/server\//, '')}:${f.lineNumber + 1}`
    : '';
  self.set(name + where, (self.get(name + where) ?? 0) + 1);
  const a = f.url === '' && name.startsWith('(') ? name : area(f.url);
  areas.set(a, (areas.get(a) ?? 0) + 1);
}
const pct = (n, of) => `${((100 * n) / of).toFixed(1).padStart(5)}%`;
console.log(`${file}: last ${seconds} s, main thread ${busy} busy and ${idle} idle 1 ms samples`);
console.log('main thread, busy samples by area:');
for (const [k, v] of [...areas].sort((a, b) => b[1] - a[1])) console.log(`  ${pct(v, busy)}  ${k}`);
console.log(`main thread, top ${top} self-time entries (share of busy samples):`);
for (const [k, v] of [...self].sort((a, b) => b[1] - a[1]).slice(0, top))
  console.log(`  ${pct(v, busy)}  ${k}`);

const threadsFile = file.replace(/\.cpuprofile$/, '.threads.json');
if (existsSync(threadsFile)) {
  const { pid, threads } = JSON.parse(readFileSync(threadsFile, 'utf8'));
  // The last sample is taken at exit (shutdown work): the window ends one sample earlier.
  const end = threads[threads.length - 2];
  const start = threads.find((s) => s.t >= end.t - seconds * 1000);
  if (end && start && end !== start) {
    const secs = (end.t - start.t) / 1000;
    const rows = Object.entries(end.ticks)
      .map(([tid, v]) => [tid, (v - (start.ticks[tid] ?? 0)) / secs]) // 100 ticks a second
      .sort((a, b) => b[1] - a[1]);
    const total = rows.reduce((s, [, v]) => s + v, 0);
    console.log(
      `CPU per thread over ${secs.toFixed(1)} s, % of one core (process total ${total.toFixed(0)}%):`,
    );
    for (const [tid, v] of rows.filter(([, v]) => v >= 1))
      console.log(`  ${String(tid) === String(pid) ? 'main  ' : 'thread'} ${tid}: ${v.toFixed(0)}%`);
  }
}
