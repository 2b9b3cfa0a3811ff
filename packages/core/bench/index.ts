// `npm run bench`: our FastOrderBook against the npm package nodejs-order-book on the same seeded
// workloads, in one process on one core. A benchmark, not a test: it prints numbers and never fails.
//
// Throughput is timed per batch (one clock read around a whole run); latency per message with
// process.hrtime.bigint(), closed loop (back to back) and open loop (messages scheduled at a fixed
// offered rate; latency counts from the scheduled time, so falling behind shows up as queueing).

// biome-ignore lint/style/noRestrictedImports: the bench is a Node program (not the pure core) that re-runs itself with V8 flags
import { spawnSync } from 'node:child_process';
import { OrderBook as PeerBook } from 'nodejs-order-book';
import { FastOrderBook } from '../src/book/index.ts';
import { generate, type Op, SCENARIOS, type Workload } from './workload.ts';

const hr = process.hrtime.bigint;
const argv = process.argv.slice(2);
const args = new Set(argv);
const opt = (name: string): string | undefined =>
  argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
/** `--quick`: a smaller run to check the harness, not to quote. */
const SCALE = args.has('--quick') ? 0.1 : 1;
/** `--only=a,b`: just these scenarios; `--no-latency`: skip the latency part (for A/B runs while optimising). */
const ONLY = opt('only')?.split(',');
const LATENCY = !args.has('--no-latency');
/**
 * The bench re-runs itself under `node --expose-gc` (full gc() calls between runs, so neither book
 * pays much for garbage the other or the workload generator left behind, see --gc) and, with
 * `--semi-space=MB` (default 64; 0 = V8's default: 1 MB growing to 16 MB), a young generation fixed at
 * that size (`--min-semi-space-size` and `--max-semi-space-size`): a young-generation collection costs
 * about 0.5-3 ms here whatever the size, so they come far less often. Both books get the same flags;
 * the header line says which were used.
 */
const SEMI_SPACE = Number.parseInt(opt('semi-space') ?? '64', 10);
/**
 * `--gc=scenario` (default): a full gc() before each scenario's runs and each open-loop run;
 * `--gc=run`: before every timed run too. A gc() right before a run slows the next ~30,000 messages of
 * our book by ~25% (measured; young-generation sizing after a full GC), so it is not the default.
 */
const GC_MODE = opt('gc') ?? 'scenario';
if (process.env.EX_BENCH_CHILD === undefined) {
  const flags = ['--expose-gc'];
  if (SEMI_SPACE > 0)
    flags.push(`--min-semi-space-size=${SEMI_SPACE}`, `--max-semi-space-size=${SEMI_SPACE}`);
  const r = spawnSync(process.execPath, [...process.execArgv, ...flags, process.argv[1]!, ...argv], {
    stdio: 'inherit',
    env: { ...process.env, EX_BENCH_CHILD: SEMI_SPACE > 0 ? String(SEMI_SPACE) : 'default' },
  });
  process.exit(r.status ?? 1);
}
const gc = (globalThis as { gc?: () => void }).gc ?? (() => {});
/** GC pauses seen by a PerformanceObserver; entries arrive asynchronously, see settle(). */
const gcPauses: { start: number; ms: number }[] = [];
new PerformanceObserver((list) => {
  for (const e of list.getEntries()) gcPauses.push({ start: e.startTime, ms: e.duration });
}).observe({ entryTypes: ['gc'] });
/** GC entries are delivered by a timer-phase task: a setImmediate is not enough, a short timeout is. */
const settle = () => new Promise((r) => setTimeout(r, 20));
const COUNTS: Record<string, number> = {
  mixed: 500_000,
  'limit-insert-heavy': 300_000,
  'cancel-heavy': 300_000,
  'cancel-heavy-wide': 300_000,
  'market-sweep': 300_000,
};
/** Each scenario runs this many times per book, interleaved; the best run counts (see docs/benchmarks.md). */
const REPEATS = Number.parseInt(opt('repeats') ?? '5', 10);
const OPEN_LOOP_RATE = 100_000;
const OPEN_LOOP_MESSAGES = Math.round(100_000 * SCALE);
/** Open-loop runs of one second each; the one with the lowest p99 counts (the others are printed too). */
const OPEN_LOOP_RUNS = 5;

