import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  ApiError,
  CancelledError,
  createClient,
  DEFAULT_TIMEOUT_MS,
  isCancel,
  NETWORK_CODE,
  TIMEOUT_CODE,
} from '../src/index.ts';
import { type Harness, harness, memoryStorage, ok, startServer, untilRequests } from './server.ts';

let h: Harness | undefined;
afterEach(async () => {
  vi.useRealTimers();
  await h?.server.close();
  h = undefined;
});

/** Resolves when the server notices that the client dropped a request. */
async function untilAborted(server: Harness['server'], count: number): Promise<void> {
  while (server.aborted.length < count) await new Promise((resolve) => setTimeout(resolve, 1));
}

describe('a cancelled request is ignored (spec 8)', () => {
  it('rejects with a recognisable CancelledError, no toast, no logout, and drops the connection', async () => {
    h = await harness({}, { token: 't' });
    h.server.route('GET', '/slow', () => {}); // never answers
    const controller = new AbortController();
    const call = h.client.get('/slow', undefined, { signal: controller.signal });
    await untilRequests(h.server, 1);
    controller.abort();
    const error = await call.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CancelledError);
    expect(isCancel(error)).toBe(true);
    expect(isCancel(new Error('x'))).toBe(false);
    await untilAborted(h.server, 1);
    expect(h.toasts).toEqual([]);
    expect(h.logouts).toBe(0);
    expect(h.storage.map.get('token')).toBe('t');
  });

  it('an already aborted signal sends nothing', async () => {
    h = await harness();
    const call = h.client.get('/x', undefined, { signal: AbortSignal.abort() });
    await expect(call).rejects.toBeInstanceOf(CancelledError);
    expect(h.server.requests).toHaveLength(0);
  });

  it('one caller cancelling a shared request does not cancel it for the others', async () => {
    h = await harness();
    const pending: Array<() => void> = [];
    h.server.route('GET', '/x', (_req, res) => pending.push(() => ok(res, 'both')));
    const controller = new AbortController();
    const cancelled = h.client.get('/x', undefined, { signal: controller.signal });
    const kept = h.client.get('/x');
    await untilRequests(h.server, 1);
    controller.abort();
    await expect(cancelled).rejects.toBeInstanceOf(CancelledError);
    for (const respond of pending) respond();
    await expect(kept).resolves.toBe('both');
    expect(h.server.requests).toHaveLength(1);
    expect(h.server.aborted).toHaveLength(0);
  });

  it('after every sharer cancelled, the next identical call starts a fresh request', async () => {
    h = await harness();
    let calls = 0;
    h.server.route('GET', '/x', (_req, res) => {
      calls += 1;
      if (calls > 1) ok(res, 'fresh');
    });
    const controller = new AbortController();
    const first = h.client.get('/x', undefined, { signal: controller.signal });
    await untilRequests(h.server, 1);
    controller.abort();
    await expect(first).rejects.toBeInstanceOf(CancelledError);
    await expect(h.client.get('/x')).resolves.toBe('fresh');
    expect(h.server.requests).toHaveLength(2);
  });
});

describe('time-out (spec 7, 9)', () => {
  it('defaults to 60000 ms', () => {
    expect(DEFAULT_TIMEOUT_MS).toBe(60_000);
  });

  it('a request with no answer within the time-out rejects with a toast', async () => {
    h = await harness({ timeoutMs: 20, fallbackMessage: (reason) => `failed: ${reason}` });
    h.server.route('GET', '/slow', () => {});
    const error = await h.client.get('/slow').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(isCancel(error)).toBe(false);
    expect(error).toMatchObject({
      kind: 'timeout',
      code: TIMEOUT_CODE,
      status: 0,
      message: 'failed: timeout',
    });
    expect(h.toasts).toEqual([['failed: timeout', 2000]]);
    expect(h.logouts).toBe(0);
  });

  it('the default client waits the full 60000 ms, not less', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    h = await harness();
    h.server.route('GET', '/slow', () => {});
    let settled: unknown = 'pending';
    h.client.get('/slow').catch((e: unknown) => {
      settled = e;
    });
    await untilRequests(h.server, 1);
    await vi.advanceTimersByTimeAsync(59_999);
    expect(settled).toBe('pending');
    await vi.advanceTimersByTimeAsync(1);
    vi.useRealTimers();
    while (settled === 'pending') await new Promise((resolve) => setImmediate(resolve));
    expect(settled).toMatchObject({ kind: 'timeout' });
  });

  it('a time-out of 0 means none (the HTTP layer default)', async () => {
    h = await harness({ timeoutMs: 0 });
    const pending: Array<() => void> = [];
    h.server.route('GET', '/x', (_req, res) => pending.push(() => ok(res, 'late')));
    const call = h.client.get('/x');
    await untilRequests(h.server, 1);
    await new Promise((resolve) => setTimeout(resolve, 30));
    for (const respond of pending) respond();
    await expect(call).resolves.toBe('late');
  });
});

describe('network failure', () => {
  it('rejects with a network ApiError and a toast', async () => {
    const server = await startServer();
    const baseUrl = server.baseUrl;
    await server.close(); // nothing listens on the port any more
    const toasts: string[] = [];
    const client = createClient({ baseUrl, storage: memoryStorage(), toast: (m) => toasts.push(m) });
    await expect(client.get('/x')).rejects.toMatchObject({ kind: 'network', code: NETWORK_CODE, status: 0 });
    expect(toasts).toHaveLength(1);
  });
});
