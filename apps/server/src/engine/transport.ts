// The engine transport (issue 9, ADR 172): how commands reach the writer and committed commands
// reach the gateways. Two adapters behind the same two halves:
// - in process: a CommandLink that calls the host and a feed from its commit listener (one
//   process; also how the tests run a replica against the real writer without a server);
// - NATS: commands by request/reply on `<prefix>.engine.submit` (a queue group, one writer),
//   committed commands on the JetStream subject `<prefix>.journal` (stream `<PREFIX>_JOURNAL`), one
//   message per commit (chunked), de-duplicated by the first seq. A gateway reads the stream with an
//   ordered consumer; a gap it cannot fill from the stream is read from the journal table.
//   A reply also carries the committed entries its gateway has not been sent in a reply yet
//   (ReplyJournal, ADR 177), so the gateway's replica applies its own command without waiting for
//   the stream; the stream stays the source for everything else.
//   A gateway sends the commands it submits in one event-loop turn as ONE request on
//   `<prefix>.engine.batch` (ADR 216): the writer queues them together (one group commit) and
//   answers with one reply holding each command's result and the entries that gateway lacks.

import { randomBytes } from 'node:crypto';
import { DeliverPolicy, jetstream, jetstreamManager, StorageType } from '@nats-io/jetstream';
import { type NatsConnection, nanos, TimeoutError } from '@nats-io/transport-node';
import { AppError } from '../http/errors.ts';
import { encodeCommand, encodeJson, reviveBigints } from './codec.ts';
import type { CommandDraft, SubmitOptions } from './commands.ts';
import type { EngineHost, Executed } from './host.ts';
import type { CommandLink, CommandReply, JournalRun, ReplicaEngine } from './replica.ts';

/** Committed commands per stream message: far below NATS' 1 MB default payload. */
const CHUNK = 400;
/**
 * Commands per batched request (ADR 216): a request of drafts and its reply (results, order rows,
 * the carried journal capped at 512 KB) stay far below NATS' 1 MB default payload.
 */
const BATCH = 128;

export interface NatsNames {
  submit: string;
  /** Several commands of one gateway in one request (ADR 216). */
  batch: string;
  journal: string;
  stream: string;
  /** Session and ban invalidations (account/auth-cache.ts). */
  auth: string;
  /** Rate-limit hits gateways tell each other (ADR 236). */
  rate: string;
  /** Operator changes every process reloads (market pause). */
  ops: string;
}

export function natsNames(prefix: string): NatsNames {
  if (!/^[A-Za-z0-9_-]{1,32}$/.test(prefix)) throw new Error(`NATS_PREFIX "${prefix}" must be [A-Za-z0-9_-]`);
  return {
    submit: `${prefix}.engine.submit`,
    batch: `${prefix}.engine.batch`,
    journal: `${prefix}.journal`,
    stream: `${prefix.toUpperCase().replaceAll('-', '_')}_JOURNAL`,
    auth: `${prefix}.auth`,
    ops: `${prefix}.ops`,
    rate: `${prefix}.rate`,
  };
}

/** A command the writer ran (accepted or refused by the engine), as its reply says. */
type Answered = Extract<CommandReply, { code: number }>;

/** The writer's answer for a command (what crosses the wire back), with the entries it carries. */
export function replyOf(r: Executed, journal?: JournalRun): Answered {
  return {
    code: r.code,
    seq: r.seq,
    ts: r.ts,
    id: r.id,
    body: r.body ?? encodeCommand(r.command),
    ...(r.order !== undefined ? { order: r.order } : {}),
    ...(journal !== undefined ? { journal } : {}),
  };
}

/** The body of a committed command (the host's, or encoded again when it has none). */
const bodyOf = (e: Executed) => e.body ?? encodeCommand(e.command);

