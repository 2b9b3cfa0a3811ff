import type { Coin, Depth, DepthLevel, Kline, KlineInterval, Trade } from '@ex/sdk';
import { type QueryClient, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useSyncExternalStore } from 'react';
import { afterFirstPaint } from '../../lib/after-paint.ts';
import { api } from '../../lib/api.ts';
import { queryKeys } from '../../lib/queries.ts';
import { STORAGE_KEYS } from '../../lib/storage.ts';
import { type SocketLike, StreamClient, type StreamMessage, type StreamStatus } from './client.ts';
import { type DepthBook, type DepthMessage, reduceDepth } from './depth.ts';

/** Query keys of market data and private lists; the stream writes into or invalidates these. */
export const streamKeys = {
  depth: (symbol: string) => ['market', 'depth', symbol] as const,
  trades: (symbol: string) => ['market', 'trades', symbol] as const,
  klines: (symbol: string, interval: KlineInterval) => ['market', 'klines', symbol, interval] as const,
  spotOrders: ['spot', 'orders'] as const,
  contractOrders: ['contract', 'orders'] as const,
  positions: ['contract', 'positions'] as const,
  /** The wallet feature keys its queries under `['wallet', ...]`; a balances push invalidates all. */
  wallet: ['wallet'] as const,
};

/** While the socket is down, REST polls at this pace (DESIGN.md: the app never looks frozen). */
export const POLL_MS = 3_000;

function wsUrl(): string {
  const base = import.meta.env.VITE_API_BASE as string | undefined;
  const origin = base ? new URL(base) : window.location;
  const scheme = origin.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${scheme}//${origin.host}/ws`;
}

let shared: StreamClient | null = null;

/** The browser WebSocket behind the client's small socket interface. */
function browserSocket(url: string): SocketLike {
  const ws = new WebSocket(url);
  const adapter: SocketLike = {
    get readyState() {
      return ws.readyState;
    },
    send: (data) => ws.send(data),
    close: () => ws.close(),
    onopen: null,
    onclose: null,
    onerror: null,
    onmessage: null,
  };
  ws.onopen = (ev) => adapter.onopen?.(ev);
  ws.onclose = (ev) => adapter.onclose?.(ev);
  ws.onerror = (ev) => adapter.onerror?.(ev);
  ws.onmessage = (ev) => adapter.onmessage?.({ data: ev.data });
  return adapter;
}

/** The app's one stream client, created on first use (tests never open a socket by accident). */
export function getStream(): StreamClient {
  if (!shared) {
    shared = new StreamClient({
      url: wsUrl(),
      createSocket: (url) => browserSocket(url),
      getToken: () => window.localStorage.getItem(STORAGE_KEYS.token),
      setTimer: (fn, ms) => window.setTimeout(fn, ms),
      clearTimer: (h) => window.clearTimeout(h as number),
      random: Math.random,
    });
    window.addEventListener('online', () => shared?.reconnectNow());
  }
  return shared;
}

export function useStreamStatus(): StreamStatus {
  const client = getStream();
  return useSyncExternalStore(
    (cb) => client.onStatus(cb),
    () => client.getStatus(),
    () => 'idle' as const,
  );
}

/** Subscribes `channel` while mounted; the handler may change without resubscribing. */
export function useChannel(channel: string | null, handler: (msg: StreamMessage) => void): void {
  const ref = useRef(handler);
  ref.current = handler;
  useEffect(() => {
    if (!channel) return;
    let off: (() => void) | undefined;
    let unmounted = false;
    void streamStart().then(() => {
      if (!unmounted) off = getStream().subscribe(channel, (msg) => ref.current(msg));
    });
    return () => {
      unmounted = true;
      off?.();
    };
  }, [channel]);
}

/**
 * Stream pushes reach the screen at most this often: every push into a query re-renders its screen
 * synchronously, and a busy book or ticker would otherwise keep a slow phone's main thread busy
 * (ADR 091). Five times a second still reads as live.
 */
export const RENDER_MS = 200;

/** Runs the latest `work` once per RENDER_MS window (the first one at the end of its window). */
function useThrottle(): (work: () => void) => void {
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const latest = useRef<() => void>(() => {});
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );
  return (work) => {
    latest.current = work;
    timer.current ??= setTimeout(() => {
      timer.current = null;
      latest.current();
    }, RENDER_MS);
  };
}

let started: Promise<void> | undefined;
/**
 * The socket opens once the first screen has painted and the page is idle (ADR 091): its first
 * snapshots would otherwise compete with the first render on a slow phone. Until then the screens
 * show what REST (and the cache of last values) gave them.
 */
