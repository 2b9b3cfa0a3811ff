// Issue 8 (the private-stream part): a contract conditional order (stop, trailing stop) placed,
// amended, triggered, cancelled or cancelled with everything else, and any amended order, reaches
// its owner's private `orders` stream on /ws, and nobody else's. Real WebSockets against two
// listening servers on one database: the writer's own app (the `all` and `engine` roles) and a
// gateway app built on a ReplicaEngine fed by the writer's committed journal (ADR 172).

import { ResultCode } from '@ex/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, buildApp } from '../src/app.ts';
import { BOT_USERS } from '../src/bot/users.ts';
import type { EngineHost } from '../src/engine/host.ts';
import { ReplicaEngine } from '../src/engine/replica.ts';
import { engineDb } from '../src/engine/tables.ts';
import { inProcessTransport, reviveError } from '../src/engine/transport.ts';
import { mustMarket } from '../src/engine/units.ts';
import { BACKENDS, contractTrader, type TestApp, testApp } from './helpers/testApp.ts';
import { authedSocket, type WsClient, type WsMsg } from './helpers/ws-client.ts';

const SYMBOL = 'BTC_USDC_PERP';

describe.each(BACKENDS)('private order pushes on every role on %s', (backend) => {
  let t: TestApp;
  let gateway: App;
  let detach: () => void;
  const urls: Record<'all' | 'gateway', string> = { all: '', gateway: '' };
  const users: Record<'a' | 'b' | 'c', { token: string; id: string }> = {} as never;
  /** The owner's sockets (one per role) and another user's (one per role). */
  let owner: WsClient[];
  let other: WsClient[];

  const index = (ticks: bigint) =>
    t.services.engine.submit(({ ts }) => ({ type: 'priceUpdate', ts, symbol: SYMBOL, indexPrice: ticks }));

  beforeAll(async () => {
    t = await testApp(backend);
    const writer = t.services.engine as EngineHost;
    const transport = inProcessTransport(writer);
    const replica = await ReplicaEngine.start({
      edb: engineDb(t.db),
      link: transport.link,
      botUsers: BOT_USERS,
      reviveError,
    });
    detach = transport.feed(replica);
    gateway = await buildApp({
      config: t.config,
      db: t.db,
      clock: t.clock,
      logger: false,
      engine: replica,
      jobs: false,
    });
    for (const [role, app] of [
      ['all', t.app],
      ['gateway', gateway.app],
    ] as const) {
      const address = await app.listen({ host: '127.0.0.1', port: 0 });
      urls[role] = `${address.replace('http', 'ws')}/ws`;
    }
    for (const k of ['a', 'b', 'c'] as const) users[k] = await contractTrader(t, `push-${k}@example.com`);
    expect((await index(9_700_000n)).code).toBe(ResultCode.OK);
    owner = [
      await authedSocket(urls.all, users.a.token, ['orders']),
      await authedSocket(urls.gateway, users.a.token, ['orders']),
    ];
    other = [
      await authedSocket(urls.all, users.b.token, ['orders']),
      await authedSocket(urls.gateway, users.b.token, ['orders']),
    ];
  });
  afterAll(async () => {
    for (const s of [...(owner ?? []), ...(other ?? [])]) s.ws.terminate();
    detach?.();
    await gateway?.app.close();
    await t?.close();
  });

  const place = (who: 'a' | 'c', body: Record<string, unknown>) =>
    t.call<{ id: string }>('POST', '/api/app/contract/orders', {
      token: users[who].token,
      body: { symbol: SYMBOL, quantity: '0.01', leverage: 10, margin_mode: 'cross', ...body },
    });
  /** The same push, read from the owner's socket on each role. */
  const pushed = async (pred: (d: Record<string, unknown>) => boolean): Promise<WsMsg['data'][]> => {
    const got: WsMsg['data'][] = [];
    for (const s of owner) got.push((await s.next((m) => m.channel === 'orders' && pred(m.data ?? {}))).data);
    expect(got[1]).toEqual(got[0]);
    return got;
  };
  const about = (id: string, event: string) => (d: Record<string, unknown>) =>
    d.order_id === id && d.event === event;

  it('a stop-limit placed, amended and cancelled; a resting order amended: each reaches the owner', async () => {
    const stop = await place('a', {
      action: 'open_long',
      type: 'stop_limit',
      price: '98100',
      trigger_price: '98000',
    });
    expect(stop.status).toBe(200);
    const id = stop.body.data.id;
    const [placed] = await pushed(about(id, 'accepted'));
    expect(placed).toEqual({
      event: 'accepted',
      symbol: SYMBOL,
      order_id: id,
      kind: 'perp',
      trigger_price: '98000.00',
      trigger_by: 'mark',
    });

    const moved = await t.call('POST', `/api/app/contract/orders/${id}/amend`, {
      token: users.a.token,
      body: { trigger_price: '98500', price: '98600' },
    });
    expect(moved.status).toBe(200);
    const [amended] = await pushed(about(id, 'amended'));
    expect(amended).toEqual({
      event: 'amended',
      symbol: SYMBOL,
      order_id: id,
      price: '98600.00',
      qty: '0.01000',
      trigger_price: '98500.00',
      trigger_by: 'mark',
    });

    // An ordinary resting order amended (through the gateway this time) is pushed too.
    const rest = await place('a', { action: 'open_long', type: 'limit', price: '96000' });
    await pushed(about(rest.body.data.id, 'accepted'));
    const bigger = await gateway.app.inject({
      method: 'POST',
      url: `/api/app/contract/orders/${rest.body.data.id}/amend`,
      headers: { authorization: `Bearer ${users.a.token}` },
      payload: { quantity: '0.02', price: '96100' },
    });
    expect(bigger.statusCode).toBe(200);
    const [restAmended] = await pushed(about(rest.body.data.id, 'amended'));
    expect(restAmended).toEqual({
      event: 'amended',
      symbol: SYMBOL,
      order_id: rest.body.data.id,
      price: '96100.00',
      qty: '0.02000',
    });

    const cancelled = await t.call('DELETE', `/api/app/contract/orders/${id}`, { token: users.a.token });
    expect(cancelled.status).toBe(200);
    const [gone] = await pushed(about(id, 'cancelled'));
    expect(gone).toMatchObject({ symbol: SYMBOL, order_id: id, reason: 'user' });

    // Cancel-all takes the resting order and both kinds of waiting order, each pushed.
    const stop2 = await place('a', { action: 'open_long', type: 'stop_market', trigger_price: '99000' });
    const trail = await place('a', { action: 'open_short', type: 'trailing_stop', callback_rate: '1' });
    await pushed(about(stop2.body.data.id, 'accepted'));
    const [trailPlaced] = await pushed(about(trail.body.data.id, 'accepted'));
    expect(trailPlaced).toMatchObject({ kind: 'perp', trigger_by: 'mark' });
    const all = await t.call<{ cancelled: number }>('POST', '/api/app/contract/orders/cancel-all', {
      token: users.a.token,
      body: { symbol: SYMBOL },
    });
    expect(all.body.data.cancelled).toBe(3);
    for (const o of [rest.body.data.id, stop2.body.data.id, trail.body.data.id])
      expect((await pushed(about(o, 'cancelled')))[0]).toMatchObject({ reason: 'user' });
  });

  it('a stop-market that fires: triggered, then accepted and traded under the same id', async () => {
    // c rests an offer for the stop to buy from.
    expect((await place('c', { action: 'open_short', type: 'limit', price: '98500' })).status).toBe(200);
    const stop = await place('a', { action: 'open_long', type: 'stop_market', trigger_price: '97500' });
    expect(stop.status).toBe(200);
    const id = stop.body.data.id;
    await pushed(about(id, 'accepted'));
    expect((await index(9_800_000n)).code).toBe(ResultCode.OK);
    const [fired] = await pushed(about(id, 'triggered'));
    expect(fired).toEqual({
      event: 'triggered',
      symbol: SYMBOL,
      order_id: id,
      qty: '0.01000',
      trigger_price: '97500.00',
      trigger_by: 'mark',
    });
    await pushed(about(id, 'accepted'));
    const [trade] = await pushed(about(id, 'trade'));
    expect(trade).toMatchObject({ price: '98500.00', qty: '0.01000' });
  });

  it('a spot amend (an engine command; no HTTP route) is pushed with what changed', async () => {
    const placed = await t.call<{ id: string }>('POST', '/api/app/spot/orders', {
      token: users.a.token,
      body: { symbol: 'ETH_USDC', side: 'buy', type: 'limit', price: '100.00', quantity: '1' },
    });
    expect(placed.status).toBe(200);
    const id = placed.body.data.id;
    await pushed(about(id, 'accepted'));
    const resting = t.services.engine.engine.spot.book('ETH_USDC')!.order(id)!;
    const qty = Math.floor(resting.qty / 2);
    const r = await t.services.engine.submit({
      type: 'spotAmend',
      symbol: 'ETH_USDC',
      orderId: id,
      userId: users.a.id,
      qty,
    });
    expect(r.code).toBe(ResultCode.OK);
    const [amended] = await pushed(about(id, 'amended'));
    expect(amended).toEqual({
      event: 'amended',
      symbol: 'ETH_USDC',
      order_id: id,
      qty: mustMarket('ETH_USDC').qty(qty),
    });
  });

  it("another user's sockets on either role got none of it", async () => {
    // Give any leak time to arrive.
    await new Promise((r) => setTimeout(r, 200));
    for (const s of other) expect(s.inbox.filter((m) => m.channel !== undefined)).toEqual([]);
  });
});
