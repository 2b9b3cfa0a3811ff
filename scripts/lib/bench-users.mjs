// What the HTTP benchmarks (bench:http, bench:ladder) share: the same-run hello-world reference,
// the server's settings, and funded users (registered through the API with the codes from the
// operator's outbox, each funded by a simulated on-chain USDC deposit).
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { freePort, root, waitFor } from './built-server.mjs';

export const BENCH_ADMIN = { email: 'bench-ops@example.com', password: 'Bench-operator-1' };

/** One API call; throws unless the envelope says code 0. */
export async function call(base, method, path, body, token) {
  const headers = { 'accept-language': 'en' };
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (token) headers.authorization = `Bearer ${token}`;
  const res = await fetch(`${base}${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = await res.json();
  if (json.code !== 0)
    throw new Error(`${method} ${path}: ${json.code} ${json.message} ${JSON.stringify(json.errors ?? {})}`);
  return json.data;
}

/** `count` users, each with 100,000,000 USDC deposited on chain; their session tokens. */
export async function fundedUsers(base, count) {
  const admin = (await call(base, 'POST', '/api/admin/login', BENCH_ADMIN)).token;
  const tokens = [];
  for (let i = 0; i < count; i++) {
    const account = `bench${i}-${randomBytes(3).toString('hex')}@example.com`;
    await call(base, 'POST', '/api/app/account/captcha', { type: 'email', account, scene: 'register' });
    const outbox = await call(base, 'GET', '/api/admin/outbox?limit=20', undefined, admin);
    const code = outbox.list.find((m) => m.to === account)?.code;
    const auth = await call(base, 'POST', '/api/app/account/register', {
      type: 'email',
      account,
      password: 'bench-pass-1',
      password_confirmation: 'bench-pass-1',
      code,
    });
    const { address } = await call(
      base,
      'GET',
      '/api/app/wallet/deposit/address?coin=USDC&network=TRC20',
      undefined,
      auth.token,
    );
    await call(
      base,
      'POST',
      '/api/admin/chain/deposit',
      { address, amount: '100000000.000000', txid: randomBytes(32).toString('hex') },
      admin,
    );
    tokens.push(auth.token);
  }
  return tokens;
}

/** The benchmark server's settings: no market maker or demo, captcha off, every rate limit lifted. */
export function benchServerEnv() {
  const env = {
    MARKET_MAKER: '0',
    SEED_DEMO: '0',
    CAPTCHA: 'off',
    ADMIN_EMAIL: BENCH_ADMIN.email,
    ADMIN_PASSWORD: BENCH_ADMIN.password,
  };
  for (const k of [
    'RATE_LIMIT',
    'AUTH_RATE_LIMIT',
    'ACCOUNT_RATE_LIMIT',
    'TRADE_RATE_LIMIT',
    'MONEY_RATE_LIMIT',
  ])
    env[`${k}_PER_MINUTE`] = '1000000000';
  return env;
}

/** The reference: Fastify answering a JSON POST, in its own process like the exchange. */
export async function startHello() {
  const port = await freePort();
  const code = `
    const app = require('fastify')({ logger: false });
    app.post('/hello', async (req) => ({ code: 0, data: { echo: req.body?.symbol ?? null }, message: 'ok' }));
    app.get('/', async () => 'ok');
    app.listen({ port: ${port}, host: '127.0.0.1' });`;
  const child = spawn(process.execPath, ['-e', code], { cwd: join(root, 'apps/server'), stdio: 'ignore' });
  await waitFor(`http://127.0.0.1:${port}/`, child, 'hello-world');
  return { url: `http://127.0.0.1:${port}`, stop: () => child.kill('SIGTERM') };
}
