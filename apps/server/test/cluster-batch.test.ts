// A gateway's commands batched over a real nats-server (issue 9, ADR 216, 218): what one gateway submits
// in one event-loop turn crosses NATS as ONE request, meets the writer in ONE group commit and comes
// back as ONE reply with each command's own result; per-command refusals, preparer errors,
// idempotency and timeouts stay exactly as they were one request each. The writer is a real
// EngineHost on PostgreSQL; the link and the writer's side are the production adapters. Needs
// NATS_URL and DATABASE_URL; a stream prefix of its own, removed afterwards.

import { randomBytes } from 'node:crypto';
import { ResultCode } from '@ex/core';
import { jetstreamManager } from '@nats-io/jetstream';
import { connect, type NatsConnection, TimeoutError } from '@nats-io/transport-node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { BOT_USERS } from '../src/bot/users.ts';
import type { EngineHost, Executed } from '../src/engine/host.ts';
import { type CommandReply, ReplicaEngine } from '../src/engine/replica.ts';
import { engineDb } from '../src/engine/tables.ts';
import {
  batchReplyOf,
  natsFeed,
  natsLink,
  natsNames,
  repliesOf,
  reviveError,
  serveEngine,
} from '../src/engine/transport.ts';
import { AppError } from '../src/http/errors.ts';
import { toSpotOrder } from '../src/spot/service.ts';
import { spotLimit } from './helpers/spot.ts';
import { type TestApp, testApp } from './helpers/testApp.ts';

const NATS_URL = process.env.NATS_URL;
const DATABASE_URL = process.env.DATABASE_URL;

const answered = (r: CommandReply) => {
  if (!('code' in r)) throw new Error(`not answered: ${JSON.stringify(r)}`);
  return r;
};

describe('batch replies on the wire (no server needed)', () => {
  const executed = (seq: number | null, body: string): Executed => ({
    code: seq === null ? ResultCode.SPOT_INSUFFICIENT_BALANCE : ResultCode.OK,
    events: [],
    seq,
    ts: 5,
    id: String(seq ?? 9),
    command: { type: 'liquidationCheck', ts: 5 },
    ...(seq === null ? {} : { body }),
  });

  it('each body crosses once: left out of a reply whose seq the carried run holds, restored from it', () => {
    const results: PromiseSettledResult<Executed>[] = [
      { status: 'fulfilled', value: executed(7, 'b7') },
      { status: 'fulfilled', value: executed(null, '') },
      { status: 'rejected', reason: new AppError('PRICE_OUT_OF_BAND') },
      { status: 'fulfilled', value: executed(9, 'b9') },
      { status: 'fulfilled', value: executed(4, 'b4') },
    ];
    const wire = batchReplyOf(results, { first: 6, cmds: ['b6', 'b7', 'b8', 'b9'] });
    const text = JSON.stringify(wire);
    expect(text.match(/"b7"/g)?.length).toBe(1);
    expect(text.match(/"b9"/g)?.length).toBe(1);
    // Seq 4 is before the run: its reply keeps its body.
    expect(text.match(/"b4"/g)?.length).toBe(1);
    const back = repliesOf(JSON.parse(text));
    expect(back).toHaveLength(5);
    expect(answered(back[0]!).body).toBe('b7');
    expect(answered(back[0]!).journal).toEqual({ first: 6, cmds: ['b6', 'b7', 'b8', 'b9'] });
    expect(answered(back[1]!).seq).toBeNull();
    expect(back[2]).toMatchObject({ error: { name: 'PRICE_OUT_OF_BAND' } });
    expect(answered(back[3]!).body).toBe('b9');
    expect(answered(back[4]!).body).toBe('b4');
    // Without a carried run every accepted reply has its body and none carries a journal.
    const bare = repliesOf(JSON.parse(JSON.stringify(batchReplyOf(results.slice(0, 1), undefined))));
    expect(answered(bare[0]!).body).toBe('b7');
    expect(answered(bare[0]!).journal).toBeUndefined();
  });
});

