import { WsClientMessage, type WsServerAck } from '@ex/contract';
import websocket from '@fastify/websocket';
import type { FastifyInstance } from 'fastify';
import type { PubSub } from '../engine/pubsub.ts';
import type { SessionTokens } from './auth.ts';
import { authenticate } from './auth.ts';
import { AppError } from './errors.ts';

const MAX_CHANNELS = 200;

/**
 * Slow consumers (issue 9 item 5): a socket whose unsent bytes pass HIGH_WATER stops getting that
 * channel's messages (nothing more is queued for it, so memory stays bounded and the other sockets
 * are not held up); once it has drained below LOW_WATER it gets a fresh snapshot of each channel it
 * missed (`resync: true`; the depth snapshot carries the current seq, so a client's book is whole
 * again). A socket that stays over the mark for LAG_LIMIT_MS is closed (1013, try again later).
 */
export const FANOUT_LIMITS = {
  highWaterBytes: 1024 * 1024,
  lowWaterBytes: 64 * 1024,
  lagLimitMs: 30_000,
  checkMs: 50,
};

interface Subscriber {
  socket: {
    readyState: number;
    bufferedAmount: number;
    send(data: string | Buffer, options?: { binary?: boolean }): void;
    close(code?: number): void;
    /** ws's TCP socket (not in its types): corked while one tick's frames are queued. */
    _socket?: { cork(): void; uncork(): void };
  };
  /** Channels whose messages this socket missed while over the high-water mark. */
  lagging: Set<string>;
  laggingSince: number;
  drainTimer: ReturnType<typeof setInterval> | undefined;
  resync(channel: string): void;
}

/**
 * One pub/sub subscription per (topic, client channel), however many sockets listen, and one
 * JSON.stringify per message: with 1,000 subscribers on a book that is one string, not 1,000.
 */
class Fanout {
  private readonly groups = new Map<string, { sockets: Set<Subscriber>; unsubscribe: () => void }>();

  join(pubsub: PubSub, topic: string, channel: string, sub: Subscriber): () => void {
    const key = `${topic}\u0000${channel}`;
    let group = this.groups.get(key);
    if (group === undefined) {
      const sockets = new Set<Subscriber>();
      const unsubscribe = pubsub.subscribe(topic, (message) => {
        // Encoded once as well: ws would turn a string into bytes again for every socket.
        const frame = Buffer.from(JSON.stringify({ channel, ...(message as object) }));
        for (const s of sockets) deliver(s, channel, frame);
      });
      group = { sockets, unsubscribe };
      this.groups.set(key, group);
    }
    group.sockets.add(sub);
    const joined = group;
    return () => {
      joined.sockets.delete(sub);
      if (joined.sockets.size === 0) {
        joined.unsubscribe();
        this.groups.delete(key);
      }
    };
  }
}

/**
 * Sockets with frames queued in this tick. A commit publishes several messages per channel (depth
 * deltas, trades, ticker): each socket is corked at its first frame and uncorked once the tick's
 * publishing is done, so its frames leave in one write (one syscall) instead of one each. The
 * frames stay separate WebSocket messages: clients see the same protocol (issue 9, ADR 175).
 */
const corked = new Set<NonNullable<Subscriber['socket']['_socket']>>();

function uncorkAll(): void {
  for (const tcp of corked) tcp.uncork();
  corked.clear();
}

function deliver(sub: Subscriber, channel: string, frame: Buffer): void {
  const { socket } = sub;
  if (socket.readyState !== 1 || sub.lagging.has(channel)) return;
  if (socket.bufferedAmount > FANOUT_LIMITS.highWaterBytes) {
    if (sub.lagging.size === 0) sub.laggingSince = Date.now();
    sub.lagging.add(channel);
    sub.drainTimer ??= setInterval(() => drain(sub), FANOUT_LIMITS.checkMs);
    return;
  }
  const tcp = socket._socket;
  if (tcp !== undefined && !corked.has(tcp)) {
    if (corked.size === 0) queueMicrotask(uncorkAll);
    tcp.cork();
    corked.add(tcp);
  }
  socket.send(frame, { binary: false });
}

function drain(sub: Subscriber): void {
  const { socket } = sub;
  if (socket.readyState !== 1) {
    stopDraining(sub);
    return;
  }
  if (socket.bufferedAmount > FANOUT_LIMITS.lowWaterBytes) {
    if (Date.now() - sub.laggingSince > FANOUT_LIMITS.lagLimitMs) {
      stopDraining(sub);
      socket.close(1013);
    }
    return;
  }
  const missed = [...sub.lagging];
  stopDraining(sub);
  for (const channel of missed) sub.resync(channel);
}

function stopDraining(sub: Subscriber): void {
  if (sub.drainTimer !== undefined) clearInterval(sub.drainTimer);
  sub.drainTimer = undefined;
  sub.lagging.clear();
}

/** What the market domain gives the socket: the fan-out, snapshots, and the private channel names. */
export interface WsFeeds {
  pubsub: PubSub;
  /** A first message for a channel (the depth snapshot), or undefined. */
  snapshot(channel: string): unknown;
  /** Client name (`orders`) -> internal topic of one user; undefined for a public channel. */
  privateTopic(channel: string, userId: string): string | undefined;
  /**
   * A public channel the market domain publishes (`depth:BTC_USDC`, `ticker`, ...). Anything that
   * is neither this nor a bare private name is refused: the internal per-user topics
   * (`orders:@<id>`) share the pub/sub namespace, so an allowlist is what keeps them private.
   */
  isPublic(channel: string): boolean;
}

