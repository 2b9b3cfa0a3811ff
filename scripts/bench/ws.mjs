#!/usr/bin/env node
// WebSocket fan-out benchmark (issue 9): N subscribers on one book's depth, trades and ticker with
// the market maker on, against the built server on the embedded default. Measures the push lag of
// depth deltas (receive time minus the engine time of the command, `ts`; for a frame merging one
// commit's deltas, ADR 210, the time of its first command, counted once per delta), depth sequence
// gaps per socket, and messages (frames) delivered per second. The same run first measures 10
// subscribers as the reference. Not a test: run it on a quiet machine.
//
//   npm run bench:ws                         # 10 then 1,000 subscribers, 20 s each
//   npm run bench:ws -- --subscribers 2000 --seconds 30 [--url ws://host:port/ws]
//   npm run bench:ws -- --gateways 2 --subscribers 2000   # engine + 2 gateways over NATS_URL (ADR 172)
//   npm run bench:ws -- --client-threads 1                # all subscribers in this one thread
//
// The subscribers are split over --client-threads worker threads (default 2): one thread parsing
// 36,000 messages a second for 1,000 sockets was itself the largest part of the measured lag.
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import WebSocket from 'ws';
import { arg, startBuiltCluster, startBuiltServer } from '../lib/built-server.mjs';

const GATEWAYS = Number(arg('--gateways', '0'));

const SYMBOL = isMainThread ? arg('--symbol', 'BTC_USDC') : workerData.symbol;
const SECONDS = isMainThread ? Number(arg('--seconds', '20')) : workerData.seconds;
const THREADS = Number(arg('--client-threads', '2'));
const CHANNELS = [`depth:${SYMBOL}`, `trades:${SYMBOL}`, 'ticker'];
const DEPTH_PREFIX = Buffer.from(`{"channel":"depth:${SYMBOL}"`);
const OP_PREFIX = Buffer.from('{"op":');

async function startServer() {
  // One address opens every socket: the per-address limit is lifted for the run, as for bench:http.
  const env = { MARKET_MAKER: '1', RATE_LIMIT_PER_MINUTE: '1000000' };
  if (GATEWAYS > 0) {
    // Subscribers go to the gateways only, in turn; the engine runs the market maker.
    const cluster = await startBuiltCluster({ ...env, SEED_DEMO: '0' }, GATEWAYS, 'benchws');
    return { urls: cluster.gateways.map((g) => `ws://127.0.0.1:${g.port}/ws`), stop: cluster.stop };
  }
  const server = await startBuiltServer(env, { label: 'bench-ws' });
  return { urls: [`ws://127.0.0.1:${server.port}/ws`], stop: server.stop };
}

function quantile(sorted, q) {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
}

