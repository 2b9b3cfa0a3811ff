// `npm run bench`: our FastOrderBook against the npm package nodejs-order-book on the same seeded
// workloads, in one process on one core. A benchmark, not a test: it prints numbers and never fails.
//
// Throughput is timed per batch (one clock read around a whole run); latency per message with
// process.hrtime.bigint(), closed loop (back to back) and open loop (messages scheduled at a fixed
// offered rate; latency counts from the scheduled time, so falling behind shows up as queueing).

import { OrderBook as PeerBook } from 'nodejs-order-book';
import { FastOrderBook } from '../src/book/index.ts';
import { generate, type Op, SCENARIOS, type Workload } from './workload.ts';

const hr = process.hrtime.bigint;
const args = new Set(process.argv.slice(2));
/** `--quick`: a smaller run to check the harness, not to quote. */
const SCALE = args.has('--quick') ? 0.1 : 1;
const COUNTS: Record<string, number> = {
  mixed: 1_000_000,
  'limit-insert-heavy': 500_000,
  'cancel-heavy': 500_000,
  'market-sweep': 500_000,
};
const OPEN_LOOP_RATE = 100_000;
const OPEN_LOOP_MESSAGES = Math.round(300_000 * SCALE);

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
  convert(op: Op): O;
  name: string;
}
const OURS: Book<OurOp> = {
  name: 'ours',
  make: () => new FastOrderBook(),
  exec: (b, op) => execOurs(b as FastOrderBook, op),
  convert: toOurs,
};
const PEER: Book<PeerOp> = {
  name: 'nodejs-order-book',
  make: () => new PeerBook() as unknown as PeerApi,
  exec: (b, op) => execPeer(b as PeerApi, op),
  convert: toPeer,
};

function seeded<O>(impl: Book<O>, w: Workload): { book: unknown; ops: O[] } {
  const book = impl.make();
  for (const op of w.seed) impl.exec(book, impl.convert(op));
  return { book, ops: w.ops.map(impl.convert) };
}

/** Messages per second over one timed batch. */
function throughput<O>(impl: Book<O>, w: Workload): { rate: number; book: unknown } {
  const { book, ops } = seeded(impl, w);
  const exec = impl.exec;
  const t0 = hr();
  for (let i = 0; i < ops.length; i++) exec(book, ops[i]!);
  const ns = Number(hr() - t0);
  return { rate: (ops.length * 1e9) / ns, book };
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

function openLoop<O>(impl: Book<O>, w: Workload, ratePerS: number): Float64Array {
  const { book, ops } = seeded(impl, w);
  const exec = impl.exec;
  const interval = BigInt(Math.round(1e9 / ratePerS));
  const lat = new Float64Array(ops.length);
  const start = hr() + 1_000_000n;
  let due = start;
  for (let i = 0; i < ops.length; i++) {
    while (hr() < due) {
      // spin: a sleeping thread would wake up late and measure the scheduler, not the book
    }
    exec(book, ops[i]!);
    lat[i] = Number(hr() - due);
    due += interval;
  }
  return lat;
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

function main(): void {
  console.log(
    `matching benchmark: node ${process.version}, ${process.platform}/${process.arch}, pid ${process.pid}`,
  );
  console.log(
    `workloads: seeded, ~1,000 resting orders around a mid; ids and users as strings; STP off on both`,
  );

  // Warm up both books' code paths (JIT) on a different seed before anything is timed.
  const warm = generate(SCENARIOS.mixed!, Math.round(200_000 * SCALE), 1);
  throughput(OURS, warm);
  throughput(PEER, warm);

  const results: { scenario: string; ours: number; peer: number; check: string }[] = [];
  console.log('');
  console.log(
    `${pad('scenario', 20)}${lpad('ours msg/s', 14)}${lpad('peer msg/s', 14)}${lpad('ratio', 9)}  book check`,
  );
  for (const [name, mix] of Object.entries(SCENARIOS)) {
    const w = generate(mix, Math.round(COUNTS[name]! * SCALE), 42);
    const ours = throughput(OURS, w);
    const peer = throughput(PEER, w);
    const a = restingTotals('ours', ours.book);
    const b = restingTotals('peer', peer.book);
    const check = a === b ? `same resting bid/ask qty ${a}` : `differs ours ${a} peer ${b}`;
    results.push({ scenario: name, ours: ours.rate, peer: peer.rate, check });
    console.log(
      `${pad(name, 20)}${lpad(fmt(ours.rate), 14)}${lpad(fmt(peer.rate), 14)}${lpad(`${(ours.rate / peer.rate).toFixed(1)}x`, 9)}  ${check}`,
    );
  }

  console.log('');
  console.log('latency, mixed workload (per message, process.hrtime.bigint)');
  console.log(`${pad('run', 44)}${lpad('p50', 11)}${lpad('p99', 11)}${lpad('p99.9', 11)}${lpad('max', 12)}`);
  const wl = generate(SCENARIOS.mixed!, Math.round(500_000 * SCALE), 7);
  const lines: [string, Float64Array][] = [
    ['ours, closed loop', closedLoop(OURS, wl)],
    ['nodejs-order-book, closed loop', closedLoop(PEER, wl)],
  ];
  const wo = generate(SCENARIOS.mixed!, OPEN_LOOP_MESSAGES, 11);
  lines.push([`ours, open loop ${fmt(OPEN_LOOP_RATE)} msg/s offered`, openLoop(OURS, wo, OPEN_LOOP_RATE)]);
  lines.push([
    `nodejs-order-book, open loop ${fmt(OPEN_LOOP_RATE)} msg/s`,
    openLoop(PEER, wo, OPEN_LOOP_RATE),
  ]);
  const pct: Record<string, ReturnType<typeof percentiles>> = {};
  for (const [label, lat] of lines) {
    const p = percentiles(lat);
    pct[label] = p;
    console.log(
      `${pad(label, 44)}${lpad(us(p.p50), 11)}${lpad(us(p.p99), 11)}${lpad(us(p.p999), 11)}${lpad(us(p.max), 12)}`,
    );
  }

  console.log('');
  console.log('targets');
  const mixed = results.find((r) => r.scenario === 'mixed')!;
  const verdict = (ok: boolean) => (ok ? 'met' : 'MISSED');
  console.log(`  mix >= 1,500,000 msg/s: ${fmt(mixed.ours)} -> ${verdict(mixed.ours >= 1_500_000)}`);
  const open = pct[`ours, open loop ${fmt(OPEN_LOOP_RATE)} msg/s offered`]!;
  console.log(`  p99 < 10 µs at 100,000 msg/s offered: ${us(open.p99)} -> ${verdict(open.p99 < 10_000)}`);
  for (const r of results) {
    const need = r.scenario === 'cancel-heavy' ? 20 : 5;
    const ratio = r.ours / r.peer;
    console.log(`  ${r.scenario} >= ${need}x peer: ${ratio.toFixed(1)}x -> ${verdict(ratio >= need)}`);
  }
}

main();
