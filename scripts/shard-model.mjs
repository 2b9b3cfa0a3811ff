#!/usr/bin/env node
// A discrete-event model of the order path with markets sharded across several engine processes
// (docs/adr/170-sharding-markets-across-engines.md). It is a model, not a benchmark: the service
// times are parameters taken from docs/benchmarks.md, and the output says how throughput and ack
// latency scale with the number of engines under each design, and where the ceiling is.
//
//   node scripts/shard-model.mjs [--markets=40] [--zipf=1.1] [--maker-share=0.6] [--fill=0.3]
//     [--commit-ms=2] [--per-cmd-us=40] [--hop-ms=0.25] [--max-batch=2000] [--seconds=4]
//
// Floating point is fine here: these are times and rates of a model, never money.

const args = Object.fromEntries(
  process.argv.slice(2).map((a) => {
    const [k, v] = a.replace(/^--/, '').split('=');
    return [k, Number(v)];
  }),
);
const P = {
  markets: args.markets ?? 40,
  zipf: args.zipf ?? 1.1,
  makerShare: args['maker-share'] ?? 0.6,
  makers: 8,
  users: 20_000,
  fill: args.fill ?? 0.3,
  commitMs: args['commit-ms'] ?? 2,
  perCmdUs: args['per-cmd-us'] ?? 40,
  hopMs: args['hop-ms'] ?? 0.25,
  maxBatch: args['max-batch'] ?? 2000,
  seconds: args.seconds ?? 4,
};

// Seeded PRNG (mulberry32) so every run of the model prints the same table.
function rng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function zipfTable(n, s) {
  const w = Array.from({ length: n }, (_, i) => 1 / (i + 1) ** s);
  const total = w.reduce((x, y) => x + y, 0);
  let acc = 0;
  return w.map((x) => (acc += x / total));
}
const pick = (cdf, u) => {
  let lo = 0;
  let hi = cdf.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (cdf[mid] < u) lo = mid + 1;
    else hi = mid;
  }
  return lo;
};

class Heap {
  constructor() {
    this.a = [];
  }
  push(e) {
    const a = this.a;
    a.push(e);
    let i = a.length - 1;
    while (i > 0) {
      const p = (i - 1) >> 1;
      if (a[p].t <= e.t) break;
      a[i] = a[p];
      i = p;
    }
    a[i] = e;
  }
  pop() {
    const a = this.a;
    const top = a[0];
    const last = a.pop();
    if (a.length > 0) {
      let i = 0;
      for (;;) {
        const l = 2 * i + 1;
        if (l >= a.length) break;
        const c = l + 1 < a.length && a[l + 1].t < a[l].t ? l + 1 : l;
        if (a[c].t >= last.t) break;
        a[i] = a[c];
        i = c;
      }
      a[i] = last;
    }
    return top;
  }
  get size() {
    return this.a.length;
  }
}

/**
 * Designs:
 * - single: today, one engine owns every market and every balance.
 * - split:  books by market on E matching engines, balances by user on E risk engines
 *           (exchange-core). Order: risk(user) holds -> match(market) -> ack; each fill settles on
 *           the risk engines of both users (off the ack path, but it takes their capacity).
 * - pinned: books by market on E engines, each engine also keeps the balances that users moved to
 *           it (collateral per engine, a transfer between engines is a two-phase move). Order: one
 *           engine, one commit, like today; cross margin only within one engine.
 */
