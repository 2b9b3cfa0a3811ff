import { afterEach, describe, expect, it, vi } from 'vitest';
import { fetchEarly, startEarlyData } from '../src/app/early-data.ts';

// ADR 087: the first screen's GETs start in boot.ts; the SDK takes an answer only for the same GET,
// token and language, once, and its own signal still cancels.
const storage = (values: Record<string, string>) => ({ getItem: (k: string) => values[k] ?? null });
const sdkInit = (token: string | null, lang = 'de', extra: RequestInit = {}): RequestInit => ({
  method: 'GET',
  headers: {
    Accept: 'application/json, text/plain, */*',
    'Accept-Language': lang,
    ...(token ? { Authorization: `Bearer ${token}` } : {}),
  },
  ...extra,
});

describe('early data of the first screen', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('starts the screen’s GETs with the stored token and language, and hands each answer to the SDK once', async () => {
    const calls: [string, RequestInit | undefined][] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        calls.push([url, init]);
        return new Response(JSON.stringify({ code: 0, data: url }));
      }),
    );
    startEarlyData('/SpotOpe', storage({ token: 't1', lang: 'en' }), 'token', 'lang');
    const started = calls.map(([url]) => url);
    expect(started).toEqual([
      '/api/app/config',
      '/api/app/market/coins',
      '/api/app/wallet/balances',
      '/api/app/spot/orders?status=open&limit=100',
    ]);
    expect(new Headers(calls[1]?.[1]?.headers).get('Authorization')).toBe('Bearer t1');
    expect(new Headers(calls[1]?.[1]?.headers).get('Accept-Language')).toBe('en');

    // The SDK's request for the same address, token and language takes the early answer...
    const first = await fetchEarly('/api/app/market/coins', sdkInit('t1', 'en'));
    expect(await first.json()).toEqual({ code: 0, data: '/api/app/market/coins' });
    expect(calls).toHaveLength(4);
    // ...once: asking again goes to the network.
    await fetchEarly('/api/app/market/coins', sdkInit('t1', 'en'));
    expect(calls).toHaveLength(5);
    // Another token (a login since) or another language: the network, never the early answer.
    await fetchEarly('/api/app/wallet/balances', sdkInit('t2', 'en'));
    await fetchEarly('/api/app/config', sdkInit('t1', 'de'));
    expect(calls.map(([url]) => url).slice(5)).toEqual(['/api/app/wallet/balances', '/api/app/config']);
  });

  it('signed out: only the public GETs; other screens start nothing; a POST never takes an early answer', async () => {
    const calls: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        calls.push(url);
        return new Response('{}');
      }),
    );
    startEarlyData('/', storage({}), 'token', 'lang');
    expect(calls).toEqual(['/api/app/config', '/api/app/market/coins']);
    startEarlyData('/My', storage({ token: 't' }), 'token', 'lang');
    expect(calls).toHaveLength(2);
    await fetchEarly('/api/app/market/coins', sdkInit(null, 'de', { method: 'POST' }));
    expect(calls).toHaveLength(3);
  });

  it('the SDK’s signal still cancels a request answered early', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>(() => {})),
    );
    startEarlyData('/Login', storage({}), 'token', 'lang');
    const controller = new AbortController();
    const pending = fetchEarly('/api/app/config', sdkInit(null, 'de', { signal: controller.signal }));
    controller.abort();
    await expect(pending).rejects.toThrow(/abort/i);
  });
});
