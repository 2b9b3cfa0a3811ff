// The rate limiter's counters, shared by the gateways of a cluster (ADR 236). Each gateway counts
// its own requests as `@fastify/rate-limit`'s local store does (a window per key from its first
// request) and tells the others, five times a second, how many hits each key had since it last
// told them; a gateway adds what it hears to the key's current window. So a client spread over
// several gateways by a load balancer meets one budget, not one per gateway, give or take the
// requests of the last 200 ms. One process (no cluster bus) counts alone, as before.

import type { ClusterBus } from '../engine/transport.ts';

/** How often a gateway tells the others its hits. */
export const RATE_SHARE_MS = 200;
/** Keys kept per store (per route with its own limit); the oldest window goes first beyond it. */
const MAX_KEYS = 20_000;

interface Counter {
  /** Start of the key's current window (ms). */
  start: number;
  window: number;
  local: number;
  remote: number;
}

interface RateResult {
  current: number;
  ttl: number;
}

/** What a gateway sends: hits per key in one store since its last message. */
interface RateMessage {
  from: string;
  ns: string;
  window: number;
  hits: [string, number][];
}

function isRateMessage(m: unknown): m is RateMessage {
  if (typeof m !== 'object' || m === null) return false;
  const r = m as Partial<RateMessage>;
  return (
    typeof r.from === 'string' &&
    typeof r.ns === 'string' &&
    typeof r.window === 'number' &&
    Number.isSafeInteger(r.window) &&
    r.window > 0 &&
    Array.isArray(r.hits)
  );
}

class Hub {
  private readonly stores = new Map<string, SharedRateStore>();
  private timer: ReturnType<typeof setInterval> | undefined;
  private readonly off: (() => void) | undefined;

  constructor(
    private readonly bus: ClusterBus | undefined,
    private readonly id: string,
    private readonly now: () => number,
  ) {
    this.off = bus?.subscribe('rate', (m) => this.heard(m));
  }

  get shared(): boolean {
    return this.bus !== undefined;
  }

  store(ns: string): SharedRateStore {
    let s = this.stores.get(ns);
    if (s === undefined) {
      s = new SharedRateStore(this, ns);
      this.stores.set(ns, s);
    }
    return s;
  }

  clock(): number {
    return this.now();
  }

  /** A store has hits to tell: start the timer if it is not running. */
  wake(): void {
    if (this.timer !== undefined || this.bus === undefined) return;
    this.timer = setInterval(() => this.flush(), RATE_SHARE_MS);
    this.timer.unref();
  }

  flush(): void {
    let any = false;
    for (const s of this.stores.values()) {
      const hits = s.takeHits();
      if (hits === null) continue;
      any = true;
      this.bus?.publish('rate', {
        from: this.id,
        ns: s.ns,
        window: hits.window,
        hits: hits.hits,
      } satisfies RateMessage);
    }
    if (!any && this.timer !== undefined) {
      clearInterval(this.timer);
      this.timer = undefined;
    }
  }

  private heard(m: unknown): void {
    if (!isRateMessage(m) || m.from === this.id) return;
    this.stores.get(m.ns)?.addRemote(m.window, m.hits);
  }

  close(): void {
    if (this.timer !== undefined) clearInterval(this.timer);
    this.timer = undefined;
    this.off?.();
  }
}

/** The store interface `@fastify/rate-limit` calls: `incr` per request, `child` per route with its own limit. */
export class SharedRateStore {
  private readonly counters = new Map<string, Counter>();
  private pending = new Map<string, number>();
  private pendingWindow = 0;

  constructor(
    private readonly hub: Hub,
    readonly ns: string,
  ) {}

  /** `timeWindow` is always passed by the plugin (its typings leave it out); 60 s is its default. */
  incr(key: string, cb: (error: Error | null, result?: RateResult) => void, timeWindow = 60_000): void {
    const now = this.hub.clock();
    let c = this.counters.get(key);
    if (c === undefined || c.start + c.window <= now) c = this.fresh(key, now, timeWindow);
    c.local += 1;
    if (this.hub.shared) {
      this.pending.set(key, (this.pending.get(key) ?? 0) + 1);
      this.pendingWindow = timeWindow;
      this.hub.wake();
    }
    cb(null, { current: c.local + c.remote, ttl: c.start + c.window - now });
  }

  /** The plugin passes the route's merged limit options, its route under `routeInfo`. */
  child(params: object): SharedRateStore {
    const route = (params as { routeInfo?: { method?: unknown; url?: unknown } }).routeInfo ?? {};
    const method = Array.isArray(route.method) ? route.method.join(',') : String(route.method ?? '');
    return this.hub.store(`${method} ${String(route.url ?? '')}`);
  }

  private fresh(key: string, now: number, window: number): Counter {
    const c: Counter = { start: now, window, local: 0, remote: 0 };
    // Re-inserted, so the map's order is the order of window starts and the first key is the oldest.
    this.counters.delete(key);
    this.counters.set(key, c);
    if (this.counters.size > MAX_KEYS) {
      const oldest = this.counters.keys().next().value;
      if (oldest !== undefined) this.counters.delete(oldest);
    }
    return c;
  }

  takeHits(): { window: number; hits: [string, number][] } | null {
    if (this.pending.size === 0) return null;
    const hits = [...this.pending];
    this.pending = new Map();
    return { window: this.pendingWindow, hits };
  }

  /** Another gateway's hits: counted in the key's current window here (a new window if it has none). */
  addRemote(window: number, hits: unknown[]): void {
    const now = this.hub.clock();
    for (const h of hits) {
      if (!Array.isArray(h) || typeof h[0] !== 'string' || !Number.isSafeInteger(h[1]) || h[1] <= 0) continue;
      const key = h[0];
      let c = this.counters.get(key);
      if (c === undefined || c.start + c.window <= now) c = this.fresh(key, now, window);
      c.remote += h[1] as number;
    }
  }
}

/**
 * The `store` option of `@fastify/rate-limit` (a class it constructs once) and a `close` for the
 * app's onClose. With `bus` the counts are shared with every process on it; `id` tells this
 * process's own messages apart.
 */
export function sharedRateStore(options: { bus?: ClusterBus; id: string; now?: () => number }): {
  Store: new (params: unknown) => SharedRateStore;
  close: () => void;
} {
  const hub = new Hub(options.bus, options.id, options.now ?? Date.now);
  const global = hub.store('');
  // `@fastify/rate-limit` calls `new Store(params)`: every construction is the app's one global store.
  const Store = function Store() {
    return global;
  } as unknown as new (
    params: unknown,
  ) => SharedRateStore;
  return { Store, close: () => hub.close() };
}
