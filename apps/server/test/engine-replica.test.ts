// A gateway's engine replica against the real writer, in process (ADR 172): commands as data go
// to the writer, the committed commands come back, and the replica's state and events are the
// writer's. The NATS adapter carries the same two halves (cluster.test.ts).

import { ResultCode } from '@ex/core';
import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BOT_USERS } from '../src/bot/users.ts';
import type { EngineHost } from '../src/engine/host.ts';
import { ReplicaEngine } from '../src/engine/replica.ts';
import { engineDb } from '../src/engine/tables.ts';
import { inProcessTransport, reviveError } from '../src/engine/transport.ts';
import { AppError } from '../src/http/errors.ts';
import { BACKENDS, type TestApp, testApp } from './helpers/testApp.ts';

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
    const sell = await replica.submit({
      type: 'spotPlace',
      orderType: 'limit',
      userId: 'u2',
      symbol: 'BTC_USDC',
      side: 'sell',
      price: 6_000_000,
      qty: 10_000,
    });
    expect(sell.code).toBe(ResultCode.OK);
    expect(sell.seq).toBe(3);
    // Read your own write: the replica has applied it when the answer comes.
    expect(replica.journalLength).toBe(3);
    expect(replica.engine.spot.book('BTC_USDC')?.bestAsk()).toBe(6_000_000);
    const buy = await replica.submit({
      type: 'spotPlace',
      orderType: 'limit',
      userId: 'u1',
      symbol: 'BTC_USDC',
      side: 'buy',
      price: 6_000_000,
      qty: 4_000,
    });
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
      .submit(
        {
          type: 'spotPlace',
          orderType: 'limit',
          userId: 'u1',
          symbol: 'BTC_USDC',
          side: 'buy',
          price: 1_000,
          qty: 1,
        },
        { prepare: 'spot.place' },
      )
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
    const order = fc.record({
      via: fc.constantFrom('writer', 'replica'),
      user: fc.constantFrom('u1', 'u2'),
      side: fc.constantFrom('buy', 'sell'),
      price: fc.integer({ min: 5_990_000, max: 6_010_000 }),
      qty: fc.integer({ min: 1, max: 5_000 }),
      cancel: fc.boolean(),
    });
    await fc.assert(
      fc.asyncProperty(fc.array(order, { minLength: 1, maxLength: 25 }), async (orders) => {
        const placed = await Promise.all(
          orders.map((o) =>
            (o.via === 'writer' ? writer : replica).submit({
              type: 'spotPlace',
              orderType: 'limit',
              userId: o.user,
              symbol: 'BTC_USDC',
              side: o.side as 'buy' | 'sell',
              price: o.price,
              qty: o.qty,
            }),
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
});
