import { describe, expect, it } from 'vitest';
import { backoffDelay, parseMessage, type SocketLike, StreamClient } from '../src/features/stream/client.ts';

class FakeSocket implements SocketLike {
  readyState = 0;
  sent: unknown[] = [];
  onopen: ((ev: unknown) => void) | null = null;
  onclose: ((ev: unknown) => void) | null = null;
  onerror: ((ev: unknown) => void) | null = null;
  onmessage: ((ev: { data: unknown }) => void) | null = null;
  send(data: string) {
    this.sent.push(JSON.parse(data));
  }
  close() {
    this.readyState = 3;
  }
  open() {
    this.readyState = 1;
    this.onopen?.({});
  }
  drop() {
    this.readyState = 3;
    this.onclose?.({});
  }
  push(msg: object) {
    this.onmessage?.({ data: JSON.stringify(msg) });
  }
}

function setup(token: string | null = null) {
  const sockets: FakeSocket[] = [];
  const timers: { fn: () => void; ms: number; id: number }[] = [];
  let next = 0;
  const client = new StreamClient({
    url: 'ws://x/ws',
    createSocket: () => {
      const s = new FakeSocket();
      sockets.push(s);
      return s;
    },
    getToken: () => token,
    setTimer: (fn, ms) => {
      const id = ++next;
      timers.push({ fn, ms, id });
      return id;
    },
    clearTimer: (h) => {
      const i = timers.findIndex((t) => t.id === h);
      if (i !== -1) timers.splice(i, 1);
    },
    random: () => 0.5,
  });
  // Runs the reconnect timer (the only one that is not a heartbeat).
  const fireReconnect = () => {
    const t = timers.find((x) => x.ms !== 20_000);
    if (!t) throw new Error('no reconnect scheduled');
    timers.splice(timers.indexOf(t), 1);
    t.fn();
  };
  return { client, sockets, timers, fireReconnect };
}

describe('stream client reconnect', () => {
  it('backs off exponentially up to a ceiling', () => {
    const mid = () => 0.5;
    expect([0, 1, 2, 3, 4, 5, 10].map((a) => backoffDelay(a, mid))).toEqual([
      500, 1000, 2000, 4000, 8000, 15000, 15000,
    ]);
    expect(backoffDelay(0, () => 0)).toBe(400);
    expect(backoffDelay(0, () => 0.999999)).toBe(600);
  });

  it('connects on the first subscription and subscribes once per channel', () => {
    const { client, sockets } = setup();
    const off1 = client.subscribe('depth:BTC_USDC', () => {});
    client.subscribe('depth:BTC_USDC', () => {});
    expect(sockets).toHaveLength(1);
    sockets[0]?.open();
    expect(client.getStatus()).toBe('open');
    expect(sockets[0]?.sent).toEqual([{ op: 'subscribe', channels: ['depth:BTC_USDC'] }]);
    off1();
    expect(sockets[0]?.sent).toHaveLength(1);
  });

  it('reconnects with growing delays and resubscribes everything', () => {
    const { client, sockets, timers, fireReconnect } = setup();
    client.subscribe('trades:ETH_USDC', () => {});
    client.subscribe('ticker', () => {});
    sockets[0]?.open();
    sockets[0]?.drop();
    expect(client.getStatus()).toBe('reconnecting');
    expect(timers.find((t) => t.ms !== 20_000)?.ms).toBe(500);
    fireReconnect();
    sockets[1]?.drop();
    expect(timers.find((t) => t.ms !== 20_000)?.ms).toBe(1000);
    fireReconnect();
    sockets[2]?.open();
    expect(client.getStatus()).toBe('open');
    expect(sockets[2]?.sent).toEqual([{ op: 'subscribe', channels: ['trades:ETH_USDC', 'ticker'] }]);
    // A success resets the backoff.
    sockets[2]?.drop();
    expect(timers.find((t) => t.ms !== 20_000)?.ms).toBe(500);
  });

  it('authenticates first and subscribes private channels only after authed', () => {
    const { client, sockets } = setup('tok');
    client.subscribe('orders', () => {});
    client.subscribe('depth:BTC_USDC', () => {});
    sockets[0]?.open();
    expect(sockets[0]?.sent).toEqual([
      { op: 'auth', token: 'tok' },
      { op: 'subscribe', channels: ['depth:BTC_USDC'] },
    ]);
    sockets[0]?.push({ op: 'authed', code: 0 });
    expect(sockets[0]?.sent.at(-1)).toEqual({ op: 'subscribe', channels: ['orders'] });
  });

  it('delivers pushes to the channel handlers and resubscribes on request', () => {
    const { client, sockets } = setup();
    const got: unknown[] = [];
    client.subscribe('depth:BTC_USDC', (m) => got.push(m));
    sockets[0]?.open();
    sockets[0]?.push({ channel: 'depth:BTC_USDC', type: 'delta', seq: 7, data: { bids: [], asks: [] } });
    sockets[0]?.push({ channel: 'depth:ETH_USDC', type: 'delta', seq: 1, data: {} });
    expect(got).toEqual([{ channel: 'depth:BTC_USDC', kind: 'delta', seq: 7, data: { bids: [], asks: [] } }]);
    client.resubscribe('depth:BTC_USDC');
    expect(sockets[0]?.sent.slice(-2)).toEqual([
      { op: 'unsubscribe', channels: ['depth:BTC_USDC'] },
      { op: 'subscribe', channels: ['depth:BTC_USDC'] },
    ]);
  });

  it('treats a silent socket as dead after a ping goes unanswered', () => {
    const { client, sockets, timers } = setup();
    client.subscribe('ticker', () => {});
    sockets[0]?.open();
    timers.find((t) => t.ms === 20_000)?.fn();
    expect(sockets[0]?.sent.at(-1)).toEqual({ op: 'ping' });
    const second = timers.filter((t) => t.ms === 20_000).at(-1);
    second?.fn();
    expect(client.getStatus()).toBe('reconnecting');
  });

  it('stop() closes and does not reconnect', () => {
    const { client, sockets, timers } = setup();
    client.subscribe('ticker', () => {});
    sockets[0]?.open();
    client.stop();
    sockets[0]?.drop();
    expect(client.getStatus()).toBe('idle');
    expect(timers.filter((t) => t.ms !== 20_000)).toHaveLength(0);
  });

  it('parses acks, pushes and garbage', () => {
    expect(parseMessage('{"op":"pong","code":0}')).toEqual({ ack: 'pong', code: 0 });
    expect(parseMessage('nope')).toBeNull();
    expect(parseMessage({ ch: 'ticker', data: [1] })).toEqual({
      channel: 'ticker',
      kind: undefined,
      seq: undefined,
      data: [1],
    });
    expect(parseMessage({ channel: 'depth:A', data: { seq: '12', type: 'snapshot' } })).toMatchObject({
      seq: 12,
      kind: 'snapshot',
    });
  });
});
