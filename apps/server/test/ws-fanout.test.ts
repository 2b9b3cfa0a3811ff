import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import { FANOUT_LIMITS } from '../src/http/ws.ts';
import { type TestApp, testApp } from './helpers/testApp.ts';

// Issue 9 item 5: one serialisation per message and channel, however many sockets listen; a slow
// consumer gets a bounded buffer and then a resync instead of holding up others or growing memory.
type Msg = { op?: string; channel?: string; type?: string; seq?: number; resync?: boolean; n?: number };

describe('ws fan-out', () => {
  let t: TestApp;
  let url: string;
  beforeAll(async () => {
    // Fan-out does not depend on the database: PGlite is enough.
    t = await testApp('pglite');
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    url = `ws://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/ws`;
  });
  afterAll(() => t?.close());

  async function client(channels: string[]) {
    const ws = new WebSocket(url);
    const inbox: Msg[] = [];
    ws.on('message', (raw: Buffer) => inbox.push(JSON.parse(raw.toString()) as Msg));
    await new Promise((ok, fail) => {
      ws.once('open', ok);
      ws.once('error', fail);
    });
    ws.send(JSON.stringify({ op: 'subscribe', channels }));
    await vi.waitFor(() => expect(inbox.some((m) => m.op === 'subscribed')).toBe(true));
    return { ws, inbox };
  }

  it('serialises each message once per channel for 100 subscribers, and every one receives it', async () => {
    const clients = await Promise.all(Array.from({ length: 100 }, () => client(['trades:BTC_USDC'])));
    const stringify = vi.spyOn(JSON, 'stringify');
    try {
      t.services.pubsub.publish('trades:BTC_USDC', { data: [{ price: '1.00', n: 1 }] });
      const calls = stringify.mock.calls.length;
      expect(calls).toBe(1);
    } finally {
      stringify.mockRestore();
    }
    await vi.waitFor(() => {
      for (const c of clients) expect(c.inbox.filter((m) => m.channel === 'trades:BTC_USDC')).toHaveLength(1);
    });
    for (const c of clients) c.ws.close();
  });

  it('a paused reader is cut off at the high-water mark, others keep up, and it resyncs after', async () => {
    const fast = await client(['depth:BTC_USDC']);
    const slow = await client(['depth:BTC_USDC']);
    const snapshotsBefore = slow.inbox.filter((m) => m.type === 'snapshot').length;
    // Stop reading: the kernel buffers fill, then the server's own queue would grow without bound.
    (slow.ws as unknown as { _socket: { pause(): void } })._socket.pause();
    const filler = 'x'.repeat(8 * 1024);
    const total = 4000; // 32 MB offered, far beyond kernel buffers and the 1 MB high-water mark
    // In batches the fast reader (same process) drains before the next: it never nears the mark,
    // however slow a loaded CI machine runs this process.
    const fastDeltas = () => fast.inbox.filter((m) => m.type === 'delta').length;
    for (let n = 0; n < total; n++) {
      t.services.pubsub.publish('depth:BTC_USDC', { type: 'delta', seq: 1_000_000 + n, n, data: { filler } });
      if (n % 50 === 49) {
        const sent = n + 1;
        await vi.waitFor(() => expect(fastDeltas()).toBe(sent), { timeout: 20_000 });
      }
    }
    // The fast reader got every message, in order.
    await vi.waitFor(() => expect(fast.inbox.filter((m) => m.type === 'delta')).toHaveLength(total), {
      timeout: 20_000,
    });
    const fastSeqs = fast.inbox.filter((m) => m.type === 'delta').map((m) => m.n);
    expect(fastSeqs).toEqual(Array.from({ length: total }, (_, i) => i));

    (slow.ws as unknown as { _socket: { resume(): void } })._socket.resume();
    // It gets what was queued before the cut-off, then a fresh snapshot marked as a resync.
    await vi.waitFor(
      () => expect(slow.inbox.some((m) => m.type === 'snapshot' && m.resync === true)).toBe(true),
      {
        timeout: 20_000,
      },
    );
    const deltas = slow.inbox.filter((m) => m.type === 'delta');
    expect(deltas.length).toBeLessThan(total);
    // What was queued for it stayed within about the high-water mark plus kernel buffers.
    const queuedBytes = deltas.length * (filler.length + 60);
    expect(queuedBytes).toBeLessThan(FANOUT_LIMITS.highWaterBytes + 16 * 1024 * 1024);
    expect(slow.inbox.filter((m) => m.type === 'snapshot').length).toBe(snapshotsBefore + 1);
    // After the resync it receives new messages again.
    t.services.pubsub.publish('depth:BTC_USDC', { type: 'delta', seq: 2_000_000, n: -1, data: {} });
    await vi.waitFor(() => expect(slow.inbox.some((m) => m.n === -1)).toBe(true));
    fast.ws.close();
    slow.ws.close();
  }, 60_000);
});
