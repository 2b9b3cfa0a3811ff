import { afterEach, describe, expect, it } from 'vitest';
import { type Harness, harness, json, ok, untilRequests } from './server.ts';

let h: Harness;
afterEach(async () => {
  await h.server.close();
});

describe('success at the HTTP level (spec 7, 8)', () => {
  it('resolves with data for HTTP 200 with code 0', async () => {
    h = await harness();
    h.server.route('GET', '/api/app/market/coins', (_req, res) => ok(res, [{ symbol: 'BTC_USDC' }]));
    await expect(h.client.get('/api/app/market/coins')).resolves.toEqual([{ symbol: 'BTC_USDC' }]);
    expect(h.toasts).toEqual([]);
  });

  it('treats any 2xx status as success (201, 204)', async () => {
    h = await harness();
    h.server.route('POST', '/created', (_req, res) =>
      json(res, 201, { code: 0, data: { id: '7' }, message: '' }),
    );
    h.server.route('POST', '/empty', (_req, res) => {
      res.writeHead(204);
      res.end();
    });
    await expect(h.client.post('/created', {})).resolves.toEqual({ id: '7' });
    await expect(h.client.post('/empty')).resolves.toBeNull();
  });

  it('passes a 2xx body without an envelope through as it is', async () => {
    h = await harness();
    h.server.route('GET', '/api/health', (_req, res) => json(res, 200, { status: 'ok' }));
    await expect(h.client.get('/api/health')).resolves.toEqual({ status: 'ok' });
  });
});

describe('headers (spec 7)', () => {
  it('sends Accept-Language de and no Authorization when nothing is stored', async () => {
    h = await harness();
    h.server.route('GET', '/x', (_req, res) => ok(res, null));
    await h.client.get('/x');
    expect(h.server.requests[0]?.headers['accept-language']).toBe('de');
    expect(h.server.requests[0]?.headers.authorization).toBeUndefined();
  });

  it('sends the stored lang and the stored token as a bearer token', async () => {
    h = await harness({}, { lang: 'zh_TW', token: 'tok-1' });
    h.server.route('GET', '/x', (_req, res) => ok(res, null));
    await h.client.get('/x');
    expect(h.server.requests[0]?.headers['accept-language']).toBe('zh_TW');
    expect(h.server.requests[0]?.headers.authorization).toBe('Bearer tok-1');
  });

  it('reads token and lang under the configured keys', async () => {
    h = await harness(
      { tokenKey: 'admin_token', langKey: 'admin_lang' },
      { token: 'user', admin_token: 'op' },
    );
    h.server.route('GET', '/x', (_req, res) => ok(res, null));
    h.client.setLang('en');
    await h.client.get('/x');
    expect(h.server.requests[0]?.headers.authorization).toBe('Bearer op');
    expect(h.server.requests[0]?.headers['accept-language']).toBe('en');
    expect(h.storage.map.get('admin_lang')).toBe('en');
  });

  it('sends JSON bodies with a JSON content type and an Idempotency-Key when given', async () => {
    h = await harness();
    h.server.route('POST', '/api/app/wallet/transfer', (_req, res) => ok(res, null));
    const body = { from: 'spot', to: 'contract', coin: 'USDC', amount: '10.5' };
    await h.client.post('/api/app/wallet/transfer', body, { idempotencyKey: 'k-1' });
    const seen = h.server.requests[0]!;
    expect(seen.headers['content-type']).toBe('application/json');
    expect(seen.headers['idempotency-key']).toBe('k-1');
    expect(JSON.parse(seen.body.toString())).toEqual(body);
  });
});

describe('query strings (spec 7)', () => {
  it('sends arrays as repeated keys and leaves out undefined and null', async () => {
    h = await harness();
    h.server.route('GET', '/api/app/wallet/withdrawals', (_req, res) => ok(res, null));
    await h.client.get('/api/app/wallet/withdrawals', {
      status: ['pending', 'open'],
      page: 2,
      symbol: undefined,
      coin: null,
      mine: true,
    });
    expect(h.server.requests[0]?.url).toBe(
      '/api/app/wallet/withdrawals?status=pending&status=open&page=2&mine=true',
    );
  });
});

describe('identical in-flight requests are shared (spec 7)', () => {
  it('sends one request for identical concurrent calls and gives both the same result', async () => {
    h = await harness({}, { token: 't' });
    const pending: Array<() => void> = [];
    h.server.route('GET', '/api/app/market/depth', (_req, res) => {
      pending.push(() => ok(res, { bids: [], asks: [], ts: 1 }));
    });
    const a = h.client.get('/api/app/market/depth', { symbol: 'BTC_USDC' });
    const b = h.client.get('/api/app/market/depth', { symbol: 'BTC_USDC' });
    await untilRequests(h.server, 1);
    for (const respond of pending) respond();
    const [ra, rb] = await Promise.all([a, b]);
    expect(ra).toEqual({ bids: [], asks: [], ts: 1 });
    expect(rb).toBe(ra);
    expect(h.server.requests).toHaveLength(1);
  });

  it('shares POSTs with the same body, not with a different body, token or method', async () => {
    h = await harness({}, { token: 't1' });
    const pending: Array<() => void> = [];
    const hold = (_req: unknown, res: Parameters<typeof ok>[0]) => pending.push(() => ok(res, 'done'));
    h.server.route('POST', '/p', hold);
    h.server.route('PUT', '/p', hold);
    const calls = [
      h.client.post('/p', { a: 1 }),
      h.client.post('/p', { a: 1 }),
      h.client.post('/p', { a: 2 }),
      h.client.put('/p', { a: 1 }),
    ];
    h.client.setToken('t2');
    calls.push(h.client.post('/p', { a: 1 }));
    await untilRequests(h.server, 4);
    for (const respond of pending) respond();
    await Promise.all(calls);
    expect(h.server.requests).toHaveLength(4);
  });

  it('sends a new request once the first has finished', async () => {
    h = await harness();
    h.server.route('GET', '/x', (_req, res) => ok(res, 1));
    await h.client.get('/x');
    await h.client.get('/x');
    expect(h.server.requests).toHaveLength(2);
  });

  it('shares a failure too, with one toast for one request', async () => {
    h = await harness();
    const pending: Array<() => void> = [];
    h.server.route('GET', '/x', (_req, res) =>
      pending.push(() => json(res, 400, { code: 3001, data: null, message: 'Insufficient balance' })),
    );
    const a = h.client.get('/x');
    const b = h.client.get('/x');
    await untilRequests(h.server, 1);
    for (const respond of pending) respond();
    await expect(a).rejects.toMatchObject({ code: 3001 });
    await expect(b).rejects.toMatchObject({ code: 3001 });
    expect(h.toasts).toEqual([['Insufficient balance', 2000]]);
  });

  it('can be switched off per call', async () => {
    h = await harness();
    const pending: Array<() => void> = [];
    h.server.route('GET', '/x', (_req, res) => pending.push(() => ok(res, 1)));
    const a = h.client.get('/x', undefined, { dedupe: false });
    const b = h.client.get('/x', undefined, { dedupe: false });
    await untilRequests(h.server, 2);
    for (const respond of pending) respond();
    await Promise.all([a, b]);
    expect(h.server.requests).toHaveLength(2);
  });
});
