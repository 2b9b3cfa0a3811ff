// A rough closed-loop load check against a running server (no load tool is installed here):
//   node apps/server/bench/http-bench.mjs http://127.0.0.1:8080 [seconds] [concurrency]
// Prints requests per second and latency percentiles per endpoint. Use a server started with
// CAPTCHA=off so the login case works.
const base = process.argv[2] ?? 'http://127.0.0.1:8080';
const seconds = Number(process.argv[3] ?? 5);
const concurrency = Number(process.argv[4] ?? 16);

const cases = [
  { name: 'GET /api/health', path: '/api/health' },
  { name: 'GET /api/app/market/coins', path: '/api/app/market/coins' },
  {
    name: 'POST /api/app/account/login (argon2id)',
    path: '/api/app/account/login',
    method: 'POST',
    body: JSON.stringify({ type: 'email', account: 'demo@exchange.local', password: 'demo12345' }),
  },
  {
    name: 'POST /api/app/account/register (422)',
    path: '/api/app/account/register',
    method: 'POST',
    body: JSON.stringify({ type: 'email', account: 'x', password: 1 }),
  },
];

for (const c of cases) {
  const latencies = [];
  const statuses = new Map();
  const end = Date.now() + seconds * 1000;
  const worker = async () => {
    while (Date.now() < end) {
      const t0 = performance.now();
      const res = await fetch(base + c.path, {
        method: c.method ?? 'GET',
        headers: c.body ? { 'content-type': 'application/json' } : {},
        body: c.body,
      });
      await res.arrayBuffer();
      latencies.push(performance.now() - t0);
      statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  latencies.sort((a, b) => a - b);
  const p = (q) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))].toFixed(1);
  console.log(
    `${c.name.padEnd(42)} ${(latencies.length / seconds).toFixed(0).padStart(6)} req/s  p50 ${p(0.5)} ms  p99 ${p(0.99)} ms  statuses ${JSON.stringify(Object.fromEntries(statuses))}`,
  );
}