describe.skipIf(!NATS_URL || !DATABASE_URL)('a gateway batches its commands to the writer over NATS', () => {
  const prefix = `b${randomBytes(4).toString('hex')}`;
  const names = natsNames(prefix);
  let engineNc: NatsConnection;
  let gatewayNc: NatsConnection;
  let t: TestApp;
  let writer: EngineHost;
  let stopServing: () => Promise<void>;
  /** Every batched request seen on the wire (a plain subscriber sees what the queue group gets). */
  let requests: number[];
  let commits: number[][];

  beforeAll(async () => {
    engineNc = await connect({ servers: NATS_URL!, noAsyncTraces: true });
    gatewayNc = await connect({ servers: NATS_URL!, noAsyncTraces: true });
  });
  afterAll(async () => {
    const jsm = await jetstreamManager(engineNc);
    await jsm.streams.delete(names.stream).catch(() => {});
    await gatewayNc.drain();
    await engineNc.drain();
  });

  beforeEach(async () => {
    t = await testApp('postgres');
    writer = t.services.engine as EngineHost;
    await writer.submit({ type: 'deposit', userId: 'u1', asset: 'USDC', amount: 50_000_000_000n });
    await writer.submit({ type: 'deposit', userId: 'u2', asset: 'BTC', amount: 200_000_000n });
    stopServing = await serveEngine(engineNc, writer, names, () => {});
    requests = [];
    commits = [];
    writer.onCommit((batch) => commits.push(batch.map((e) => e.seq!)));
    const spy = gatewayNc.subscribe(names.batch, {
      callback: (_e, msg) => {
        requests.push((msg.json() as { items: unknown[] }).items.length);
      },
    });
    await gatewayNc.flush();
    return () => spy.unsubscribe();
  });
  afterEach(async () => {
    await stopServing();
    await t.close();
  });

  it('commands sent in one turn go as one request, meet the writer in one commit and come back each with its own result', async () => {
    const link = natsLink(gatewayNc, names);
    const drafts = Array.from({ length: 30 }, (_, i) => spotLimit('u1', 'buy', 5_900_000 + i, 10));
    const replies = (await Promise.all(drafts.map((d) => link.send(d, {})))).map(answered);
    expect(requests).toEqual([30]);
    // One group commit holds all 30, in the order they were sent.
    expect(commits).toEqual([Array.from({ length: 30 }, (_, i) => 3 + i)]);
    replies.forEach((r, i) => {
      expect(r.code).toBe(ResultCode.OK);
      expect(r.seq).toBe(3 + i);
      expect(r.order?.price).toBeDefined();
      expect(JSON.parse(r.body).price).toBe(5_900_000 + i);
      // The carried run reaches this command's entry.
      expect(r.journal!.first + r.journal!.cmds.length - 1).toBeGreaterThanOrEqual(r.seq!);
    });
    // Turns apart: one request each.
    await link.send(spotLimit('u1', 'buy', 5_800_000, 1), {});
    await link.send(spotLimit('u1', 'buy', 5_800_001, 1), {});
    expect(requests).toEqual([30, 1, 1]);
  });

  it('a refusal, a preparer error and a repeated idempotency key in one batch answer only their own command', async () => {
    await writer.submit({ type: 'priceUpdate', symbol: 'BTC_USDC_PERP', indexPrice: 6_000_000n });
    const link = natsLink(gatewayNc, names);
    const claim = { userId: 'u1', scope: 'test', key: 'k-batch', hash: 'h' };
    const before = writer.journalLength;
    const sent = [
      link.send(spotLimit('u1', 'buy', 5_990_000, 10), {}),
      link.send({ type: 'deposit', userId: 'u1', asset: 'NOPE', amount: 1n }, {}),
      link.send(spotLimit('u1', 'buy', 1_000, 1), { prepare: 'spot.place' }),
      link.send({ type: 'deposit', userId: 'u1', asset: 'USDC', amount: 9n }, { idempotency: claim }),
      link.send({ type: 'deposit', userId: 'u1', asset: 'USDC', amount: 9n }, { idempotency: claim }),
      link.send(spotLimit('u2', 'sell', 6_010_000, 10), {}),
    ];
    const [ok, unknownAsset, outOfBand, first, repeat, last] = await Promise.all(sent);
    expect(requests).toEqual([6]);
    expect(answered(ok!).code).toBe(ResultCode.OK);
    expect(answered(unknownAsset!).code).toBe(ResultCode.ENGINE_UNKNOWN_ASSET);
    expect(answered(unknownAsset!).seq).toBeNull();
    expect(outOfBand).toMatchObject({ error: { name: 'PRICE_OUT_OF_BAND' } });
    expect(answered(first!).code).toBe(ResultCode.OK);
    expect(answered(repeat!).code).toBe(ResultCode.ENGINE_DUPLICATE_REFERENCE);
    expect(answered(last!).code).toBe(ResultCode.OK);
    // Three journaled, in the order sent.
    expect([answered(ok!).seq, answered(first!).seq, answered(last!).seq]).toEqual([
      before + 1,
      before + 2,
      before + 3,
    ]);
    expect(writer.journalLength).toBe(before + 3);
  });

  it('each command times out on its own clock, from its own send', async () => {
    // A writer that never answers: the batch subject's queue group, somewhere else.
    await stopServing();
    stopServing = async () => {};
    const silent = engineNc.subscribe(names.batch, { queue: 'engine', callback: () => {} });
    await engineNc.flush();
    try {
      const link = natsLink(gatewayNc, names, 300);
      const t0 = performance.now();
      const at = (p: Promise<CommandReply>) =>
        p.then(
          () => ({ ms: -1, error: null as unknown }),
          (error: unknown) => ({ ms: performance.now() - t0, error }),
        );
      const a = at(link.send(spotLimit('u1', 'buy', 5_900_000, 1), {}));
      await new Promise((r) => setTimeout(r, 150));
      const b = at(link.send(spotLimit('u1', 'buy', 5_900_001, 1), {}));
      const [ra, rb] = await Promise.all([a, b]);
      expect(ra.error).toBeInstanceOf(TimeoutError);
      expect(rb.error).toBeInstanceOf(TimeoutError);
      expect(ra.ms).toBeGreaterThanOrEqual(295);
      expect(ra.ms).toBeLessThan(440);
      expect(rb.ms).toBeGreaterThanOrEqual(445);
      expect(requests).toEqual([1, 1]);
    } finally {
      silent.unsubscribe();
    }
  });

  it('a replica behind the batched link reads its own writes and equals the writer', async () => {
    const feed = await natsFeed(gatewayNc, names, () => {});
    const replica = await ReplicaEngine.start({
      edb: engineDb(t.db),
      link: natsLink(gatewayNc, names),
      botUsers: BOT_USERS,
      reviveError,
      applyWaitMs: 2000,
    });
    feed.attach(replica);
    try {
      const placed = await Promise.all(
        Array.from({ length: 40 }, (_, i) =>
          replica.submit(spotLimit(i % 2 === 0 ? 'u1' : 'u2', i % 2 === 0 ? 'buy' : 'sell', 6_000_000, 10)),
        ),
      );
      expect(requests).toEqual([40]);
      for (const r of placed) {
        expect(r.code).toBe(ResultCode.OK);
        // Read your own write: applied here when answered, with its events.
        expect(replica.journalLength).toBeGreaterThanOrEqual(r.seq!);
        expect(r.events.length).toBeGreaterThan(0);
      }
      expect(placed.filter((r) => r.events.some((e) => e.type === 'spot.trade')).length).toBeGreaterThan(0);
      expect(replica.sources.reply).toBeGreaterThanOrEqual(40);
      // Resting bids: each answer carries its order row as committed (ADR 218), the order the
      // table holds, so the gateway's service answers without reading it back.
      const bids = await Promise.all(
        Array.from({ length: 5 }, (_, i) => replica.submit(spotLimit('u1', 'buy', 5_000_000 + i, 10))),
      );
      for (const r of bids) {
        const row = await engineDb(t.db)
          .selectFrom('orders')
          .selectAll()
          .where('id', '=', r.id)
          .executeTakeFirst();
        expect(row).toBeDefined();
        expect(r.order).toBeDefined();
        expect(toSpotOrder(r.order!)).toEqual(toSpotOrder(row!));
      }
      await writer.idle();
      await replica.idle();
      expect(replica.stateHash()).toBe(writer.stateHash());
    } finally {
      await feed.stop();
      await replica.close();
    }
  });
});
