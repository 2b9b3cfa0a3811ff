/**
 * One `/ws` connection for the whole app (API.md Streams). Screens subscribe to channels with a
 * handler; the client reference-counts channels, (re)sends `subscribe` on every (re)connect, sends
 * `auth` first when a token is stored and subscribes private channels only after `authed`, and
 * reconnects with exponential backoff when the socket drops. Everything time- or network-related
 * is injected, so the reconnect logic is unit-tested without sockets or clocks.
 */

export type StreamStatus = 'idle' | 'connecting' | 'open' | 'reconnecting';

export const PRIVATE_CHANNELS = ['orders', 'positions', 'balances'] as const;
export type PrivateChannel = (typeof PRIVATE_CHANNELS)[number];
export const isPrivateChannel = (channel: string): boolean =>
  (PRIVATE_CHANNELS as readonly string[]).includes(channel);

/** A pushed message, normalised: which channel, snapshot or delta (if said), sequence, payload. */
export interface StreamMessage {
  channel: string;
  kind: string | undefined;
  seq: number | undefined;
  /**
   * The first sequence number a message covers when it merges several (a depth delta of one commit,
   * `first_seq`..`seq`, ADR 210); undefined when it covers only `seq`.
   */
  firstSeq?: number | undefined;
  data: unknown;
}

export type StreamHandler = (msg: StreamMessage) => void;

export interface SocketLike {
  readonly readyState: number;
  send(data: string): void;
  close(): void;
  onopen: ((ev: unknown) => void) | null;
  onclose: ((ev: unknown) => void) | null;
  onerror: ((ev: unknown) => void) | null;
  onmessage: ((ev: { data: unknown }) => void) | null;
}

export interface StreamDeps {
  url: string;
  createSocket(url: string): SocketLike;
  getToken(): string | null;
  setTimer(fn: () => void, ms: number): unknown;
  clearTimer(handle: unknown): void;
  /** 0 <= x < 1; spreads reconnects of many clients after a server restart. */
  random(): number;
}

const OPEN = 1;
export const BACKOFF_BASE_MS = 500;
export const BACKOFF_MAX_MS = 15_000;
/** A silent socket (no message, no pong) for this long is treated as dead. */
export const HEARTBEAT_MS = 20_000;

/** Delay before reconnect attempt `attempt` (0-based): 0.5 s, 1 s, 2 s, ... up to 15 s, +-20 % jitter. */
export function backoffDelay(attempt: number, random: () => number): number {
  const base = Math.min(BACKOFF_MAX_MS, BACKOFF_BASE_MS * 2 ** Math.min(attempt, 16));
  return Math.round(base * (0.8 + 0.4 * random()));
}

function pick(obj: Record<string, unknown>, ...keys: string[]): unknown {
  for (const k of keys) if (obj[k] !== undefined) return obj[k];
  return undefined;
}

/**
 * Reads a server push. The channel may come as `channel`, `ch`, `topic` or `stream`, the payload as
 * `data` (else the message itself), the kind as `type`/`kind`/`event` and the sequence as `seq`
 * (also inside the payload): tolerant on purpose while the server's push format settles.
 */
export function parseMessage(raw: unknown): StreamMessage | { ack: string; code: number } | null {
  let value: unknown = raw;
  if (typeof raw === 'string') {
    try {
      value = JSON.parse(raw);
    } catch {
      return null;
    }
  }
  if (!value || typeof value !== 'object') return null;
  const obj = value as Record<string, unknown>;
  const channel = pick(obj, 'channel', 'ch', 'topic', 'stream');
  if (typeof channel !== 'string') {
    if (typeof obj.op === 'string') return { ack: obj.op, code: typeof obj.code === 'number' ? obj.code : 0 };
    return null;
  }
  const data = obj.data !== undefined ? obj.data : obj;
  const inner =
    data && typeof data === 'object' && !Array.isArray(data) ? (data as Record<string, unknown>) : {};
  const kindRaw = pick(obj, 'type', 'kind', 'event', 'action') ?? pick(inner, 'type', 'kind');
  const seq = seqOf(pick(obj, 'seq', 'sequence', 'u') ?? pick(inner, 'seq', 'sequence'));
  const firstSeq = seqOf(pick(obj, 'first_seq') ?? pick(inner, 'first_seq'));
  return {
    channel,
    kind: typeof kindRaw === 'string' ? kindRaw : undefined,
    seq,
    ...(firstSeq === undefined ? {} : { firstSeq }),
    data,
  };
}

function seqOf(raw: unknown): number | undefined {
  if (typeof raw === 'number') return raw;
  return typeof raw === 'string' && /^\d+$/.test(raw) ? Number(raw) : undefined;
}

export class StreamClient {
  private socket: SocketLike | null = null;
  private status: StreamStatus = 'idle';
  private attempt = 0;
  private reconnectTimer: unknown = null;
  private heartbeatTimer: unknown = null;
  private authed = false;
  private stopped = false;
  private readonly handlers = new Map<string, Set<StreamHandler>>();
  private readonly statusListeners = new Set<(s: StreamStatus) => void>();

  constructor(private readonly deps: StreamDeps) {}

  getStatus(): StreamStatus {
    return this.status;
  }

  isAuthed(): boolean {
    return this.authed;
  }

