import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spotLimit } from './helpers/spot.ts';
import { BACKENDS, deposit, registerUser, type TestApp, testApp } from './helpers/testApp.ts';

type Msg = Record<string, unknown> & { channel?: string; op?: string; seq?: number; data?: unknown };

describe.each(BACKENDS)('ws streams on %s', (backend) => {
  let t: TestApp;
  let user: { token: string; id: string };
  beforeAll(async () => {
    t = await testApp(backend);
    const u = await registerUser(t, 'stream@example.com');
    user = { token: u.token, id: u.user.id };
    for (const [asset, amount] of [
      ['USDC', 100_000_000_000n],
      ['BTC', 100_000_000n],
    ] as const) {
      await deposit(t, user.id, asset, amount);
    }
  });
  afterAll(async () => {
    await t.close();
  });

  async function socket() {
    const ws = await t.app.injectWS('/ws');
    const inbox: Msg[] = [];
    const waiters: { pred: (m: Msg) => boolean; resolve: (m: Msg) => void }[] = [];
    ws.on('message', (raw: Buffer) => {
      const m = JSON.parse(raw.toString()) as Msg;
      const w = waiters.findIndex((x) => x.pred(m));
      if (w >= 0) waiters.splice(w, 1)[0]!.resolve(m);
      else inbox.push(m);
    });
    const next = (pred: (m: Msg) => boolean) =>
      new Promise<Msg>((resolve) => {
        const i = inbox.findIndex(pred);
        if (i >= 0) resolve(inbox.splice(i, 1)[0]!);
        else waiters.push({ pred, resolve });
      });
    return { ws, next, send: (m: unknown) => ws.send(JSON.stringify(m)) };
  }

  it('depth: snapshot, then a delta with seq + 1 after an order over HTTP; trades and klines', async () => {
    const s = await socket();
    s.send({
      op: 'subscribe',
      channels: ['depth:BTC_USDC', 'trades:BTC_USDC', 'kline:BTC_USDC:1m', 'ticker'],
    });
    expect(await s.next((m) => m.op === 'subscribed')).toMatchObject({ code: 0 });
    const snap = await s.next((m) => m.channel === 'depth:BTC_USDC' && m.type === 'snapshot');
    const seq0 = snap.seq!;
    const placed = await t.call('POST', '/api/app/spot/orders', {
      token: user.token,
      body: { symbol: 'BTC_USDC', side: 'sell', type: 'limit', price: '97000.00', quantity: '0.01' },
    });
    expect(placed.status).toBe(200);
    const delta = await s.next((m) => m.channel === 'depth:BTC_USDC' && m.type === 'delta');
    expect(delta.seq).toBe(seq0 + 1);
    expect(delta.data).toMatchObject({ asks: [['97000.00', '0.01000']], bids: [] });
    // A second user takes it: a trade, a kline and a ticker follow.
    const taker = await registerUser(t, 'taker@example.com');
    await t.services.engine.submit(({ ts, id }) => ({
      type: 'deposit',
      ts,
      id,
      userId: taker.user.id,
      asset: 'USDC',
      amount: 10_000_000_000n,
    }));
    await t.call('POST', '/api/app/spot/orders', {
      token: taker.token,
      body: { symbol: 'BTC_USDC', side: 'buy', type: 'limit', price: '97000.00', quantity: '0.01' },
    });
    expect(await s.next((m) => m.channel === 'trades:BTC_USDC')).toMatchObject({
      data: [{ price: '97000.00', qty: '0.01000', side: 'buy' }],
    });
    const k = await s.next((m) => m.channel === 'kline:BTC_USDC:1m');
    expect((k.data as unknown[])[4]).toBe('97000.00');
    expect(await s.next((m) => m.channel === 'ticker')).toMatchObject({
      data: { symbol: 'BTC_USDC', last: '97000.00' },
    });
    const delta2 = await s.next((m) => m.channel === 'depth:BTC_USDC' && m.type === 'delta');
    expect(delta2.seq).toBe(seq0 + 2);
    // REST agrees.
    const depth = await t.call<{ seq: number; asks: unknown[] }>(
      'GET',
      '/api/app/market/depth?symbol=BTC_USDC',
    );
    expect(depth.body.data.seq).toBe(seq0 + 2);
    const trades = await t.call<unknown[]>('GET', '/api/app/market/trades?symbol=BTC_USDC&limit=5');
    expect(trades.body.data).toHaveLength(1);
    const klines = await t.call<unknown[][]>('GET', '/api/app/market/klines?symbol=BTC_USDC&interval=1h');
    expect(klines.body.data[0]!.slice(1)).toEqual([
      '97000.00',
      '97000.00',
      '97000.00',
      '97000.00',
      '0.01000',
    ]);
    const coins = await t.call<{ symbol: string; last: string; volume: string; amount: string }[]>(
      'GET',
      '/api/app/market/coins',
    );
    expect(coins.body.data.find((c) => c.symbol === 'BTC_USDC')).toMatchObject({
      last: '97000.00',
      volume: '0.01000',
      amount: '970.00',
    });
    s.ws.terminate();
  });

  it('one commit: its depth changes as one delta (first_seq..seq, each level at its last total), its trades as one list, each candle once (ADR 210)', async () => {
    const s = await socket();
    s.send({ op: 'subscribe', channels: ['depth:BTC_USDC', 'trades:BTC_USDC', 'kline:BTC_USDC:1m'] });
    await s.next((m) => m.op === 'subscribed');
    const seq0 = (await s.next((m) => m.channel === 'depth:BTC_USDC' && m.type === 'snapshot')).seq!;
    const buyer = await registerUser(t, 'commit-buyer@example.com');
    await deposit(t, buyer.user.id, 'USDC', 10_000_000_000n);
    // 98,000.00 USDC is 9,800,000 ticks of 0.01; 0.01 BTC is 100 lots of 0.0001.
    const place = (userId: string, side: 'buy' | 'sell', price: number, qty: number) =>
      t.services.engine.submit(spotLimit(userId, side, price, qty));
    // The writer takes what is queued when it starts a batch: the first command runs alone, the four
    // queued behind it in the same tick commit together.
    const first = t.services.engine.submit({ type: 'deposit', userId: user.id, asset: 'USDC', amount: 1n });
    const done = await Promise.all([
      first,
      place(user.id, 'sell', 9_800_000, 100),
      place(user.id, 'sell', 9_800_000, 200),
      place(user.id, 'sell', 9_810_000, 100),
      // Takes 0.01 of the first sell and 0.01 of the second: two trades, 0.01 left at 98,000.
      place(buyer.user.id, 'buy', 9_800_000, 200),
    ]);
    for (const r of done) expect(r.code).toBe(0);
    expect(new Set(done.slice(1).map((r) => r.seq! - done[1]!.seq!))).toEqual(new Set([0, 1, 2, 3]));
    s.send({ op: 'ping', id: 'after' });
    await s.next((m) => m.op === 'pong');
    const delta = await s.next((m) => m.channel === 'depth:BTC_USDC' && m.type === 'delta');
    expect(delta).toMatchObject({ seq: seq0 + 4, first_seq: seq0 + 1 });
    expect(delta.data).toEqual({
      bids: [],
      asks: [
        ['98000.00', '0.01000'],
        ['98100.00', '0.01000'],
      ],
      seq: seq0 + 4,
      first_seq: seq0 + 1,
    });
    const trades = await s.next((m) => m.channel === 'trades:BTC_USDC');
    const list = trades.data as { id: string; price: string; qty: string; side: string; ts: number }[];
    expect(list).toHaveLength(2);
    expect(list.map((x) => [x.price, x.qty, x.side])).toEqual([
      ['98000.00', '0.01000', 'buy'],
      ['98000.00', '0.01000', 'buy'],
    ]);
    // Newest first, as GET /market/trades lists them.
    const rest = await t.call<{ id: string }[]>('GET', '/api/app/market/trades?symbol=BTC_USDC&limit=2');
    expect(list.map((x) => x.id)).toEqual(rest.body.data.map((x) => x.id));
    // The pong came after everything the commit sent: nothing else of it is waiting.
    await new Promise((r) => setTimeout(r, 200));
    s.send({ op: 'ping', id: 'end' });
    await s.next((m) => m.op === 'pong');
    const k = await s.next((m) => m.channel === 'kline:BTC_USDC:1m');
    expect((k.data as unknown[])[4]).toBe('98000.00');
    const rest1m = await t.call<unknown[][]>(
      'GET',
      '/api/app/market/klines?symbol=BTC_USDC&interval=1m&limit=1',
    );
    expect(k.data).toEqual(rest1m.body.data[0]);
    const more = await Promise.race([
      s.next(
        (m) =>
          m.channel === 'depth:BTC_USDC' ||
          m.channel === 'trades:BTC_USDC' ||
          m.channel === 'kline:BTC_USDC:1m',
      ),
      new Promise((r) => setTimeout(() => r('none'), 300)),
    ]);
    expect(more).toBe('none');
    s.ws.terminate();
  });

  it('private channels need auth and carry only the own events', async () => {
    const s = await socket();
    s.send({ op: 'subscribe', channels: ['orders'], id: 'x' });
    expect(await s.next((m) => m.op !== undefined)).toMatchObject({ op: 'error', code: 401 });
    s.send({ op: 'auth', token: user.token });
    await s.next((m) => m.op === 'authed');
    s.send({ op: 'subscribe', channels: ['orders', 'balances'] });
    await s.next((m) => m.op === 'subscribed');
    const placed = await t.call<{ id: string }>('POST', '/api/app/spot/orders', {
      token: user.token,
      body: { symbol: 'ETH_USDC', side: 'buy', type: 'limit', price: '100.00', quantity: '1' },
    });
    expect(await s.next((m) => m.channel === 'orders')).toMatchObject({
      data: { event: 'accepted', order_id: placed.body.data.id, symbol: 'ETH_USDC' },
    });
    expect(await s.next((m) => m.channel === 'balances')).toMatchObject({ channel: 'balances' });
    s.ws.terminate();
  });

  it('market endpoints refuse bad input', async () => {
    expect((await t.call('GET', '/api/app/market/depth')).status).toBe(422);
    expect((await t.call('GET', '/api/app/market/depth?symbol=BTC_USDC&limit=1000')).status).toBe(422);
    expect((await t.call('GET', '/api/app/market/klines?symbol=BTC_USDC&interval=2m')).status).toBe(422);
    expect((await t.call('GET', '/api/app/market/trades?symbol=NOPE_USDC')).body.code).toBe(2101);
    expect((await t.call('GET', '/api/app/market/depth?symbol=BTC_USDC&x=1')).status).toBe(422);
  });
});