// ---- two tight loops, one per book; each op is converted for the peer before timing ----

type PeerOp =
  | { k: 'limit'; o: { id: string; side: string; size: number; price: number; timeInForce: string } }
  | { k: 'market'; o: { side: string; size: number } }
  | { k: 'cancel'; id: string }
  | { k: 'amend'; id: string; u: { size: number } | { price: number } };

function toPeer(op: Op): PeerOp {
  switch (op.k) {
    case 'limit':
      return {
        k: 'limit',
        o: {
          id: op.cmd.id,
          side: op.cmd.side,
          size: op.cmd.qty!,
          price: op.cmd.price!,
          timeInForce: op.cmd.tif ?? 'GTC',
        },
      };
    case 'market':
      return { k: 'market', o: { side: op.cmd.side, size: op.cmd.qty! } };
    case 'cancel':
      return op;
    case 'amend':
      return { k: 'amend', id: op.id, u: op.qty !== undefined ? { size: op.qty } : { price: op.price! } };
  }
}

type AmendCmd = Parameters<FastOrderBook['amend']>[0];
/** Our ops with the amend command objects built ahead, as the peer's are. */
type OurOp = Op | { k: 'amendCmd'; a: AmendCmd };
function toOurs(op: Op): OurOp {
  if (op.k !== 'amend') return op;
  const a: AmendCmd = { orderId: op.id, ts: 0 };
  if (op.qty !== undefined) a.qty = op.qty;
  if (op.price !== undefined) a.price = op.price;
  return { k: 'amendCmd', a };
}

function execOurs(b: FastOrderBook, op: OurOp): void {
  switch (op.k) {
    case 'limit':
    case 'market':
      b.place(op.cmd);
      return;
    case 'cancel':
      b.cancel(op.id);
      return;
    case 'amendCmd':
      b.amend(op.a);
      return;
    case 'amend':
      throw new Error('unconverted amend');
  }
}

// The peer's option types are enums of the same strings; its methods are called exactly as its README shows.
interface PeerApi {
  limit(o: unknown): unknown;
  market(o: unknown): unknown;
  cancel(id: string): unknown;
  modify(id: string, u: unknown): unknown;
  depth(): [Array<[number, number]>, Array<[number, number]>];
}
function execPeer(b: PeerApi, op: PeerOp): void {
  switch (op.k) {
    case 'limit':
      b.limit(op.o);
      return;
    case 'market':
      b.market(op.o);
      return;
    case 'cancel':
      b.cancel(op.id);
      return;
    case 'amend':
      b.modify(op.id, op.u);
      return;
  }
}

interface Book<O> {
  make(): unknown;
  exec(b: unknown, op: O): void;
  /** Runs ops back to back. One loop per book, so each call site in it sees one book (monomorphic). */
  runAll(b: unknown, ops: O[]): void;
  convert(op: Op): O;
  name: string;
}
const OURS: Book<OurOp> = {
  name: 'ours',
  make: () => new FastOrderBook(),
  exec: (b, op) => execOurs(b as FastOrderBook, op),
  runAll: (b, ops) => {
    const book = b as FastOrderBook;
    for (let i = 0; i < ops.length; i++) execOurs(book, ops[i]!);
  },
  convert: toOurs,
};
const PEER: Book<PeerOp> = {
  name: 'nodejs-order-book',
  make: () => new PeerBook() as unknown as PeerApi,
  exec: (b, op) => execPeer(b as PeerApi, op),
  runAll: (b, ops) => {
    const book = b as PeerApi;
    for (let i = 0; i < ops.length; i++) execPeer(book, ops[i]!);
  },
  convert: toPeer,
};

