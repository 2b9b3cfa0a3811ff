// ADR 236: the rate limiter's counts shared by the gateways of a cluster. Two stores on one bus
// stand for two gateways; a store without a bus counts alone, as @fastify/rate-limit's own does.

import { afterEach, describe, expect, it } from 'vitest';
import { type ClusterBus, inProcessBus } from '../src/engine/transport.ts';
import { RATE_SHARE_MS, sharedRateStore } from '../src/http/rate-store.ts';

type Made = ReturnType<typeof sharedRateStore>;

describe('shared rate-limit counts', () => {
  const made: Made[] = [];
  let now = 1_000_000;
  const clock = () => now;
  afterEach(() => {
    for (const m of made.splice(0)) m.close();
  });

  const gateway = (bus: ClusterBus | undefined, id: string) => {
    const m = sharedRateStore({ ...(bus ? { bus } : {}), id, now: clock });
    made.push(m);
    return new m.Store({});
  };
  const hit = (store: ReturnType<typeof gateway>, key: string, window = 60_000) =>
    new Promise<{ current: number; ttl: number }>((ok, fail) =>
      store.incr(key, (error, r) => (error || !r ? fail(error) : ok(r)), window),
    );
  const shared = () => new Promise((ok) => setTimeout(ok, RATE_SHARE_MS * 2 + 50));

  it('counts alone without a bus: a window per key from its first hit, then a fresh one', async () => {
    const a = gateway(undefined, 'a');
    expect(await hit(a, 'k')).toEqual({ current: 1, ttl: 60_000 });
    now += 10_000;
    expect(await hit(a, 'k')).toEqual({ current: 2, ttl: 50_000 });
    expect((await hit(a, 'other')).current).toBe(1);
    now += 50_000;
    expect(await hit(a, 'k')).toEqual({ current: 1, ttl: 60_000 });
  });

  it("adds the other gateway's hits to the key's window, not its own twice", async () => {
    const bus = inProcessBus();
    const a = gateway(bus, 'a');
    const b = gateway(bus, 'b');
    for (let i = 0; i < 4; i += 1) await hit(a, 'money|user:1');
    await hit(b, 'money|user:1');
    await shared();
    // b: its own 1, then a's 4 arrive, then this hit.
    expect((await hit(b, 'money|user:1')).current).toBe(6);
    await shared();
    // a: its own 4, b's 2 and this hit; its own messages are not counted again.
    expect((await hit(a, 'money|user:1')).current).toBe(7);
    expect((await hit(a, 'money|user:2')).current).toBe(1);
  });

  it('keeps routes with their own limit apart (a child store per route)', async () => {
    const bus = inProcessBus();
    const a = gateway(bus, 'a');
    const b = gateway(bus, 'b');
    const route = { routeInfo: { method: 'GET', url: '/api/app/statements/monthly' } };
    const aRoute = a.child(route);
    const bRoute = b.child(route);
    for (let i = 0; i < 3; i += 1) await hit(aRoute, 'api|user:1');
    await shared();
    expect((await hit(bRoute, 'api|user:1')).current).toBe(4);
    // The global store did not hear the route's hits.
    expect((await hit(b, 'api|user:1')).current).toBe(1);
  });

  it("counts hits heard after the key's window ended in a fresh window, and ignores malformed messages", async () => {
    const bus = inProcessBus();
    const a = gateway(bus, 'a');
    const b = gateway(bus, 'b');
    await hit(b, 'k', 1_000);
    for (const m of [
      null,
      'x',
      { from: 'z', ns: '', window: 0, hits: [] },
      { from: 'z', ns: '', window: 1000, hits: [['k', -5], ['k', 1.5], ['k'], 7] },
    ])
      bus.publish('rate', m);
    expect((await hit(b, 'k', 1_000)).current).toBe(2);
    await hit(a, 'k', 1_000);
    now += 1_000;
    await shared();
    // b's window of 'k' ended before a's hit was heard: a fresh window starts with it (the cautious
    // side: a late hit counts once more, never less).
    expect((await hit(b, 'k', 1_000)).current).toBe(2);
  });
});