/** One client thread's share: opens its sockets, says so, measures when told, reports raw numbers. */
async function run(urls, subscribers, offset, ready, go) {
  const lags = [];
  /** Per depth frame (its seq): the lag at the first and the last of this thread's sockets. */
  const frames = new Map();
  let messages = 0;
  let depthFrames = 0;
  let gaps = 0;
  let stale = 0;
  let resyncs = 0;
  let closed = 0;
  const sockets = [];
  const opening = [];
  for (let i = 0; i < subscribers; i++) {
    const gateway = (offset + i) % urls.length;
    const ws = new WebSocket(urls[gateway], { perMessageDeflate: false, skipUTF8Validation: true });
    let lastSeq = null;
    ws.on('message', (raw) => {
      // Only depth frames are read: the ticker (about 1 KB, all markets) and trades are counted
      // by their first bytes. Parsing them all was the client's own time, inside the measured lag.
      if (raw.indexOf(DEPTH_PREFIX) !== 0) {
        if (raw.indexOf(OP_PREFIX) !== 0) messages += 1;
        return;
      }
      const m = JSON.parse(raw.toString());
      messages += 1;
      if (m.type === 'snapshot') {
        if (m.resync) resyncs += 1;
        lastSeq = m.seq;
        return;
      }
      // A delta at or below the snapshot's seq is one the snapshot already holds (the snapshot reads
      // the book, which may be a batch ahead of the deltas still being committed): clients drop it,
      // as the web app does (stream/depth.ts). Only a jump forward is a gap.
      if (lastSeq !== null && m.seq <= lastSeq) {
        stale += 1;
        return;
      }
      // A delta merging one commit's changes (ADR 210) covers first_seq..seq; it must start at or
      // before the next number (a start before it is a part the snapshot already holds).
      const first = m.first_seq ?? m.seq;
      if (lastSeq !== null && first > lastSeq + 1) gaps += 1;
      const covered = lastSeq === null ? m.seq - first + 1 : m.seq - Math.max(first, lastSeq + 1) + 1;
      lastSeq = m.seq;
      depthFrames += 1;
      // One sample per delta the frame carries, each at the age of the commit's first command (the
      // oldest change in it): comparable with runs that sent one frame per delta, and never kinder.
      if (typeof m.ts === 'number') {
        const lag = Date.now() - m.ts;
        for (let k = 0; k < covered; k++) lags.push(lag);
        const key = `${gateway}:${m.seq}`;
        const f = frames.get(key);
        if (f === undefined) frames.set(key, [lag, lag]);
        else f[1] = lag;
      }
    });
    ws.on('close', () => {
      closed += 1;
    });
    // Open 50 at a time: 2,000 sockets one after another take minutes on a loaded machine.
    opening.push(
      new Promise((ok, fail) => {
        ws.once('open', ok);
        ws.once('error', fail);
        // A handshake that never ends must not hang the run (seen with 2,000 sockets on a loaded box).
        setTimeout(() => fail(new Error(`socket ${i} did not open in 15 s`)), 15_000).unref();
      }).then(() => ws.send(JSON.stringify({ op: 'subscribe', channels: CHANNELS }))),
    );
    if (opening.length >= 50) await Promise.all(opening.splice(0));
    sockets.push(ws);
  }
  await Promise.all(opening);
  ready();
  await go;
  lags.length = 0;
  frames.clear();
  messages = 0;
  depthFrames = 0;
  // This process's own event-loop delay: a lag the client adds (1,000 sockets parsing in one thread
  // on a shared 2-core machine), not the server's.
  const loop = monitorEventLoopDelay({ resolution: 10 });
  loop.enable();
  const started = Date.now();
  await new Promise((r) => setTimeout(r, SECONDS * 1000));
  loop.disable();
  const elapsed = (Date.now() - started) / 1000;
  const delivered = messages;
  const framesSeen = depthFrames;
  for (const ws of sockets) ws.close();
  return {
    lags,
    frames: [...frames],
    gaps,
    stale,
    resyncs,
    closedByServer: closed,
    messages: delivered,
    depthFrames: framesSeen,
    elapsed,
    clientLoopP99: Math.round(loop.percentile(99) / 1e6),
  };
}

if (!isMainThread) {
  const { urls, subscribers, offset } = workerData;
  const go = new Promise((start) => parentPort.once('message', start));
  const r = await run(urls, subscribers, offset, () => parentPort.postMessage({ ready: true }), go);
  parentPort.postMessage({ result: r });
}

