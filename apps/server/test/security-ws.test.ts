// Issue 7 item 2: private WebSocket streams are readable only by their owner. The attack runs against a
// listening server with a real WebSocket client: an anonymous socket (and another logged-in user) asks
// for the internal per-user topics `orders:@<id>`, `balances:@<id>`, `positions:@<id>` by name.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, deposit, registerUser, type TestApp, testApp } from './helpers/testApp.ts';
import { openSocket } from './helpers/ws-client.ts';

describe.each(BACKENDS)('security: private streams on %s', (backend) => {
  let t: TestApp;
  let url: string;
  let victim: { token: string; id: string };
  let attacker: { token: string; id: string };

  beforeAll(async () => {
    t = await testApp(backend);
    const address = await t.app.listen({ host: '127.0.0.1', port: 0 });
    url = `${address.replace('http', 'ws')}/ws`;
    const v = await registerUser(t, 'victim-ws@example.com');
    const a = await registerUser(t, 'attacker-ws@example.com');
    victim = { token: v.token, id: v.user.id };
    attacker = { token: a.token, id: a.user.id };
    await deposit(t, victim.id, 'USDC', 10_000_000_000n);
  });
  afterAll(async () => {
    await t.close();
  });

  const socket = () => openSocket(url);

  const topics = (id: string) => [`orders:@${id}`, `balances:@${id}`, `positions:@${id}`];

  it('an anonymous socket asking for orders:@<id>, balances:@<id>, positions:@<id> gets nothing of them', async () => {
    const anon = await socket();
    anon.send({ op: 'subscribe', channels: topics(victim.id), id: 'a' });
    expect(await anon.next((m) => m.op !== undefined)).toMatchObject({
      op: 'error',
      code: 422,
      channels: topics(victim.id),
    });
    // A logged-in attacker asking for the victim's topics is refused the same way.
    const other = await socket();
    other.send({ op: 'auth', token: attacker.token });
    await other.next((m) => m.op === 'authed');
    other.send({ op: 'subscribe', channels: [...topics(victim.id), 'orders'], id: 'b' });
    expect(await other.next((m) => m.op === 'error')).toMatchObject({
      code: 422,
      channels: topics(victim.id),
    });
    expect(await other.next((m) => m.op === 'subscribed')).toMatchObject({ channels: ['orders'] });
    // The victim's own socket sees the event: proof that one was published while the others listened.
    const own = await socket();
    own.send({ op: 'auth', token: victim.token });
    await own.next((m) => m.op === 'authed');
    own.send({ op: 'subscribe', channels: ['orders', 'balances'] });
    await own.next((m) => m.op === 'subscribed');
    const placed = await t.call<{ id: string }>('POST', '/api/app/spot/orders', {
      token: victim.token,
      body: { symbol: 'ETH_USDC', side: 'buy', type: 'limit', price: '100.00', quantity: '1' },
    });
    expect(placed.status).toBe(200);
    expect(await own.next((m) => m.channel === 'orders')).toMatchObject({
      data: { event: 'accepted', order_id: placed.body.data.id },
    });
    await own.next((m) => m.channel === 'balances');
    // Give any leak time to arrive, then check that neither attacker socket got a push.
    await new Promise((r) => setTimeout(r, 200));
    expect(anon.inbox.filter((m) => m.channel !== undefined)).toEqual([]);
    expect(other.inbox.filter((m) => m.channel !== undefined)).toEqual([]);
    for (const s of [anon, other, own]) s.ws.terminate();
  });

  it('unknown or malformed channel names are refused, public ones still work anonymously', async () => {
    const anon = await socket();
    const bad = [
      `orders:${victim.id}`,
      'orders:@',
      'depth:NOPE_USDC',
      'kline:BTC_USDC:2m',
      'mark:BTC_USDC',
      'depth:BTC_USDC:x',
    ];
    anon.send({ op: 'subscribe', channels: [...bad, 'depth:BTC_USDC', 'mark:BTC_USDC_PERP'] });
    expect(await anon.next((m) => m.op === 'error')).toMatchObject({ code: 422, channels: bad });
    expect(await anon.next((m) => m.op === 'subscribed')).toMatchObject({
      channels: ['depth:BTC_USDC', 'mark:BTC_USDC_PERP'],
    });
    expect(await anon.next((m) => m.channel === 'depth:BTC_USDC')).toMatchObject({ type: 'snapshot' });
    // The bare private name before auth: 401, and no flow.
    anon.send({ op: 'subscribe', channels: ['orders'] });
    expect(await anon.next((m) => m.op === 'error')).toMatchObject({ code: 401, channels: ['orders'] });
    anon.ws.terminate();
  });
});
