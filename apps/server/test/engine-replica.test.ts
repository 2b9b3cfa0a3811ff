// A gateway's engine replica against the real writer, in process (ADR 172): commands as data go
// to the writer, the committed commands come back, and the replica's state and events are the
// writer's. The NATS adapter carries the same two halves (cluster.test.ts).

import { ResultCode } from '@ex/core';
import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BOT_USERS } from '../src/bot/users.ts';
import type { EngineHost } from '../src/engine/host.ts';
import { type CommandLink, type CommandReply, ReplicaEngine } from '../src/engine/replica.ts';
import { engineDb } from '../src/engine/tables.ts';
import {
  errorReply,
  inProcessTransport,
  ReplyJournal,
  replyOf,
  reviveError,
} from '../src/engine/transport.ts';
import { AppError } from '../src/http/errors.ts';
import { spotLimit } from './helpers/spot.ts';
import { BACKENDS, type TestApp, testApp } from './helpers/testApp.ts';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** What a reply carries: the run as the writer built it, only the command's own entry, or none. */
type Carry = 'full' | 'own' | 'none';
/** What the stream does with one message: deliver it, lose it, or deliver it twice. */
type Delivery = 'once' | 'lost' | 'twice';

/**
 * The NATS transport's two halves in process, with the timing in the test's hands (ADR 177):
 * replies carry entries from a ReplyJournal (as serveEngine builds them) and may be delayed or
 * stripped; the stream's messages wait in order until `flush` delivers them (or loses them).
 */
function wire(writer: EngineHost) {
  const recent = new ReplyJournal();
  const stream: { first: number; cmds: string[] }[] = [];
  let target: ReplicaEngine | undefined;
  let replyGate: Promise<void> | undefined;
  const plan = { delays: [] as number[], carries: [] as Carry[], n: 0 };
  const off = writer.onCommit((batch) => {
    recent.record(batch);
    stream.push({ first: batch[0]!.seq!, cmds: batch.map((e) => e.body!) });
  });
  const reshape = (reply: CommandReply, carry: Carry): CommandReply => {
    if (!('code' in reply) || reply.journal === undefined || carry === 'full') return reply;
    const { journal, ...rest } = reply;
    if (carry === 'none' || reply.seq === null) return rest;
    return { ...rest, journal: { first: reply.seq, cmds: [journal.cmds[reply.seq - journal.first]!] } };
  };
  const link: CommandLink = {
    send: async (draft, options) => {
      const k = plan.n++;
      const reply = await writer
        .submit(draft, options)
        .then((r) => replyOf(r, recent.carry('g')), errorReply);
      await sleep(plan.delays[k % Math.max(1, plan.delays.length)] ?? 0);
      await replyGate;
      return reshape(reply, plan.carries[k % Math.max(1, plan.carries.length)] ?? 'full');
    },
  };
  return {
    link,
    plan,
    pending: () => stream.length,
    attach(r: ReplicaEngine) {
      target = r;
    },
    /** Replies wait until the returned function is called. */
    holdReplies(): () => void {
      let open = () => {};
      replyGate = new Promise<void>((r) => {
        open = r;
      });
      return () => {
        replyGate = undefined;
        open();
      };
    },
    /** Delivers the queued stream messages in order, each as `deliveries` says (default once). */
    async flush(deliveries: Delivery[] = [], gapMs: number[] = []) {
      let i = 0;
      for (const m of stream.splice(0)) {
        const how = deliveries[i % Math.max(1, deliveries.length)] ?? 'once';
        await sleep(gapMs[i % Math.max(1, gapMs.length)] ?? 0);
        i += 1;
        if (how === 'lost') continue;
        await target!.receive(m.first, m.cmds);
        if (how === 'twice') await target!.receive(m.first, m.cmds);
      }
    },
    off,
  };
}

/** An order of the property tests, sent to the writer or through the replica (and maybe cancelled). */
const order = fc.record({
  via: fc.constantFrom('writer', 'replica'),
  user: fc.constantFrom('u1', 'u2'),
  side: fc.constantFrom('buy', 'sell'),
  price: fc.integer({ min: 5_990_000, max: 6_010_000 }),
  qty: fc.integer({ min: 1, max: 5_000 }),
  cancel: fc.boolean(),
});