/**
 * The writer's recent journal and, per gateway, the last seq a reply carried to it (ADR 177). A
 * reply to gateway G carries the committed entries after that seq up to the newest one, so G's
 * replica usually has everything up to its own command when the reply arrives, other gateways' and
 * the bots' commands included, and applies it at once instead of waiting for the stream. Only
 * committed entries are here (recorded by the commit listener, which runs before any reply of the
 * batch is sent). What a reply could not carry (a gateway new here, a reply lost or timed out, more
 * than the cap) the gateway gets from the stream or the journal table, as without this.
 */
export class ReplyJournal {
  private readonly bodies = new Map<number, string>();
  /** The window is [start, end]; empty while end < start. */
  private start = 1;
  private end = 0;
  private readonly sent = new Map<string, number>();

  constructor(
    private readonly window = 4000,
    /** At most this many entries and characters in one reply; a gateway new here gets the last few. */
    private readonly maxEntries = 1000,
    private readonly maxChars = 512 * 1024,
    private readonly maxGateways = 1000,
  ) {}

  /** A committed batch (the host's commit listener), in journal order. */
  record(batch: readonly Executed[]): void {
    for (const e of batch) {
      const seq = e.seq;
      if (seq === null) continue;
      if (seq !== this.end + 1) {
        // Not the next one (cannot happen in one writer process): start the window afresh.
        this.bodies.clear();
        this.start = seq;
      }
      this.bodies.set(seq, bodyOf(e));
      this.end = seq;
      if (this.end - this.start >= this.window) this.bodies.delete(this.start++);
    }
  }

  /**
   * The entries to carry in a reply to `gateway` now, and records them as sent. `own`: the first
   * seq the reply answers (a batch, ADR 216), carried even to a gateway not seen yet.
   */
  carry(gateway: string, own?: number): JournalRun | undefined {
    const last = this.sent.get(gateway);
    const fresh = own === undefined ? this.end - 31 : Math.min(this.end - 31, own);
    let from = Math.max(this.start, last === undefined ? fresh : last + 1);
    if (from > this.end) return undefined;
    // Newest first under both caps: a run that cannot reach back to what the gateway has is
    // held there until the stream fills the gap.
    let chars = 0;
    let first = this.end + 1;
    while (first > from && this.end - first + 1 < this.maxEntries) {
      const size = this.bodies.get(first - 1)!.length;
      if (chars + size > this.maxChars && first <= this.end) break;
      chars += size;
      first -= 1;
    }
    from = first;
    if (from > this.end) return undefined;
    const cmds: string[] = [];
    for (let seq = from; seq <= this.end; seq++) cmds.push(this.bodies.get(seq)!);
    this.sent.delete(gateway);
    this.sent.set(gateway, this.end);
    if (this.sent.size > this.maxGateways) this.sent.delete(this.sent.keys().next().value!);
    return { first: from, cmds };
  }
}

/** A refusal thrown while preparing (an AppError) travels by name; anything else as a failure. */
export function errorReply(error: unknown): CommandReply {
  if (error instanceof AppError) {
    return {
      error: {
        name: error.errorName,
        ...(error.params !== undefined ? { params: error.params } : {}),
        ...(error.fieldKeys !== undefined ? { fieldKeys: error.fieldKeys } : {}),
      },
    };
  }
  return { failed: error instanceof Error ? error.message : String(error) };
}

export function reviveError(e: Extract<CommandReply, { error: unknown }>['error']): Error {
  return new AppError(e.name as ConstructorParameters<typeof AppError>[0], e.params, e.fieldKeys);
}

/** In process: the link calls the host, the feed is its commit listener. */
export function inProcessTransport(host: EngineHost): {
  link: CommandLink;
  feed(replica: ReplicaEngine): () => void;
} {
  return {
    link: {
      send: (draft, options) => host.submit(draft, options).then((r) => replyOf(r), errorReply),
    },
    feed: (replica) =>
      host.onCommit((batch) => {
        void replica.receive(batch[0]!.seq!, batch.map(bodyOf));
      }),
  };
}

