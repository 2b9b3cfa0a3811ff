import { accountKey, ResultCode } from '@ex/core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { EngineHost } from '../src/engine/host.ts';
import { engineDb } from '../src/engine/tables.ts';
import { BACKENDS, type TestApp, testApp } from './helpers/testApp.ts';

// ADR 176: periodic snapshots come from a thread that replays the committed journal; a restart
// from its snapshot gives the writer's state exactly (same hash, same balances, same book).
describe.each(BACKENDS)('engine snapshots on their own thread, %s', (backend) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await testApp(backend);
  });
  afterEach(async () => {
    await t.close();
  });

  it('stores the state at a seq as the writer had it, and a restart from it matches the writer', async () => {
    const logged: string[] = [];
    const host = await EngineHost.start({
      db: t.db,
      clock: t.clock,
      snapshotEvery: 20,
      snapshotThread: true,
      log: (m) => logged.push(m),
    });
    // Another writer's journal may already exist in this database (the test app's): continue it.
    const edb = engineDb(t.db);
    const deposits = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        host.submit(({ ts, id }) => ({
          type: 'deposit',
          ts,
          id,
          userId: `s${i % 5}`,
          asset: i < 5 ? 'USDC' : 'BTC',
          amount: 1_000_000_000_000n,
        })),
      ),
    );
    expect(deposits.every((r) => r.code === ResultCode.OK)).toBe(true);
    for (let round = 0; round < 8; round++) {
      const placed = await Promise.all(
        Array.from({ length: 10 }, (_, i) =>
          host.submit(({ ts, id }) => ({
            type: 'spotPlace',
            orderType: 'limit',
            ts,
            orderId: id,
            userId: `s${i % 5}`,
            symbol: 'BTC_USDC',
            side: i % 2 === 0 ? 'buy' : 'sell',
            // The last rounds' sells cross the resting buys: trades and order updates too.
            price: i % 2 === 0 ? 9_000_000 + round : round >= 6 ? 8_999_000 : 9_100_000 - round,
            qty: 1 + i,
          })),
        ),
      );
      expect(placed.every((r) => r.code === ResultCode.OK)).toBe(true);
    }
    // The thread answers asynchronously: wait for a stored snapshot past the first 20 commands.
    const deadline = Date.now() + 20_000;
    let snap: { seq: string } | undefined;
    while (Date.now() < deadline) {
      snap = await edb
        .selectFrom('engine_snapshots')
        .select('seq')
        .where('seq', '>=', '20')
        .orderBy('seq', 'desc')
        .executeTakeFirst();
      if (snap !== undefined) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(snap).toBeDefined();
    // The thread neither diverged nor stopped (the writer would then snapshot on its own thread).
    expect(logged).toEqual([]);
    expect(Number(snap!.seq)).toBeLessThanOrEqual(host.journalLength);
    const hash = host.stateHash();
    const balance = host.engine.ledger.balance(accountKey('s1', 'spot', 'USDC'));
    await host.close({ snapshot: false });
    // The latest snapshot is the thread's (the close wrote none): restore it, replay the rest.
    const again = await EngineHost.start({ db: t.db, clock: t.clock });
    expect(again.stateHash()).toBe(hash);
    expect(again.engine.ledger.balance(accountKey('s1', 'spot', 'USDC'))).toEqual(balance);
    expect(again.journalLength).toBe(host.journalLength);
    await again.close({ snapshot: false });
  });
});