  onStatus(listener: (s: StreamStatus) => void): () => void {
    this.statusListeners.add(listener);
    return () => this.statusListeners.delete(listener);
  }

  /** Subscribes a handler; the first handler of a channel subscribes it on the server. */
  subscribe(channel: string, handler: StreamHandler): () => void {
    let set = this.handlers.get(channel);
    const first = !set;
    if (!set) {
      set = new Set();
      this.handlers.set(channel, set);
    }
    set.add(handler);
    if (this.status === 'idle') this.connect();
    else if (first) this.sendSubscribe([channel]);
    return () => {
      const current = this.handlers.get(channel);
      if (!current) return;
      current.delete(handler);
      if (current.size === 0) {
        this.handlers.delete(channel);
        this.send({ op: 'unsubscribe', channels: [channel] });
      }
    };
  }

  /** Unsubscribe and subscribe again: the server answers with a fresh snapshot (after a gap). */
  resubscribe(channel: string): void {
    if (!this.handlers.has(channel)) return;
    this.send({ op: 'unsubscribe', channels: [channel] });
    this.sendSubscribe([channel]);
  }

  /** After login/logout: re-authenticate on the open socket (or drop private channels). */
  refreshAuth(): void {
    this.authed = false;
    if (this.status === 'open') this.sendAuth();
  }

  stop(): void {
    this.stopped = true;
    this.deps.clearTimer(this.reconnectTimer);
    this.deps.clearTimer(this.heartbeatTimer);
    const socket = this.socket;
    this.socket = null;
    socket?.close();
    this.setStatus('idle');
  }

  /** Connects now (e.g. when the browser says it is online again) instead of waiting out the backoff. */
  reconnectNow(): void {
    if (this.status !== 'reconnecting') return;
    this.deps.clearTimer(this.reconnectTimer);
    this.attempt = 0;
    this.connect();
  }

  private setStatus(status: StreamStatus): void {
    if (status === this.status) return;
    this.status = status;
    for (const l of this.statusListeners) l(status);
  }

  private connect(): void {
    this.stopped = false;
    this.setStatus(this.attempt === 0 && this.status === 'idle' ? 'connecting' : 'reconnecting');
    let socket: SocketLike;
    try {
      socket = this.deps.createSocket(this.deps.url);
    } catch {
      this.scheduleReconnect();
      return;
    }
    this.socket = socket;
    socket.onopen = () => {
      if (this.socket !== socket) return;
      this.attempt = 0;
      this.authed = false;
      this.setStatus('open');
      this.sendAuth();
      this.sendSubscribe([...this.handlers.keys()]);
      this.armHeartbeat();
    };
    socket.onmessage = (ev) => {
      if (this.socket !== socket) return;
      this.armHeartbeat();
      this.dispatch(ev.data);
    };
    const dropped = () => {
      if (this.socket !== socket) return;
      this.socket = null;
      this.authed = false;
      this.deps.clearTimer(this.heartbeatTimer);
      if (!this.stopped) this.scheduleReconnect();
    };
    socket.onclose = dropped;
    socket.onerror = () => {
      dropped();
      try {
        socket.close();
      } catch {
        // already closed
      }
    };
  }

  private scheduleReconnect(): void {
    this.setStatus('reconnecting');
    const delay = backoffDelay(this.attempt, this.deps.random);
    this.attempt += 1;
    this.deps.clearTimer(this.reconnectTimer);
    this.reconnectTimer = this.deps.setTimer(() => this.connect(), delay);
  }

  private armHeartbeat(): void {
    this.deps.clearTimer(this.heartbeatTimer);
    this.heartbeatTimer = this.deps.setTimer(() => {
      // Silence: ask once; if the pong does not come within another period, the socket is dead.
      this.send({ op: 'ping' });
      this.heartbeatTimer = this.deps.setTimer(() => {
        const socket = this.socket;
        if (!socket) return;
        socket.onclose?.({});
        try {
          socket.close();
        } catch {
          // already closed
        }
      }, HEARTBEAT_MS);
    }, HEARTBEAT_MS);
  }

  private dispatch(raw: unknown): void {
    const msg = parseMessage(raw);
    if (!msg) return;
    if ('ack' in msg) {
      if (msg.ack === 'authed' && msg.code === 0) {
        this.authed = true;
        const privates = [...this.handlers.keys()].filter(isPrivateChannel);
        if (privates.length > 0) this.send({ op: 'subscribe', channels: privates });
      }
      return;
    }
    const set = this.handlers.get(msg.channel);
    if (!set) return;
    for (const handler of [...set]) handler(msg);
  }

  private sendAuth(): void {
    const token = this.deps.getToken();
    if (token) this.send({ op: 'auth', token });
  }

  private sendSubscribe(channels: string[]): void {
    // Private channels wait for `authed`; public ones go at once (the server caps 50 per message).
    const list = channels.filter((c) => !isPrivateChannel(c) || this.authed);
    for (let i = 0; i < list.length; i += 50) this.send({ op: 'subscribe', channels: list.slice(i, i + 50) });
  }

  private send(msg: object): void {
    const socket = this.socket;
    if (!socket || socket.readyState !== OPEN) return;
    try {
      socket.send(JSON.stringify(msg));
    } catch {
      // a failing send shows up as close/error and triggers the reconnect
    }
  }
}