/**
 * `/ws`: JSON ops `subscribe`, `unsubscribe`, `auth`, `ping`, each acknowledged. Pushes are
 * `{ channel, type?, seq?, data }` from the market domain's pub/sub (ADR 012); private channels
 * (`orders`, `positions`, `balances`) need `auth` first.
 */
export async function registerWs(
  app: FastifyInstance,
  deps: { tokens: SessionTokens; feeds?: () => WsFeeds | undefined },
): Promise<void> {
  await app.register(websocket, { options: { maxPayload: 64 * 1024 } });
  const fanout = new Fanout();
  app.route({
    method: 'GET',
    url: '/ws',
    schema: { hide: true },
    // A plain GET (no upgrade) gets the envelope, not an empty 404.
    handler: async () => {
      throw new AppError('BAD_REQUEST');
    },
    wsHandler: (socket) => {
      const channels = new Set<string>();
      let userId: string | null = null;
      const reply = (ack: WsServerAck) => socket.send(JSON.stringify(ack));
      const unsubs = new Map<string, () => void>();
      const push = (channel: string, message: unknown) => {
        if (socket.readyState !== 1) return;
        socket.send(JSON.stringify({ channel, ...(message as object) }));
      };
      const sub: Subscriber = {
        socket,
        lagging: new Set(),
        laggingSince: 0,
        drainTimer: undefined,
        resync: (channel) => {
          if (!unsubs.has(channel)) return;
          // Depth has a snapshot; the others say `resync` so a client refetches what it shows (the
          // web app invalidates private lists on any message and ignores data-less market ones).
          const fresh = deps.feeds?.()?.snapshot(channel);
          push(channel, fresh === undefined ? { type: 'resync' } : { ...(fresh as object), resync: true });
        },
      };
      /** Starts the flow of one channel (private ones only once logged in). */
      const listen = (channel: string): void => {
        const feeds = deps.feeds?.();
        if (feeds === undefined || unsubs.has(channel)) return;
        const isPrivate = feeds.privateTopic(channel, '') !== undefined;
        // Re-checked here so no later caller can open an internal topic by name.
        if (!isPrivate && !feeds.isPublic(channel)) return;
        if (isPrivate && userId === null) return;
        const topic = isPrivate ? feeds.privateTopic(channel, userId!)! : channel;
        unsubs.set(channel, fanout.join(feeds.pubsub, topic, channel, sub));
        const first = feeds.snapshot(channel);
        if (first !== undefined) push(channel, first);
      };
      const stop = (channel: string) => {
        unsubs.get(channel)?.();
        unsubs.delete(channel);
      };

      socket.on('message', async (raw: Buffer) => {
        let parsed: unknown;
        try {
          parsed = JSON.parse(raw.toString('utf8'));
        } catch {
          reply({ op: 'error', code: 422, message: 'malformed JSON' });
          return;
        }
        const result = WsClientMessage.safeParse(parsed);
        if (!result.success) {
          reply({ op: 'error', code: 422, message: 'unknown or invalid op' });
          return;
        }
        const msg = result.data;
        const id = msg.id === undefined ? {} : { id: msg.id };
        switch (msg.op) {
          case 'ping':
            reply({ op: 'pong', code: 0, ...id });
            return;
          case 'subscribe':
            // One socket cannot grow its channel set without bound.
            if (new Set([...channels, ...msg.channels]).size > MAX_CHANNELS) {
              reply({ op: 'error', code: 422, message: `at most ${MAX_CHANNELS} channels`, ...id });
              return;
            }
            {
              const feeds = deps.feeds?.();
              const isPrivate = (c: string) => feeds?.privateTopic(c, '') !== undefined;
              // Only the bare private names, always for the caller; never another user's topic.
              const unknown = msg.channels.filter((c) => !isPrivate(c) && feeds?.isPublic(c) !== true);
              const refused = msg.channels.filter((c) => userId === null && isPrivate(c));
              const accepted = msg.channels.filter((c) => !refused.includes(c) && !unknown.includes(c));
              for (const c of accepted) channels.add(c);
              if (unknown.length > 0) {
                reply({ op: 'error', code: 422, message: 'unknown channel', channels: unknown, ...id });
              }
              if (refused.length > 0) {
                reply({ op: 'error', code: 401, message: 'auth first', channels: refused, ...id });
              }
              if (accepted.length === 0 && unknown.length + refused.length > 0) return;
              // The ack first, then the snapshots: a client reads its answer before the data.
              reply({ op: 'subscribed', code: 0, channels: accepted, ...id });
              for (const c of accepted) listen(c);
            }
            return;
          case 'unsubscribe':
            for (const c of msg.channels) {
              channels.delete(c);
              stop(c);
            }
            reply({ op: 'unsubscribed', code: 0, channels: msg.channels, ...id });
            return;
          case 'auth':
            // Private flows belong to the previous login: a new auth starts them afresh.
            for (const c of [...unsubs.keys()]) {
              if (deps.feeds?.()?.privateTopic(c, '') !== undefined) {
                stop(c);
                channels.delete(c);
              }
            }
            try {
              userId = (await authenticate(deps.tokens, 'user', msg.token)).id;
              reply({ op: 'authed', code: 0, ...id });
            } catch (error) {
              userId = null;
              reply({ op: 'error', code: error instanceof AppError ? error.code : 500, ...id });
            }
            return;
        }
      });
      socket.on('close', () => {
        stopDraining(sub);
        for (const c of [...unsubs.keys()]) stop(c);
        channels.clear();
        void userId;
      });
    },
  });
}