interface WireRequest {
  draft: CommandDraft;
  options: SubmitOptions;
  /** The sending gateway's link (ADR 177): what its replies carry. Absent: nothing carried. */
  from?: string;
}

/** Several commands of one gateway, in the order it submitted them (ADR 216). */
interface WireBatch {
  from: string;
  items: { draft: CommandDraft; options: SubmitOptions }[];
}

/**
 * The answer to a WireBatch: `replies[i]` is the result of `items[i]`, without the journal (carried
 * once for the whole batch) and without `body` when the carried run holds that seq.
 */
interface WireBatchReply {
  replies: (Exclude<CommandReply, Answered> | (Omit<Answered, 'body'> & { body?: string }))[];
  journal?: JournalRun;
}

/** One batch's results as the writer sends them back: each body once, in the carried run. */
export function batchReplyOf(
  results: readonly PromiseSettledResult<Executed>[],
  journal: JournalRun | undefined,
): WireBatchReply {
  const end = journal === undefined ? 0 : journal.first + journal.cmds.length - 1;
  const replies = results.map((s) => {
    if (s.status === 'rejected') return errorReply(s.reason);
    const reply = replyOf(s.value);
    if (journal === undefined || reply.seq === null || reply.seq < journal.first || reply.seq > end)
      return reply;
    const { body: _carried, ...rest } = reply;
    return rest;
  });
  return journal === undefined ? { replies } : { replies, journal };
}

/** A WireBatchReply back to one CommandReply per command (the body from the run when left out). */
export function repliesOf(wire: WireBatchReply): CommandReply[] {
  const { journal } = wire;
  return wire.replies.map((r): CommandReply => {
    if (!('code' in r)) return r;
    const body =
      r.body ?? (journal !== undefined && r.seq !== null ? journal.cmds[r.seq - journal.first] : undefined);
    if (body === undefined) return { failed: `engine reply for seq ${r.seq} has no body` };
    return journal === undefined ? { ...r, body } : { ...r, body, journal };
  });
}

/** Creates the journal stream if it is not there (idempotent; every engine start calls it). */
export async function ensureJournalStream(nc: NatsConnection, names: NatsNames): Promise<void> {
  const jsm = await jetstreamManager(nc);
  const config = {
    name: names.stream,
    subjects: [names.journal],
    storage: StorageType.File,
    // A gateway away longer than this (or a fresh one) reads the journal table instead.
    max_age: nanos(24 * 60 * 60 * 1000),
    max_bytes: 1024 * 1024 * 1024,
    duplicate_window: nanos(2 * 60 * 1000),
  };
  try {
    await jsm.streams.info(names.stream);
  } catch {
    await jsm.streams.add(config);
  }
}

/**
 * The writer's side: answers commands from any gateway and publishes every commit. Returns the
 * stop function (drains the subscription; the connection is the caller's).
 */