function streamStart(): Promise<void> {
  started ??= new Promise((resolve) => afterFirstPaint(resolve));
  return started;
}

const isLevel = (v: unknown): v is DepthLevel =>
  Array.isArray(v) && typeof v[0] === 'string' && typeof v[1] === 'string';
const levels = (v: unknown): DepthLevel[] => (Array.isArray(v) ? v.filter(isLevel) : []);

export function toDepthMessage(msg: StreamMessage): DepthMessage | null {
  const data = (msg.data ?? {}) as Record<string, unknown>;
  if (msg.seq === undefined) return null;
  const kind =
    msg.kind === 'snapshot' || msg.kind === 'delta'
      ? msg.kind
      : data.snapshot === true
        ? 'snapshot'
        : 'delta';
  const range = kind === 'delta' && msg.firstSeq !== undefined ? { firstSeq: msg.firstSeq } : {};
  return { kind, seq: msg.seq, ...range, bids: levels(data.bids), asks: levels(data.asks) };
}

/** Live order book: stream snapshot + deltas (resubscribe on a gap), REST polling while down. */
export function useDepth(symbol: string | undefined, limit = 20) {
  const qc = useQueryClient();
  const throttle = useThrottle();
  const status = useStreamStatus();
  // Books per channel: a delta for the previous symbol can never apply to the new one.
  const books = useRef(new Map<string, DepthBook>());
  const channel = symbol ? `depth:${symbol}` : null;
  useChannel(channel, (msg) => {
    if (!symbol || !channel) return;
    const m = toDepthMessage(msg);
    if (!m) return;
    const result = reduceDepth(books.current.get(channel) ?? null, m);
    if (result.status === 'gap') {
      books.current.delete(channel);
      getStream().resubscribe(channel);
      return;
    }
    if (result.status === 'stale') return;
    books.current.set(channel, result.book);
    // A snapshot shows at once; deltas reach the screen at most every RENDER_MS (the book in
    // `books` is always current, so nothing is lost, only fewer renders).
    const write = () => {
      const book = books.current.get(channel);
      if (!book) return;
      qc.setQueryData<Depth>(streamKeys.depth(symbol), {
        bids: book.bids.slice(0, limit),
        asks: book.asks.slice(0, limit),
        seq: book.seq,
        ts: Date.now(),
      });
    };
    if (m.kind === 'snapshot') write();
    else throttle(write);
  });
  const live = status === 'open' && channel !== null && books.current.has(channel);
  return useQuery({
    queryKey: streamKeys.depth(symbol ?? ''),
    queryFn: ({ signal }) => api.market.depth({ symbol: symbol ?? '', limit }, { signal }),
    enabled: Boolean(symbol),
    refetchInterval: live ? false : POLL_MS,
    staleTime: live ? Number.POSITIVE_INFINITY : 1_000,
  });
}

function toTrades(data: unknown): Trade[] {
  const list = Array.isArray(data) ? data : [data];
  return list.filter(
    (t): t is Trade =>
      !!t &&
      typeof t === 'object' &&
      typeof (t as Trade).price === 'string' &&
      typeof (t as Trade).qty === 'string',
  );
}

export function mergeTrades(current: Trade[] | undefined, incoming: Trade[], keep = 50): Trade[] {
  const seen = new Set((current ?? []).map((t) => t.id));
  const fresh = incoming.filter((t) => !seen.has(t.id)).sort((a, b) => b.ts - a.ts);
  return [...fresh, ...(current ?? [])].slice(0, keep);
}

/** Latest trades, newest first. */
export function useTrades(symbol: string | undefined, limit = 30) {
  const qc = useQueryClient();
  const status = useStreamStatus();
  useChannel(symbol ? `trades:${symbol}` : null, (msg) => {
    if (!symbol) return;
    const incoming = toTrades(msg.data);
    if (incoming.length === 0) return;
    qc.setQueryData<Trade[]>(streamKeys.trades(symbol), (cur) => mergeTrades(cur, incoming, limit));
  });
  return useQuery({
    queryKey: streamKeys.trades(symbol ?? ''),
    queryFn: async ({ signal }) => {
      const list = await api.market.trades({ symbol: symbol ?? '', limit }, { signal });
      return [...list].sort((a, b) => b.ts - a.ts);
    },
    enabled: Boolean(symbol),
    refetchInterval: status === 'open' ? false : POLL_MS,
  });
}

type TickerPatch = Partial<Coin> & { symbol: string };