describe.each(BACKENDS)('engine replica on %s', (backend) => {
  let t: TestApp;
  let writer: EngineHost;
  let replica: ReplicaEngine;
  let detach: () => void;

  const startReplica = async () => {
    const transport = inProcessTransport(writer);
    const r = await ReplicaEngine.start({
      edb: engineDb(t.db),
      link: transport.link,
      botUsers: BOT_USERS,
      reviveError,
      applyWaitMs: 300,
    });
    detach = transport.feed(r);
    return r;
  };

  beforeEach(async () => {
    t = await testApp(backend);
    writer = t.services.engine as EngineHost;
    await writer.submit({ type: 'deposit', userId: 'u1', asset: 'USDC', amount: 50_000_000_000n });
    await writer.submit({ type: 'deposit', userId: 'u2', asset: 'BTC', amount: 200_000_000n });
    replica = await startReplica();
  });
  afterEach(async () => {
    detach();
    await replica.close();
    await t.close();
  });

  it('a command sent as data through the replica is committed by the writer and read back here with its events', async () => {
    const sell = await replica.submit(spotLimit('u2', 'sell', 6_000_000, 10_000));
    expect(sell.code).toBe(ResultCode.OK);
    expect(sell.seq).toBe(3);
    // Read your own write: the replica has applied it when the answer comes.
    expect(replica.journalLength).toBe(3);
    expect(replica.engine.spot.book('BTC_USDC')?.bestAsk()).toBe(6_000_000);
    const buy = await replica.submit(spotLimit('u1', 'buy', 6_000_000, 4_000));
    expect(buy.events.some((e) => e.type === 'spot.trade')).toBe(true);
    await writer.idle();
    await replica.idle();
    expect(replica.stateHash()).toBe(writer.stateHash());
  });

  it('a refusal comes back as the code, and a preparer error as the same AppError, with nothing journaled', async () => {
    const before = writer.journalLength;
    const broke = await replica.submit({ type: 'deposit', userId: 'u1', asset: 'NOPE', amount: 1n });
    expect(broke.code).toBe(ResultCode.ENGINE_UNKNOWN_ASSET);
    expect(broke.seq).toBeNull();
    // An index, then a limit price far outside the band: the spot preparer refuses in the writer.
    await writer.submit({ type: 'priceUpdate', symbol: 'BTC_USDC_PERP', indexPrice: 6_000_000n });
    const error = await replica
      .submit(spotLimit('u1', 'buy', 1_000, 1), { prepare: 'spot.place' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).errorName).toBe('PRICE_OUT_OF_BAND');
    expect(writer.journalLength).toBe(before + 1);
  });

  it('a builder function cannot cross to the writer', async () => {
    await expect(
      replica.submit(({ ts, id }) => ({ type: 'deposit', ts, id, userId: 'u1', asset: 'USDC', amount: 1n })),
    ).rejects.toThrow(/as data/);
  });

  it('a replica that missed commits fills the gap from the journal table and reaches the same state', async () => {
    detach();
    for (let i = 0; i < 5; i++)
      await writer.submit({ type: 'deposit', userId: 'u1', asset: 'USDC', amount: BigInt(1_000 + i) });
    expect(replica.journalLength).toBe(2);
    const seen: number[] = [];
    replica.onCommit((batch) => seen.push(...batch.map((e) => e.seq!)));
    detach = inProcessTransport(writer).feed(replica);
    await writer.submit({ type: 'deposit', userId: 'u1', asset: 'USDC', amount: 7n });
    await replica.idle();
    expect(replica.journalLength).toBe(8);
    // Every command once, in order, gap included: the listeners (depth, private streams) miss nothing.
    expect(seen).toEqual([3, 4, 5, 6, 7, 8]);
    expect(replica.stateHash()).toBe(writer.stateHash());
  });

  it('a command whose journal entry never arrives is read from the table after the wait', async () => {
    detach();
    const r = await replica.submit({ type: 'deposit', userId: 'u1', asset: 'USDC', amount: 5n });
    expect(r.seq).toBe(3);
    expect(replica.journalLength).toBe(3);
    expect(r.events.length).toBeGreaterThan(0);
  });

  it('two gateways racing one idempotency key: the writer commits it once and refuses the other without stopping', async () => {
    const claim = { userId: 'u1', scope: 'test', key: 'k-1', hash: 'h' };
    const [a, b] = await Promise.all([
      writer.submit({ type: 'deposit', userId: 'u1', asset: 'USDC', amount: 9n }, { idempotency: claim }),
      replica.submit({ type: 'deposit', userId: 'u1', asset: 'USDC', amount: 9n }, { idempotency: claim }),
    ]);
    const codes = [a.code, b.code].sort();
    expect(codes).toEqual([ResultCode.OK, ResultCode.ENGINE_DUPLICATE_REFERENCE].sort());
    // Later: the key is committed, the writer still refuses it and still accepts other work.
    const again = await replica.submit(
      { type: 'deposit', userId: 'u1', asset: 'USDC', amount: 9n },
      { idempotency: claim },
    );
    expect(again.code).toBe(ResultCode.ENGINE_DUPLICATE_REFERENCE);
    const other = await replica.submit({ type: 'deposit', userId: 'u1', asset: 'USDC', amount: 1n });
    expect(other.code).toBe(ResultCode.OK);
  });

  it('property: any mix of commands through the writer and the replica, in any interleaving, leaves the replica and a fresh one equal to the writer', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(order, { minLength: 1, maxLength: 25 }), async (orders) => {
        const placed = await Promise.all(
          orders.map((o) =>
            (o.via === 'writer' ? writer : replica).submit(
              spotLimit(o.user, o.side as 'buy' | 'sell', o.price, o.qty),
            ),
          ),
        );
        await Promise.all(
          placed.map((r, i) =>
            orders[i]!.cancel && r.seq !== null
              ? replica.submit({
                  type: 'spotCancel',
                  symbol: 'BTC_USDC',
                  orderId: r.id,
                  userId: orders[i]!.user,
                })
              : undefined,
          ),
        );
        await writer.idle();
        await replica.idle();
        expect(replica.journalLength).toBe(writer.journalLength);
        expect(replica.stateHash()).toBe(writer.stateHash());
      }),
      { numRuns: 8 },
    );
    const fresh = await ReplicaEngine.start({
      edb: engineDb(t.db),
      link: inProcessTransport(writer).link,
      reviveError,
    });
    expect(fresh.stateHash()).toBe(writer.stateHash());
  });
  describe('the reply carries the committed entries (ADR 177)', () => {
    let w: ReturnType<typeof wire>;
    let gw: ReplicaEngine;
    let seen: number[];

    const startGateway = async (applyWaitMs: number) => {
      w = wire(writer);
      gw = await ReplicaEngine.start({
        edb: engineDb(t.db),
        link: w.link,
        botUsers: BOT_USERS,
        reviveError,
        applyWaitMs,
      });
      w.attach(gw);
      seen = [];
      gw.onCommit((batch) => seen.push(...batch.map((e) => e.seq!)));
    };
    afterEach(async () => {
      w.off();
      await gw.close();
    });

    it('a reply before the stream: the command is applied from the reply at once, and the stream copy is skipped', async () => {
      // A wait for the table this long would time the test out: the answer comes from the reply.
      await startGateway(60_000);
      const r = await gw.submit(spotLimit('u2', 'sell', 6_000_000, 10_000));
      expect(r.seq).toBe(3);
      expect(r.events.some((e) => e.type === 'spot.accepted')).toBe(true);
      expect(gw.journalLength).toBe(3);
      expect(gw.engine.spot.book('BTC_USDC')?.bestAsk()).toBe(6_000_000);
      expect(w.pending()).toBe(1);
      await w.flush(['twice']);
      await gw.idle();
      expect(seen).toEqual([3]);
      expect(gw.sources).toEqual({ reply: 1, stream: 0, table: 0 });
      expect(gw.stateHash()).toBe(writer.stateHash());
    });

    it('a reply after the stream: its entries are skipped, each command applied once', async () => {
      await startGateway(60_000);
      const open = w.holdReplies();
      const answer = gw.submit(spotLimit('u2', 'sell', 6_000_000, 10_000));
      await writer.idle();
      await w.flush();
      expect(gw.journalLength).toBe(3);
      open();
      const r = await answer;
      expect(r.seq).toBe(3);
      // The events of the stream's application, for the caller whose answer came later.
      expect(r.events.length).toBeGreaterThan(0);
      expect(seen).toEqual([3]);
      expect(gw.sources).toEqual({ reply: 0, stream: 1, table: 0 });
    });

    it('a reply ahead of the replica is held until the stream fills the gap, then applied in order', async () => {
      await startGateway(60_000);
      expect((await gw.submit(spotLimit('u2', 'sell', 6_000_000, 10_000))).seq).toBe(3);
      // A reply lost on the way (the gateway gave up on it): seq 4 was carried there and never arrived.
      await w.link.send(spotLimit('u2', 'sell', 6_001_000, 10_000), {});
      w.plan.carries = ['full'];
      let answered = false;
      const answer = gw.submit(spotLimit('u1', 'buy', 6_000_000, 4_000)).then((r) => {
        answered = true;
        return r;
      });
      await writer.idle();
      await sleep(100);
      // Seq 5 arrived with its reply but 4 has not: nothing applied past 3, the caller waits.
      expect(answered).toBe(false);
      expect(gw.journalLength).toBe(3);
      await w.flush();
      const r = await answer;
      expect(r.seq).toBe(5);
      expect(r.events.some((e) => e.type === 'spot.trade')).toBe(true);
      expect(seen).toEqual([3, 4, 5]);
      expect(gw.sources).toEqual({ reply: 2, stream: 1, table: 0 });
      expect(gw.stateHash()).toBe(writer.stateHash());
    });

    it('a reply ahead whose gap the stream never fills: the wait reads the gap from the journal table', async () => {
      await startGateway(200);
      await writer.submit({ type: 'deposit', userId: 'u1', asset: 'USDC', amount: 1n });
      w.plan.carries = ['own'];
      const r = await gw.submit(spotLimit('u2', 'sell', 6_000_000, 10_000));
      expect(r.seq).toBe(4);
      expect(gw.journalLength).toBe(4);
      expect(seen).toEqual([3, 4]);
      // The table read covers the held run as well; the reply's copy of 4 is dropped, not applied again.
      expect(gw.sources).toEqual({ reply: 0, stream: 0, table: 2 });
      expect(gw.stateHash()).toBe(writer.stateHash());
    });

    it('property: replies and the stream in any order, delayed, stripped, lost or repeated: each command applied once, in order, and the replica equal to the writer', async () => {
      await startGateway(150);
      await fc.assert(
        fc.asyncProperty(
          fc.array(order, { minLength: 1, maxLength: 20 }),
          fc.array(fc.integer({ min: 0, max: 8 }), { minLength: 1, maxLength: 8 }),
          fc.array(fc.constantFrom<Carry>('full', 'full', 'own', 'none'), { minLength: 1, maxLength: 8 }),
          fc.array(fc.constantFrom<Delivery>('once', 'once', 'lost', 'twice'), {
            minLength: 1,
            maxLength: 8,
          }),
          fc.array(fc.integer({ min: 0, max: 6 }), { minLength: 1, maxLength: 8 }),
          async (orders, delays, carries, deliveries, gaps) => {
            const from = gw.journalLength;
            seen.length = 0;
            Object.assign(w.plan, { delays, carries });
            let flushing = true;
            // The stream runs beside the commands, in order, with its own delays and losses.
            const streaming = (async () => {
              while (flushing) {
                await w.flush(deliveries, gaps);
                await sleep(3);
              }
            })();
            const placed = await Promise.all(
              orders.map((o) =>
                (o.via === 'writer' ? writer : gw).submit(
                  spotLimit(o.user, o.side as 'buy' | 'sell', o.price, o.qty),
                ),
              ),
            );
            // Read your own write: every acknowledged command of the gateway is applied there.
            const mine = placed.filter((r, i) => orders[i]!.via === 'replica' && r.seq !== null);
            for (const r of mine) expect(gw.journalLength).toBeGreaterThanOrEqual(r.seq!);
            flushing = false;
            await streaming;
            await writer.idle();
            // A consumer that resumes gets the last message again (a lost last one has no successor).
            await w.flush();
            await gw.catchUp();
            await gw.idle();
            expect(gw.journalLength).toBe(writer.journalLength);
            expect(seen).toEqual(Array.from({ length: writer.journalLength - from }, (_, i) => from + 1 + i));
            expect(gw.stateHash()).toBe(writer.stateHash());
          },
        ),
        { numRuns: 10 },
      );
    });
  });
});