function simulate(design, engines, offeredPerSec) {
  const r = rng(42);
  const marketCdf = zipfTable(P.markets, P.zipf);
  const marketOwner = (m) => m % engines; // round robin by popularity rank: spreads the hot ones
  const userOwner = (u) => u % engines;
  const nShards = design === 'split' ? engines * 2 : engines; // split: [0,E) match, [E,2E) risk
  const shards = Array.from({ length: nShards }, () => ({ queue: [], busy: false, cmds: 0 }));
  const heap = new Heap();
  const latencies = [];
  const end = P.seconds * 1000;
  const warmup = 500;
  let acked = 0;

  // Poisson arrivals of orders.
  let t = 0;
  while (t < end) {
    t += -Math.log(1 - r()) * (1000 / offeredPerSec);
    const maker = r() < P.makerShare;
    const user = maker ? Math.floor(r() * P.makers) : P.makers + Math.floor(r() * P.users);
    const market = pick(marketCdf, r());
    const fills = r() < P.fill;
    let stages;
    if (design === 'single') stages = [{ shard: 0, ack: true }];
    else if (design === 'pinned') stages = [{ shard: marketOwner(market), ack: true }];
    else {
      stages = [
        { shard: engines + userOwner(user), ack: false },
        { shard: marketOwner(market), ack: true },
      ];
      // A fill settles on both users' risk engines (the counterparty is most often a maker).
      if (fills) {
        const other = r() < P.makerShare ? Math.floor(r() * P.makers) : P.makers + Math.floor(r() * P.users);
        stages.push({ shard: engines + userOwner(user), ack: false, settle: true });
        stages.push({ shard: engines + userOwner(other), ack: false, settle: true, fork: true });
      }
    }
    heap.push({ t, kind: 'arrive', job: { start: t, stages, at: 0 } });
  }

  const startBatch = (idx, now) => {
    const s = shards[idx];
    if (s.busy || s.queue.length === 0) return;
    const batch = s.queue.splice(0, P.maxBatch);
    const service = P.commitMs + (P.perCmdUs * batch.length) / 1000;
    s.busy = true;
    if (now > warmup && now < end) s.cmds += batch.length;
    heap.push({ t: now + service, kind: 'done', shard: idx, batch });
  };

  const route = (job, now) => {
    const stage = job.stages[job.at];
    shards[stage.shard].queue.push(job);
    startBatch(stage.shard, now);
  };

  while (heap.size > 0) {
    const e = heap.pop();
    if (e.kind === 'arrive') route(e.job, e.t);
    else {
      const s = shards[e.shard];
      s.busy = false;
      for (const job of e.batch) {
        const stage = job.stages[job.at];
        if (stage.ack && job.start > warmup && job.start < end) latencies.push(e.t - job.start);
        if (stage.ack && e.t > warmup && e.t < end) acked++;
        // The two settlements run in parallel after the match: the fork needs no further stage.
        if (stage.fork) continue;
        job.at++;
        if (job.at < job.stages.length) {
          const next = job.stages[job.at];
          if (next.settle && job.stages[job.at + 1]?.fork) {
            heap.push({ t: e.t + P.hopMs, kind: 'arrive', job: { ...job, at: job.at + 1 } });
          }
          heap.push({ t: e.t + P.hopMs, kind: 'arrive', job });
        }
      }
      startBatch(e.shard, e.t);
    }
  }
  latencies.sort((a, b) => a - b);
  const q = (p) => latencies[Math.min(latencies.length - 1, Math.floor(p * latencies.length))] ?? NaN;
  const span = end - warmup;
  // Load of the busiest engine against what one engine commits at most (full batches back to back).
  const ceiling = P.maxBatch / ((P.commitMs + (P.perCmdUs * P.maxBatch) / 1000) / 1000);
  const maxUtil = Math.max(...shards.map((s) => s.cmds / (span / 1000))) / ceiling;
  return { acked: acked / (span / 1000), p50: q(0.5), p99: q(0.99), maxUtil };
}

const fmt = (x, d = 0) => (Number.isFinite(x) ? x.toFixed(d) : '-');
console.log(
  `model: ${P.markets} markets (zipf ${P.zipf}, hottest ${fmt(zipfTable(P.markets, P.zipf)[0] * 100, 1)}% of orders),` +
    ` makers ${P.makerShare * 100}% of flow, fill ${P.fill}, commit ${P.commitMs} ms + ${P.perCmdUs} µs/cmd,` +
    ` hop ${P.hopMs} ms, batch ≤ ${P.maxBatch}`,
);
const ceiling = P.maxBatch / ((P.commitMs + (P.perCmdUs * P.maxBatch) / 1000) / 1000);
console.log(`one engine commits at most ${fmt(ceiling)} commands/s (full batches back to back)`);
console.log('design  engines  offered/s  acked/s  p50 ms  p99 ms  busiest engine (of its ceiling)');
for (const offered of [5_000, 20_000, 50_000, 100_000]) {
  for (const [design, list] of [
    ['single', [1]],
    ['split', [2, 4, 8]],
    ['pinned', [2, 4, 8]],
  ]) {
    for (const e of list) {
      const r = simulate(design, e, offered);
      console.log(
        `${design.padEnd(7)} ${String(e).padStart(7)} ${String(offered).padStart(10)} ${fmt(r.acked).padStart(8)}` +
          ` ${fmt(r.p50, 1).padStart(7)} ${fmt(r.p99, 1).padStart(7)} ${fmt(r.maxUtil * 100).padStart(6)}%`,
      );
    }
  }
}