function seeded<O>(impl: Book<O>, w: Workload): { book: unknown; ops: O[] } {
  const book = impl.make();
  for (const op of w.seed) impl.exec(book, impl.convert(op));
  const ops = w.ops.map(impl.convert);
  if (GC_MODE === 'run') gc();
  return { book, ops };
}

/**
 * Messages per second over one timed batch, by the wall clock and by the process's CPU time (which
 * leaves out time the process spent descheduled on a busy machine, but adds GC helper threads).
 */
function throughput<O>(impl: Book<O>, w: Workload): { rate: number; cpuRate: number; book: unknown } {
  const { book, ops } = seeded(impl, w);
  const c0 = process.cpuUsage();
  const t0 = hr();
  impl.runAll(book, ops);
  const ns = Number(hr() - t0);
  const cpu = process.cpuUsage(c0);
  return { rate: (ops.length * 1e9) / ns, cpuRate: (ops.length * 1e6) / (cpu.user + cpu.system), book };
}

function percentiles(lat: Float64Array): { p50: number; p99: number; p999: number; max: number } {
  const s = Float64Array.from(lat).sort();
  const at = (q: number) => s[Math.min(s.length - 1, Math.floor(q * s.length))]!;
  return { p50: at(0.5), p99: at(0.99), p999: at(0.999), max: s[s.length - 1]! };
}

function closedLoop<O>(impl: Book<O>, w: Workload): Float64Array {
  const { book, ops } = seeded(impl, w);
  const exec = impl.exec;
  const lat = new Float64Array(ops.length);
  for (let i = 0; i < ops.length; i++) {
    const t = hr();
    exec(book, ops[i]!);
    lat[i] = Number(hr() - t);
  }
  return lat;
}

/** Latency from each message's scheduled time to its completion, and its service time alone. */
interface OpenLoopRun {
  total: Float64Array;
  service: Float64Array;
  /** performance.now() at the start and end of the run, to attribute GC pauses to it. */
  from: number;
  to: number;
  /** Times the OS took the CPU away from the process during the run (getrusage). */
  preempted: number;
}
function openLoop<O>(impl: Book<O>, w: Workload, ratePerS: number): OpenLoopRun {
  const { book, ops } = seeded(impl, w);
  const exec = impl.exec;
  const interval = BigInt(Math.round(1e9 / ratePerS));
  const total = new Float64Array(ops.length);
  const service = new Float64Array(ops.length);
  const from = performance.now();
  const cs0 = process.resourceUsage().involuntaryContextSwitches;
  let due = hr() + 1_000_000n;
  for (let i = 0; i < ops.length; i++) {
    // Spin (a sleeping thread would wake up late and measure the scheduler, not the book) without
    // keeping the clock value: a BigInt kept live across iterations is heap-allocated on every read,
    // which made this loop alone cause ~1,500 young-generation GCs a second with a no-op book.
    let _spins = 0;
    while (hr() < due) _spins++;
    const start = hr();
    exec(book, ops[i]!);
    const end = hr();
    total[i] = Number(end - due);
    service[i] = Number(end - start);
    due += interval;
  }
  const preempted = process.resourceUsage().involuntaryContextSwitches - cs0;
  return { total, service, from, to: performance.now(), preempted };
}

/** Total resting quantity per side, from depth: both books must agree when the workload has no amends. */
function restingTotals(impl: string, book: unknown): string {
  if (impl === 'ours') {
    const d = (book as FastOrderBook).depth(1e9);
    const sum = (l: [number, number][]) => l.reduce((s, [, q]) => s + q, 0);
    return `${sum(d.bids)}/${sum(d.asks)}`;
  }
  const [asks, bids] = (book as PeerApi).depth();
  const sum = (l: Array<[number, number]>) => l.reduce((s, [, q]) => s + q, 0);
  return `${sum(bids)}/${sum(asks)}`;
}