export async function serveEngine(
  nc: NatsConnection,
  host: EngineHost,
  names: NatsNames,
  log: (message: string) => void,
): Promise<() => Promise<void>> {
  await ensureJournalStream(nc, names);
  const js = jetstream(nc);
  const recent = new ReplyJournal();
  // What goes out after a commit, sent together at the end of the turn (ADR 216): first the
  // batched replies, then the commits to the stream. In one synchronous run they share nats.js'
  // next flush (one socket write, not one per reply and one per publish), and a gateway gets its
  // own commands from the reply before the stream's copy. Published first, the stream's copy raced
  // a batched reply to the gateway and often won, and its commands waited for the stream after all.
  const replies: (() => void)[] = [];
  const commits: (readonly Executed[])[] = [];
  let scheduled = false;
  const sendLater = () => {
    if (scheduled) return;
    scheduled = true;
    setImmediate(() => {
      scheduled = false;
      for (const reply of replies.splice(0)) reply();
      for (const batch of commits.splice(0)) publishCommit(batch);
    });
  };
  const off = host.onCommit((batch) => {
    recent.record(batch);
    commits.push(batch);
    sendLater();
  });
  const publishCommit = (batch: readonly Executed[]) => {
    for (let i = 0; i < batch.length; i += CHUNK) {
      const part = batch.slice(i, i + CHUNK);
      const first = part[0]!.seq!;
      const payload = encodeJson({ first, cmds: part.map(bodyOf) });
      // Not awaited one by one: the client sends in call order and the stream stores in that order.
      // A lost publish is a gap the gateways fill from the journal table.
      js.publish(names.journal, payload, { msgID: String(first) }).catch((error: unknown) => {
        log(`journal publish from ${first} failed: ${String(error)}`);
      });
    }
  };
  const sub = nc.subscribe(names.submit, {
    queue: 'engine',
    callback: (error, msg) => {
      if (error !== null) {
        log(`engine submit subscription: ${String(error)}`);
        return;
      }
      let request: WireRequest;
      try {
        request = JSON.parse(msg.string(), reviveBigints) as WireRequest;
      } catch (e) {
        msg.respond(encodeJson(errorReply(e)));
        return;
      }
      const from = request.from;
      host.submit(request.draft, request.options).then(
        (r) => msg.respond(encodeJson(replyOf(r, from === undefined ? undefined : recent.carry(from)))),
        (e: unknown) => msg.respond(encodeJson(errorReply(e))),
      );
    },
  });
  // Batched requests (ADR 216): all of a gateway's commands are queued at once, so they meet the
  // engine in the same group commit, and answered together once the last one is settled.
  const batchSub = nc.subscribe(names.batch, {
    queue: 'engine',
    callback: (error, msg) => {
      if (error !== null) {
        log(`engine batch subscription: ${String(error)}`);
        return;
      }
      let request: WireBatch;
      try {
        request = JSON.parse(msg.string(), reviveBigints) as WireBatch;
      } catch (e) {
        msg.respond(encodeJson({ replies: [errorReply(e)] }));
        return;
      }
      void Promise.allSettled(
        host.submitAll(request.items.map((i) => ({ build: i.draft, options: i.options }))),
      )
        .then((results) => {
          let own: number | undefined;
          for (const r of results)
            if (r.status === 'fulfilled' && r.value.seq !== null) {
              own = r.value.seq;
              break;
            }
          const payload = encodeJson(batchReplyOf(results, recent.carry(request.from, own)));
          replies.push(() => msg.respond(payload));
          sendLater();
        })
        .catch((e: unknown) => log(`engine batch reply: ${String(e)}`));
    },
  });
  return async () => {
    off();
    await sub.drain();
    await batchSub.drain();
  };
}

interface Queued {
  request: { draft: CommandDraft; options: SubmitOptions };
  resolve: (reply: CommandReply) => void;
  reject: (error: unknown) => void;
  timer: ReturnType<typeof setTimeout>;
  done: boolean;
}

/**
 * A gateway's link: request/reply to the writer, named so that replies carry its entries. The
 * commands sent in one event-loop turn go as one request (ADR 216, up to BATCH each); every command
 * keeps its own timeout from its own `send`, and a failed request fails each of its commands.
 */