export function mergeTickers(coins: Coin[] | undefined, patches: TickerPatch[]): Coin[] | undefined {
  if (!coins) return coins;
  const bySymbol = new Map(patches.map((p) => [p.symbol, p]));
  return coins.map((c) => {
    const p = bySymbol.get(c.symbol);
    if (!p) return c;
    const next = { ...c };
    for (const key of ['last', 'change_pct', 'high', 'low', 'volume', 'amount'] as const) {
      const v = p[key];
      if (typeof v === 'string') next[key] = v;
    }
    return next;
  });
}

/** 24h tickers of every market, patched into the shared `coins` query (Home, Markets, trade). */
export function useTicker() {
  const qc = useQueryClient();
  const throttle = useThrottle();
  // Patches collect between two renders and are applied together, oldest first.
  const waiting = useRef<TickerPatch[]>([]);
  useChannel('ticker', (msg) => {
    const list = (Array.isArray(msg.data) ? msg.data : [msg.data]).filter(
      (p): p is TickerPatch => !!p && typeof p === 'object' && typeof (p as TickerPatch).symbol === 'string',
    );
    if (list.length === 0) return;
    waiting.current.push(...list);
    throttle(() => {
      const patches = waiting.current;
      waiting.current = [];
      if (patches.length > 0) qc.setQueryData<Coin[]>(queryKeys.coins, (cur) => mergeTickers(cur, patches));
    });
  });
}

export function toKline(v: unknown): Kline | null {
  if (Array.isArray(v) && typeof v[0] === 'number' && v.slice(1, 6).every((x) => typeof x === 'string')) {
    return v.slice(0, 6) as Kline;
  }
  if (v && typeof v === 'object') {
    const o = v as Record<string, unknown>;
    const t = o.t ?? o.open_ts ?? o.ts ?? o.time;
    const vals = [o.o ?? o.open, o.h ?? o.high, o.l ?? o.low, o.c ?? o.close, o.v ?? o.volume];
    if (typeof t === 'number' && vals.every((x) => typeof x === 'string')) return [t, ...vals] as Kline;
  }
  return null;
}

/** Replaces the candle with the same open time or appends a newer one. */
export function mergeKline(list: Kline[] | undefined, k: Kline, keep = 500): Kline[] {
  const cur = list ?? [];
  const last = cur[cur.length - 1];
  if (last && last[0] === k[0]) return [...cur.slice(0, -1), k];
  if (last && k[0] < last[0]) {
    const i = cur.findIndex((c) => c[0] === k[0]);
    if (i === -1) return cur;
    return [...cur.slice(0, i), k, ...cur.slice(i + 1)];
  }
  return [...cur, k].slice(-keep);
}

/** Candles oldest first; the live candle updates from `kline:SYMBOL:INTERVAL`. */
export function useKline(symbol: string | undefined, interval: KlineInterval, limit = 300) {
  const qc = useQueryClient();
  const status = useStreamStatus();
  useChannel(symbol ? `kline:${symbol}:${interval}` : null, (msg) => {
    if (!symbol) return;
    const list = Array.isArray(msg.data) && Array.isArray(msg.data[0]) ? msg.data : [msg.data];
    for (const item of list) {
      const k = toKline(item);
      if (k) qc.setQueryData<Kline[]>(streamKeys.klines(symbol, interval), (cur) => mergeKline(cur, k));
    }
  });
  return useQuery({
    queryKey: streamKeys.klines(symbol ?? '', interval),
    queryFn: async ({ signal }) => {
      const list = await api.market.klines({ symbol: symbol ?? '', interval, limit }, { signal });
      return [...list].sort((a, b) => a[0] - b[0]);
    },
    enabled: Boolean(symbol),
    refetchInterval: status === 'open' ? 60_000 : POLL_MS * 2,
  });
}

function invalidatePrivate(qc: QueryClient, channel: string): void {
  if (channel === 'orders') {
    void qc.invalidateQueries({ queryKey: streamKeys.spotOrders });
    void qc.invalidateQueries({ queryKey: streamKeys.contractOrders });
  } else if (channel === 'positions') {
    void qc.invalidateQueries({ queryKey: streamKeys.positions });
  }
  // Orders and positions move money too: every private push refreshes the balances.
  void qc.invalidateQueries({ queryKey: streamKeys.wallet });
}

/** Private pushes (after auth) invalidate the matching TanStack queries; lists refetch themselves. */
export function usePrivateStreams(enabled = true): void {
  const qc = useQueryClient();
  useChannel(enabled ? 'orders' : null, () => invalidatePrivate(qc, 'orders'));
  useChannel(enabled ? 'positions' : null, () => invalidatePrivate(qc, 'positions'));
  useChannel(enabled ? 'balances' : null, () => invalidatePrivate(qc, 'balances'));
}
