#!/usr/bin/env node
// Where an order's server CPU goes, rung by rung (issue 9): the same built server answers requests
// that each do a little more of the order path, at the same concurrency, with the server's CPU per
// answer read from /proc, beside the same run's Fastify hello-world. The difference between two
// rungs is what the added step costs. A benchmark, not a test: run it on a quiet machine.
//
//   node scripts/bench/ladder.mjs [--db postgres] [--seconds 10] [--connections 50] [--only 2,3]
//   profile one rung: PROFILE_DIR=/tmp/p NODE_OPTIONS="--require $PWD/scripts/bench/profile-server.cjs" (same command)
//
// Rungs: a public GET answered from memory (routing, hooks, envelope, security headers); an
// authenticated GET from memory (+ the session cache); an order refused by validation (+ body
// parse, zod, the localized 422); an order resting in the book (+ engine, group commit, answer).
import autocannon from 'autocannon';
import { benchServerEnv, call, fundedUsers, startHello } from '../lib/bench-users.mjs';
import { arg, freshPostgres, startBuiltServer } from '../lib/built-server.mjs';
import { cpuMeter } from '../lib/cpu.mjs';

const DB = arg('--db', 'pglite');
const SECONDS = Number(arg('--seconds', '10'));
const CONNECTIONS = Number(arg('--connections', '50'));
const USERS = 20;
/** Run only these rungs (1-based, comma-separated; 1 is the hello-world), e.g. to profile one. */
const ONLY = arg('--only', '')?.split(',').filter(Boolean).map(Number) ?? [];

const cannon = (opts) =>
  new Promise((ok, fail) => autocannon(opts, (err, result) => (err ? fail(err) : ok(result))));

const hello = await startHello();
const db = DB === 'postgres' ? await freshPostgres() : undefined;
const server = await startBuiltServer(
  { ...benchServerEnv(), ...(db ? { DATABASE_URL: db.url } : {}) },
  { label: 'bench-ladder', onStop: () => db?.drop() },
);
try {
  const tokens = await fundedUsers(server.base, USERS);
  const band = await call(server.base, 'GET', '/api/app/market/band?symbol=BTC_USDC');
  const price = (Number.parseFloat(band.band.min) * 1.02).toFixed(2);
  const order = (quantity) =>
    JSON.stringify({ symbol: 'BTC_USDC', side: 'buy', type: 'limit', price, quantity });
  const json = { 'content-type': 'application/json' };
  const perUser = (method, path, body) =>
    tokens.map((t) => ({
      method,
      path,
      headers: { ...(body ? json : {}), authorization: `Bearer ${t}` },
      ...(body ? { body } : {}),
    }));
  const rungs = [
    [
      'hello-world POST (reference, own process)',
      { url: `${hello.url}/hello`, method: 'POST', headers: json, body: order('0.00100') },
    ],
    ['public GET from memory (/market/band)', { url: `${server.base}/api/app/market/band?symbol=BTC_USDC` }],
    [
      'authenticated GET from memory (/wallet/balances)',
      { url: server.base, requests: perUser('GET', '/api/app/wallet/balances') },
    ],
    [
      'order refused by validation (422)',
      { url: server.base, requests: perUser('POST', '/api/app/spot/orders', order('abc')) },
    ],
    [
      'order resting in the book (committed)',
      { url: server.base, requests: perUser('POST', '/api/app/spot/orders', order('0.00100')) },
    ],
  ];
  console.log(`bench:ladder ${DB}, ${CONNECTIONS} connections, ${SECONDS} s a rung, node ${process.version}`);
  let previous;
  for (const [i, [what, opts]] of rungs.entries()) {
    if (ONLY.length > 0 && !ONLY.includes(i + 1)) continue;
    const meter = cpuMeter();
    const r = await cannon({ connections: CONNECTIONS, duration: SECONDS, ...opts });
    const answered = r['2xx'] + r.non2xx;
    const cpu = meter.stop(answered);
    const server = Math.round(cpu.server ?? 0);
    const step =
      previous === undefined || what.startsWith('hello')
        ? ''
        : ` (${server - previous >= 0 ? '+' : ''}${server - previous})`;
    console.log(
      `${what.padEnd(50)} ${String(Math.round(answered / SECONDS)).padStart(7)}/s  p99 ${String(r.latency.p99).padStart(4)} ms  server ${String(server).padStart(4)} us${step}  load generator ${Math.round(cpu['load generator'] ?? 0)} us  idle ${cpu.idlePct} %`,
    );
    if (!what.startsWith('hello')) previous = server;
  }
} finally {
  await server.stop();
  hello.stop();
}