export function natsLink(nc: NatsConnection, names: NatsNames, timeoutMs = 10_000): CommandLink {
  const from = randomBytes(9).toString('base64url');
  let queued: Queued[] = [];
  let scheduled = false;
  const settle = (q: Queued) => {
    q.done = true;
    clearTimeout(q.timer);
  };
  const flush = () => {
    scheduled = false;
    const all = queued.filter((q) => !q.done);
    queued = [];
    for (let i = 0; i < all.length; i += BATCH) {
      const part = all.slice(i, i + BATCH);
      const request: WireBatch = { from, items: part.map((q) => q.request) };
      // The request's own timeout only ends a wait no command needs any more: each command's
      // timer (from its send) answers it first.
      nc.request(names.batch, encodeJson(request), { timeout: timeoutMs + 1000 }).then(
        (msg) => {
          let replies: CommandReply[];
          try {
            replies = repliesOf(JSON.parse(msg.string()) as WireBatchReply);
          } catch (error) {
            replies = part.map(() => ({ failed: `engine reply unreadable: ${String(error)}` }));
          }
          part.forEach((q, k) => {
            if (q.done) return;
            settle(q);
            q.resolve(replies[k] ?? { failed: 'engine reply without this command' });
          });
        },
        (error: unknown) => {
          for (const q of part) {
            if (q.done) continue;
            settle(q);
            q.reject(error);
          }
        },
      );
    }
  };
  return {
    send(draft, options) {
      return new Promise<CommandReply>((resolve, reject) => {
        const q: Queued = {
          request: { draft, options },
          resolve,
          reject,
          done: false,
          timer: setTimeout(() => {
            if (q.done) return;
            q.done = true;
            reject(new TimeoutError());
          }, timeoutMs),
        };
        queued.push(q);
        if (!scheduled) {
          scheduled = true;
          setImmediate(flush);
        }
      });
    },
  };
}

/**
 * A gateway's feed: an ordered consumer from the stream's new messages on. Call before the replica
 * is built and hand it over with `attach`: what arrives meanwhile waits, and the replica skips
 * what its database read already had and fills any gap from the journal table.
 */
export async function natsFeed(
  nc: NatsConnection,
  names: NatsNames,
  log: (message: string) => void,
): Promise<{ attach(replica: ReplicaEngine): void; stop(): Promise<void> }> {
  const js = jetstream(nc);
  const consumer = await js.consumers.get(names.stream, { deliver_policy: DeliverPolicy.New });
  const messages = await consumer.consume();
  let replica: ReplicaEngine | undefined;
  const early: { first: number; cmds: string[] }[] = [];
  const loop = (async () => {
    for await (const m of messages) {
      try {
        const batch = m.json<{ first: number; cmds: string[] }>();
        if (replica === undefined) early.push(batch);
        else await replica.receive(batch.first, batch.cmds);
      } catch (error) {
        log(`journal message ${m.seq}: ${String(error)}`);
      }
    }
  })();
  return {
    attach(r) {
      replica = r;
      for (const b of early.splice(0)) void r.receive(b.first, b.cmds);
    },
    async stop() {
      await messages.close();
      await loop;
    },
  };
}

/**
 * Announcements every process hears (its own included): session revocations and bans (`auth`),
 * operator changes to reload (`ops`). At most once: each use has a bound for a lost message (the
 * auth cache's one second; the ops reload on the next change or start).
 */
export type BusTopic = 'auth' | 'ops' | 'rate';

export interface ClusterBus {
  publish(topic: BusTopic, message: unknown): void;
  subscribe(topic: BusTopic, listener: (message: unknown) => void): () => void;
}

export function inProcessBus(): ClusterBus {
  const listeners = {
    auth: new Set<(m: unknown) => void>(),
    ops: new Set<(m: unknown) => void>(),
    rate: new Set<(m: unknown) => void>(),
  };
  return {
    publish: (topic, message) => {
      for (const l of listeners[topic]) l(message);
    },
    subscribe: (topic, listener) => {
      listeners[topic].add(listener);
      return () => listeners[topic].delete(listener);
    },
  };
}

export function natsBus(nc: NatsConnection, names: NatsNames, log: (message: string) => void): ClusterBus {
  const subject = (topic: BusTopic) => names[topic];
  return {
    publish: (topic, message) => nc.publish(subject(topic), encodeJson(message)),
    subscribe: (topic, listener) => {
      const sub = nc.subscribe(subject(topic), {
        callback: (error, msg) => {
          if (error !== null) return log(`bus ${topic}: ${String(error)}`);
          try {
            listener(msg.json());
          } catch (e) {
            log(`bus ${topic} listener: ${String(e)}`);
          }
        },
      });
      return () => sub.unsubscribe();
    },
  };
}