/** `subscribers` over THREADS client threads, measured over the same SECONDS. */
async function runThreads(urls, subscribers) {
  const threads = Math.max(1, Math.min(THREADS, subscribers));
  const workers = [];
  const readies = [];
  const results = [];
  let offset = 0;
  for (let t = 0; t < threads; t++) {
    const share = Math.floor(subscribers / threads) + (t < subscribers % threads ? 1 : 0);
    const w = new Worker(new URL(import.meta.url), {
      workerData: { urls, subscribers: share, offset, symbol: SYMBOL, seconds: SECONDS },
    });
    offset += share;
    workers.push(w);
    readies.push(
      new Promise((ok, fail) => {
        w.on('error', fail);
        w.on('message', (m) => (m.ready ? ok() : null));
      }),
    );
    results.push(
      new Promise((ok, fail) => {
        w.on('error', fail);
        w.on('message', (m) => (m.result ? ok(m.result) : null));
      }),
    );
  }
  await Promise.all(readies);
  // Let every snapshot arrive, then measure.
  await new Promise((r) => setTimeout(r, 1000));
  for (const w of workers) w.postMessage('start');
  const parts = await Promise.all(results);
  await Promise.all(workers.map((w) => w.terminate()));
  const lags = parts.flatMap((p) => p.lags).sort((a, b) => a - b);
  // Where a frame's lag comes from: its first socket's lag is the commit and one send; from the first
  // to the last socket is the fan-out to all of them and the clients' reading.
  // Per gateway too (key `gateway:seq`): with several gateways, the spread within one gateway is its
  // own fan-out; the difference between the gateways' first sockets is when each got the event.
  const byFrame = new Map();
  const byGatewayFrame = new Map();
  for (const p of parts) {
    for (const [key, [first, last]] of p.frames) {
      const seq = key.slice(key.indexOf(':') + 1);
      for (const [map, k] of [
        [byFrame, seq],
        [byGatewayFrame, key],
      ]) {
        const f = map.get(k);
        if (f === undefined) map.set(k, [first, last]);
        else map.set(k, [Math.min(f[0], first), Math.max(f[1], last)]);
      }
    }
  }
  const firsts = [...byFrame.values()].map((f) => f[0]).sort((a, b) => a - b);
  const spreads = [...byFrame.values()].map((f) => f[1] - f[0]).sort((a, b) => a - b);
  const gatewaySpreads = [...byGatewayFrame.values()].map((f) => f[1] - f[0]).sort((a, b) => a - b);
  const arrivals = new Map();
  for (const [key, [first]] of byGatewayFrame) {
    const seq = key.slice(key.indexOf(':') + 1);
    const a = arrivals.get(seq) ?? [];
    a.push(first);
    arrivals.set(seq, a);
  }
  const between = [...arrivals.values()]
    .filter((a) => a.length > 1)
    .map((a) => Math.max(...a) - Math.min(...a))
    .sort((a, b) => a - b);
  const sum = (k) => parts.reduce((t, p) => t + p[k], 0);
  return {
    depthDeltas: lags.length,
    p50: quantile(lags, 0.5),
    p99: quantile(lags, 0.99),
    max: lags.at(-1),
    firstP50: quantile(firsts, 0.5),
    firstP99: quantile(firsts, 0.99),
    spreadP50: quantile(spreads, 0.5),
    spreadP99: quantile(spreads, 0.99),
    gatewaySpreadP50: quantile(gatewaySpreads, 0.5),
    gatewaySpreadP99: quantile(gatewaySpreads, 0.99),
    betweenP50: quantile(between, 0.5),
    betweenP99: quantile(between, 0.99),
    gaps: sum('gaps'),
    stale: sum('stale'),
    resyncs: sum('resyncs'),
    perSecond: Math.round(sum('messages') / Math.max(...parts.map((p) => p.elapsed))),
    depthFrames: sum('depthFrames'),
    deltasPerSecond: Math.round(lags.length / Math.max(...parts.map((p) => p.elapsed))),
    clientLoopP99: Math.max(...parts.map((p) => p.clientLoopP99)),
  };
}

if (isMainThread) {
  const given = arg('--url', undefined);
  const server = given ? undefined : await startServer();
  const urls = given ? [given] : server.urls;
  try {
    // The market maker needs a moment to quote before the book moves steadily.
    await new Promise((r) => setTimeout(r, 3000));
    const sizes = [10, Number(arg('--subscribers', '1000'))];
    console.log(
      `bench:ws ${urls.length > 1 ? `${urls.length} gateways, ` : ''}${SYMBOL}, channels ${CHANNELS.join(', ')}, ${SECONDS} s per run, ${THREADS} client threads, node ${process.version}`,
    );
    for (const n of sizes) {
      const r = await runThreads(urls, n);
      console.log(
        `${String(n).padStart(5)} subscribers: depth push lag p50 ${r.p50} ms, p99 ${r.p99} ms, max ${r.max} ms over ${r.depthDeltas} deltas in ${r.depthFrames} depth frames; seq gaps ${r.gaps} (stale deltas dropped ${r.stale}), resyncs ${r.resyncs}; ${r.perSecond} messages/s delivered (${r.deltasPerSecond} depth deltas/s); client event-loop delay p99 ${r.clientLoopP99} ms`,
      );
      console.log(
        `       per depth frame: first socket's lag p50 ${r.firstP50} ms, p99 ${r.firstP99} ms; first to last socket p50 ${r.spreadP50} ms, p99 ${r.spreadP99} ms`,
      );
      if (urls.length > 1)
        console.log(
          `       within one gateway first to last p50 ${r.gatewaySpreadP50} ms, p99 ${r.gatewaySpreadP99} ms; between the gateways' first sockets p50 ${r.betweenP50} ms, p99 ${r.betweenP99} ms`,
        );
    }
  } finally {
    await server?.stop();
  }
}