const fmt = (n: number) => Math.round(n).toLocaleString('en-US');
const us = (ns: number) => `${(ns / 1000).toFixed(2)} µs`;
const pad = (s: string, n: number) => s.padEnd(n);
const lpad = (s: string, n: number) => s.padStart(n);

async function main(): Promise<void> {
  console.log(
    `matching benchmark: node ${process.version}, ${process.platform}/${process.arch}${SCALE < 1 ? ', --quick' : ''}`,
  );
  console.log(
    'workloads: seeded, ~1,000 resting orders around a mid; string ids and users; STP off on both books',
  );
  console.log(
    `throughput: best of ${REPEATS} interleaved runs per book and scenario (wall clock); cpu = best run by CPU time (leaves out time descheduled)`,
  );
  console.log(
    `open loop: ${OPEN_LOOP_RUNS} runs of ${fmt(OPEN_LOOP_MESSAGES)} messages at ${fmt(OPEN_LOOP_RATE)} msg/s offered; the run with the lowest p99 counts`,
  );
  const semi = process.env.EX_BENCH_CHILD;
  console.log(
    `heap: ${semi === 'default' ? "V8's default semi-space" : `--min-semi-space-size=${semi} --max-semi-space-size=${semi}`}; a full gc() before ${GC_MODE === 'run' ? 'every timed run' : 'each scenario and each open-loop run'} (both books)`,
  );

  // Warm up both books' code paths (JIT) on a different seed before anything is timed.
  const warm = generate(SCENARIOS.mixed!, Math.round(200_000 * SCALE), 1);
  throughput(OURS, warm);
  throughput(PEER, warm);

  const results: { scenario: string; ours: number; peer: number; oursCpu: number; peerCpu: number }[] = [];
  console.log('');
  console.log(
    `${pad('scenario', 20)}${lpad('ours msg/s', 13)}${lpad('peer msg/s', 13)}${lpad('ratio', 8)}   ${lpad('ours cpu', 11)}${lpad('peer cpu', 11)}${lpad('ratio', 8)}  book check`,
  );
  for (const [name, mix] of Object.entries(SCENARIOS)) {
    if (ONLY !== undefined && !ONLY.includes(name)) continue;
    const w = generate(mix, Math.round(COUNTS[name]! * SCALE), 42);
    gc();
    let best = { ours: 0, peer: 0, oursCpu: 0, peerCpu: 0 };
    let check = '';
    for (let r = 0; r < REPEATS; r++) {
      const ours = throughput(OURS, w);
      const peer = throughput(PEER, w);
      best = {
        ours: Math.max(best.ours, ours.rate),
        peer: Math.max(best.peer, peer.rate),
        oursCpu: Math.max(best.oursCpu, ours.cpuRate),
        peerCpu: Math.max(best.peerCpu, peer.cpuRate),
      };
      const a = restingTotals('ours', ours.book);
      const b = restingTotals('peer', peer.book);
      check = a === b ? `same resting qty (bids/asks ${a})` : `resting qty differs: ours ${a}, peer ${b}`;
    }
    results.push({
      scenario: name,
      ours: best.ours,
      peer: best.peer,
      oursCpu: best.oursCpu,
      peerCpu: best.peerCpu,
    });
    console.log(
      `${pad(name, 20)}${lpad(fmt(best.ours), 13)}${lpad(fmt(best.peer), 13)}${lpad(`${(best.ours / best.peer).toFixed(1)}x`, 8)}   ${lpad(fmt(best.oursCpu), 11)}${lpad(fmt(best.peerCpu), 11)}${lpad(`${(best.oursCpu / best.peerCpu).toFixed(1)}x`, 8)}  ${check}`,
    );
  }

  if (!LATENCY) return;
  console.log('');
  console.log('latency, mixed workload, per message (process.hrtime.bigint)');
  console.log(`${pad('run', 52)}${lpad('p50', 12)}${lpad('p99', 12)}${lpad('p99.9', 12)}${lpad('max', 12)}`);
  const row = (label: string, p: ReturnType<typeof percentiles>) =>
    console.log(
      `${pad(label, 52)}${lpad(us(p.p50), 12)}${lpad(us(p.p99), 12)}${lpad(us(p.p999), 12)}${lpad(us(p.max), 12)}`,
    );
  const wl = generate(SCENARIOS.mixed!, Math.round(300_000 * SCALE), 7);
  row('ours, closed loop (back to back)', percentiles(closedLoop(OURS, wl)));
  row('nodejs-order-book, closed loop', percentiles(closedLoop(PEER, wl)));
  const rate = fmt(OPEN_LOOP_RATE);
  type Best = {
    total: ReturnType<typeof percentiles>;
    service: ReturnType<typeof percentiles>;
    gc: string;
    preempted: number;
  };
  const best: Record<string, Best> = {};
  for (let r = 0; r < OPEN_LOOP_RUNS; r++) {
    const wo = generate(SCENARIOS.mixed!, OPEN_LOOP_MESSAGES, 11 + r);
    for (const impl of [OURS, PEER] as Book<unknown>[]) {
      gc();
      const lat = openLoop(impl, wo, OPEN_LOOP_RATE);
      await settle();
      const pauses = gcPauses.filter((g) => g.start >= lat.from && g.start <= lat.to);
      const gcMs = pauses.reduce((t, g) => t + g.ms, 0);
      const gcMax = pauses.reduce((m, g) => Math.max(m, g.ms), 0);
      const gcText = `${pauses.length} GC pauses (${gcMs.toFixed(2)} ms, max ${gcMax.toFixed(2)} ms)`;
      const total = percentiles(lat.total);
      const service = percentiles(lat.service);
      console.log(
        `  open loop run ${r + 1}, ${pad(impl.name, 18)} p99 from scheduled time ${lpad(us(total.p99), 12)}, service p99 ${lpad(us(service.p99), 9)}, ${gcText}, preempted ${lat.preempted}x`,
      );
      const prev = best[impl.name];
      if (prev === undefined || total.p99 < prev.total.p99)
        best[impl.name] = { total, service, gc: gcText, preempted: lat.preempted };
    }
  }
  row(`ours, open loop ${rate} msg/s, from scheduled time`, best[OURS.name]!.total);
  row(`ours, open loop ${rate} msg/s, service time`, best[OURS.name]!.service);
  row(`nodejs-order-book, open loop, from scheduled time`, best[PEER.name]!.total);
  row(`nodejs-order-book, open loop, service time`, best[PEER.name]!.service);
  console.log(
    `  best runs: ours ${best[OURS.name]!.gc}, preempted by the OS ${best[OURS.name]!.preempted}x; peer ${best[PEER.name]!.gc}, preempted ${best[PEER.name]!.preempted}x`,
  );

  console.log('');
  console.log('targets');
  const mixed = results.find((r) => r.scenario === 'mixed');
  const verdict = (ok: boolean) => (ok ? 'met' : 'MISSED');
  if (mixed !== undefined)
    console.log(
      `  mix >= 1,500,000 msg/s: ${fmt(mixed.ours)} (cpu ${fmt(mixed.oursCpu)}) -> ${verdict(mixed.ours >= 1_500_000)}`,
    );
  const open = best[OURS.name]!;
  console.log(
    `  p99 < 10 µs at ${rate} msg/s offered: ${us(open.total.p99)} (service time p99 ${us(open.service.p99)}) -> ${verdict(open.total.p99 < 10_000)}`,
  );
  for (const r of results) {
    const need = r.scenario.startsWith('cancel-heavy') ? 20 : 5;
    const ratio = r.ours / r.peer;
    console.log(
      `  ${r.scenario} >= ${need}x peer: ${ratio.toFixed(1)}x (cpu ${(r.oursCpu / r.peerCpu).toFixed(1)}x) -> ${verdict(ratio >= need)}`,
    );
  }
}

await main();
