import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
