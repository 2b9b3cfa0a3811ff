#!/usr/bin/env node
// HTTP order-path benchmark (issue 9): autocannon placing durable limit orders (acknowledged only
// after their commit) from 20 funded users, at 50 and 200 connections, beside a Fastify hello-world
// POST measured in the same run on the same machine. Not a test: run it on a quiet machine.
//
//   npm run bench:http                       # embedded default (PGlite)
//   npm run bench:http -- --db postgres      # a fresh database on DATABASE_URL's server
//   npm run bench:http -- --seconds 20 --connections 50,200
//   npm run bench:http -- --db postgres --gateways 2   # one engine + 2 gateways over NATS_URL (ADR 172)
//
// The server is the built one (npm run build), started with the market maker off (so only the
// benchmark's orders reach the engine), rate limits lifted and LOG_LEVEL=warn.
import autocannon from 'autocannon';
import { benchServerEnv, call, fundedUsers, startHello } from '../lib/bench-users.mjs';
import { arg, freshPostgres, startBuiltCluster, startBuiltServer } from '../lib/built-server.mjs';
import { cpuLine, cpuMeter } from '../lib/cpu.mjs';

const DB = arg('--db', 'pglite');
const SECONDS = Number(arg('--seconds', '20'));
const CONNECTIONS = (arg('--connections', '50,200') ?? '').split(',').map(Number);
const USERS = Number(arg('--users', '20'));
/** 0: one process. N: an engine and N gateways over NATS (needs --db postgres and NATS_URL). */
const GATEWAYS = Number(arg('--gateways', '0'));
/**
 * static (default): one request per user, built once, the load generator cycling through them, as
 * it sends the hello-world's one request. dynamic: a setupRequest per request picking the user (the
 * former way; autocannon then rebuilds and clones per request, about twice its CPU per order).
 */
const AUTH = arg('--auth', 'static');

async function startExchange() {
  if (GATEWAYS > 0 && (DB !== 'postgres' || !process.env.NATS_URL))
    throw new Error('--gateways needs --db postgres and NATS_URL');
  const db = DB === 'postgres' ? await freshPostgres() : undefined;
  const env = { ...benchServerEnv(), ...(db ? { DATABASE_URL: db.url } : {}) };
  if (GATEWAYS === 0) {
    const one = await startBuiltServer(env, { label: 'bench-http', onStop: () => db?.drop() });
    return { base: one.base, gateways: [one.base], stop: one.stop };
  }
  await db?.drop();
  delete env.DATABASE_URL;
  const cluster = await startBuiltCluster(env, GATEWAYS, 'bench');
  return { base: cluster.base, gateways: cluster.gateways.map((g) => g.base), stop: cluster.stop };
}

function cannon(opts) {
  return new Promise((ok, fail) => {
    autocannon(opts, (err, result) => (err ? fail(err) : ok(result)));
  });
}

const rate = (r) => Math.round(r['2xx'] / (r.duration || SECONDS));
const line = (what, r) =>
  `${what.padEnd(44)} ${String(rate(r)).padStart(7)} ok/s  p50 ${String(r.latency.p50).padStart(5)} ms  p99 ${String(r.latency.p99).padStart(5)} ms  non-2xx ${r.non2xx}  errors ${r.errors}`;

const hello = await startHello();
const exchange = await startExchange();
try {
  const tokens = await fundedUsers(exchange.base, USERS);
  const band = await call(exchange.base, 'GET', '/api/app/market/band?symbol=BTC_USDC');
  if (!band.band) throw new Error('no index price yet for BTC_USDC');
  // A resting buy inside the price band, below the index: every order is a durable book entry.
  const price = (Number.parseFloat(band.band.min) * 1.02).toFixed(2);
  const order = JSON.stringify({
    symbol: 'BTC_USDC',
    side: 'buy',
    type: 'limit',
    price,
    quantity: '0.00100',
  });
  console.log(
    `bench:http (load generator: ${AUTH} requests) ${DB}${GATEWAYS > 0 ? ` + NATS, ${GATEWAYS} gateways` : ''}, ${USERS} users, ${SECONDS} s per run, resting limit buys at ${price}, node ${process.version}`,
  );
  for (const connections of CONNECTIONS) {
    const refMeter = cpuMeter();
    const ref = await cannon({
      url: `${hello.url}/hello`,
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: order,
      connections,
      duration: SECONDS,
    });
    const refCpu = refMeter.stop(ref['2xx']);
    let n = 0;
    const perUser = (base) =>
      AUTH === 'dynamic'
        ? [
            {
              setupRequest: (req) => ({
                ...req,
                headers: { ...req.headers, authorization: `Bearer ${tokens[n++ % tokens.length]}` },
              }),
            },
          ]
        : // Every connection cycles through the users (they drift apart as answers come back at different times).
          tokens.map((t) => ({
            method: 'POST',
            path: new URL(`${base}/api/app/spot/orders`).pathname,
            headers: { 'content-type': 'application/json', authorization: `Bearer ${t}` },
            body: order,
          }));
    const meter = cpuMeter();
    // One autocannon per gateway, the connections split between them, run at once.
    const parts = await Promise.all(
      exchange.gateways.map((base) =>
        cannon({
          url: `${base}/api/app/spot/orders`,
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: order,
          connections: Math.max(1, Math.round(connections / exchange.gateways.length)),
          duration: SECONDS,
          requests: perUser(base),
        }),
      ),
    );
    const cpu = meter.stop(parts.reduce((t, p) => t + p['2xx'], 0));
    const r = {
      '2xx': parts.reduce((t, p) => t + p['2xx'], 0),
      duration: Math.max(...parts.map((p) => p.duration)),
      non2xx: parts.reduce((t, p) => t + p.non2xx, 0),
      errors: parts.reduce((t, p) => t + p.errors, 0),
      // The worst gateway's percentiles (a conservative p99 for the whole).
      latency: {
        p50: Math.max(...parts.map((p) => p.latency.p50)),
        p99: Math.max(...parts.map((p) => p.latency.p99)),
      },
    };
    console.log(line(`hello-world POST, ${connections} connections`, ref));
    console.log(
      cpuLine(refCpu).replace('per order', 'per request (hello-world; its process counts as server)'),
    );
    const where = GATEWAYS > 0 ? `${DB}, engine + ${GATEWAYS} gateways` : DB;
    console.log(line(`limit orders (${where}), ${connections} connections`, r));
    console.log(`  ratio to hello-world: ${(rate(r) / rate(ref)).toFixed(3)}`);
    console.log(cpuLine(cpu));
  }
} finally {
  await exchange.stop();
  hello.stop();
}
