#!/usr/bin/env node
// The framework's floor (issue 9, docs/benchmarks.md "Fourteenth session"): a Fastify app answering
// the same GET body as /api/app/market/band, each feature of the exchange's HTTP stack added in turn
// (pino at warn with a UUID per request, the language and security-header hooks, an async hook,
// @fastify/rate-limit, @fastify/compress, a zod query schema and reply serialiser), 50 connections,
// 6 s a step, two rounds, the server's CPU per request from /proc. A benchmark, not a test.
//
//   node scripts/bench/framework-floor.mjs
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { freePort, root } from '../lib/built-server.mjs';

const require = createRequire(join(root, 'apps/server/package.json'));
const autocannon = require('autocannon');
const PORT = await freePort();
const steps = [
  ['bare', ''],
  ['+logger warn, uuid ids', 'LOG'],
  ['+lang & security headers hooks', 'HOOKS'],
  ['+async CORS hook', 'CORS'],
  ['+rate-limit plugin', 'RATE'],
  ['+compress plugin', 'COMPRESS'],
  ['+zod response serializer', 'ZOD'],
];
const server = (flags) => `
(async () => {
const F = new Set(${JSON.stringify(flags)});
const crypto = require('node:crypto');
const app = require('fastify')(F.has('LOG') ? { logger: { level: 'warn' }, genReqId: () => crypto.randomUUID() } : { logger: false });
const H = { 'cache-control': 'no-store', 'content-security-policy': "default-src 'none'; frame-ancestors 'none'", 'x-content-type-options': 'nosniff', 'x-frame-options': 'DENY', 'strict-transport-security': 'max-age=31536000; includeSubDomains', 'cross-origin-resource-policy': 'cross-origin' };
if (F.has('HOOKS')) {
  app.decorateRequest('lang', 'de');
  app.addHook('onRequest', (req, reply, done) => { req.lang = (req.headers['accept-language'] ?? 'de').slice(0, 2); done(); });
  app.addHook('onRequest', (req, reply, done) => { reply.headers(H); done(); });
}
if (F.has('CORS')) app.addHook('onRequest', async (req, reply) => { if (!req.headers.origin) return; });
if (F.has('RATE')) await app.register(require('@fastify/rate-limit'), { global: true, max: 1e9, timeWindow: 60000, keyGenerator: (r) => 'b|ip:' + r.ip });
if (F.has('COMPRESS')) await app.register(require('@fastify/compress'), { global: true, threshold: 1024, encodings: ['br', 'gzip'] });
let opts = {};
if (F.has('ZOD')) {
  const { serializerCompiler, validatorCompiler } = require('fastify-type-provider-zod');
  const { z } = require('zod');
  app.setValidatorCompiler(validatorCompiler); app.setSerializerCompiler(serializerCompiler);
  opts = { schema: { querystring: z.object({ symbol: z.string() }), response: { 200: z.object({ code: z.number(), data: z.object({ symbol: z.string(), band: z.object({ min: z.string(), max: z.string() }), band_percent: z.string(), market_protection_percent: z.string() }), message: z.string() }) } } };
}
app.get('/x', opts, async (req) => ({ code: 0, data: { symbol: 'BTC_USDC', band: { min: '87263.24', max: '106655.06' }, band_percent: '10.00', market_protection_percent: '5.00' }, message: 'Erfolgreich' }));
await app.listen({ port: ${PORT}, host: '127.0.0.1' });
})();`;
const ticks = (pid) => {
  const s = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const f = s.slice(s.lastIndexOf(')') + 2).split(' ');
  return Number(f[11]) + Number(f[12]);
};
for (const round of [1, 2]) {
  const flags = [];
  for (const [name, flag] of steps) {
    if (flag) flags.push(flag);
    const child = spawn(process.execPath, ['-e', server(flags)], {
      cwd: join(root, 'apps/server'),
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    await new Promise((r) => setTimeout(r, 1000));
    const t0 = ticks(child.pid);
    const r = await new Promise((ok, fail) =>
      autocannon(
        { url: `http://127.0.0.1:${PORT}/x?symbol=BTC_USDC`, connections: 50, duration: 6 },
        (e, r) => (e ? fail(e) : ok(r)),
      ),
    );
    const t1 = ticks(child.pid);
    console.log(
      round,
      name.padEnd(34),
      String(Math.round(r['2xx'] / 6)).padStart(6),
      'req/s',
      Math.round(((t1 - t0) * 10000) / r['2xx']),
      'us server/req',
      r.non2xx ? `non2xx ${r.non2xx}` : '',
    );
    child.kill();
    await new Promise((r) => setTimeout(r, 300));
  }
}
