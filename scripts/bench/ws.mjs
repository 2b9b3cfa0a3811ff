#!/usr/bin/env node
// WebSocket fan-out benchmark (issue 9): N subscribers on one book's depth, trades and ticker with
// the market maker on, against the built server on the embedded default. Measures the push lag of
// depth deltas (receive time minus the engine time of the command, `ts`), depth sequence gaps per
// socket, and messages delivered per second. The same run first measures 10 subscribers as the
// reference. Not a test: run it on a quiet machine.
//
//   npm run bench:ws                         # 10 then 1,000 subscribers, 20 s each
//   npm run bench:ws -- --subscribers 2000 --seconds 30 [--url ws://host:port/ws]
//   npm run bench:ws -- --gateways 2 --subscribers 2000   # engine + 2 gateways over NATS_URL (ADR 172)
import { monitorEventLoopDelay } from 'node:perf_hooks';
import WebSocket from 'ws';
import { arg, startBuiltCluster, startBuiltServer } from '../lib/built-server.mjs';

const GATEWAYS = Number(arg('--gateways', '0'));

const SYMBOL = arg('--symbol', 'BTC_USDC');
const SECONDS = Number(arg('--seconds', '20'));
const CHANNELS = [`depth:${SYMBOL}`, `trades:${SYMBOL}`, 'ticker'];

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

async function run(urls, subscribers) {
  const lags = [];
  let messages = 0;
  let gaps = 0;
  let stale = 0;
  let resyncs = 0;
  let closed = 0;
  const sockets = [];
  const opening = [];
  for (let i = 0; i < subscribers; i++) {
    const ws = new WebSocket(urls[i % urls.length]);
    let lastSeq = null;
    ws.on('message', (raw) => {
      const m = JSON.parse(raw.toString());
      if (m.op) return;
      messages += 1;
      if (m.channel !== `depth:${SYMBOL}`) return;
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
      if (lastSeq !== null && m.seq !== lastSeq + 1) gaps += 1;
      lastSeq = m.seq;
      if (typeof m.ts === 'number') lags.push(Date.now() - m.ts);
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
  // Let every snapshot arrive, then measure.
  await new Promise((r) => setTimeout(r, 1000));
  lags.length = 0;
  messages = 0;
  // This process's own event-loop delay: a lag the client adds (1,000 sockets parsing in one thread
  // on a shared 2-core machine), not the server's.
  const loop = monitorEventLoopDelay({ resolution: 10 });
  loop.enable();
  const started = Date.now();
  await new Promise((r) => setTimeout(r, SECONDS * 1000));
  loop.disable();
  const elapsed = (Date.now() - started) / 1000;
  const delivered = messages;
  for (const ws of sockets) ws.close();
  lags.sort((a, b) => a - b);
  return {
    subscribers,
    depthDeltas: lags.length,
    p50: quantile(lags, 0.5),
    p99: quantile(lags, 0.99),
    max: lags.at(-1),
    gaps,
    stale,
    resyncs,
    closedByServer: closed - 0,
    perSecond: Math.round(delivered / elapsed),
    clientLoopP99: Math.round(loop.percentile(99) / 1e6),
  };
}

const given = arg('--url', undefined);
const server = given ? undefined : await startServer();
const urls = given ? [given] : server.urls;
try {
  // The market maker needs a moment to quote before the book moves steadily.
  await new Promise((r) => setTimeout(r, 3000));
  const sizes = [10, Number(arg('--subscribers', '1000'))];
  console.log(
    `bench:ws ${urls.length > 1 ? `${urls.length} gateways, ` : ''}${SYMBOL}, channels ${CHANNELS.join(', ')}, ${SECONDS} s per run, node ${process.version}`,
  );
  for (const n of sizes) {
    const r = await run(urls, n);
    console.log(
      `${String(n).padStart(5)} subscribers: depth push lag p50 ${r.p50} ms, p99 ${r.p99} ms, max ${r.max} ms over ${r.depthDeltas} deltas; seq gaps ${r.gaps} (stale deltas dropped ${r.stale}), resyncs ${r.resyncs}; ${r.perSecond} messages/s delivered; client event-loop delay p99 ${r.clientLoopP99} ms`,
    );
  }
} finally {
  await server?.stop();
}
