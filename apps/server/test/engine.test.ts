import { accountKey, ResultCode } from '@ex/core';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { EngineHost } from '../src/engine/host.ts';
import type { EnginePort } from '../src/engine/port.ts';
import { engineDb } from '../src/engine/tables.ts';
import { BACKENDS, type TestApp, testApp } from './helpers/testApp.ts';

const deposit = (host: EnginePort, userId: string, asset: string, amount: bigint) =>
  host.submit(({ ts, id }) => ({ type: 'deposit', ts, id, userId, asset, amount }));

describe.each(BACKENDS)('engine host on %s', (backend) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await testApp(backend);
  });
  afterEach(async () => {
    await t.close();
  });

  it('journals accepted commands only, in one gapless sequence, with ledger rows and balances after', async () => {
    const host = t.services.engine;
    const a = await deposit(host, '1', 'USDC', 5_000_000n);
    expect(a.code).toBe(ResultCode.OK);
    expect(a.seq).toBe(1);
    const refused = await deposit(host, '1', 'NOPE', 1n);
    expect(refused.code).toBe(ResultCode.ENGINE_UNKNOWN_ASSET);
    expect(refused.seq).toBeNull();
    const b = await deposit(host, '1', 'USDC', 2_000_000n);
    expect(b.seq).toBe(2);
    const edb = engineDb(t.db);
    const cmds = await edb.selectFrom('engine_commands').selectAll().orderBy('seq').execute();
    expect(cmds.map((c) => c.seq)).toEqual(['1', '2']);
    const rows = await edb
      .selectFrom('ledger_entries')
      .selectAll()
      .where('owner', '=', '1')
      .orderBy('entry_seq')
      .execute();
    expect(rows.map((r) => [r.type, r.amount, r.available_after])).toEqual([
      ['deposit', '5000000', '5000000'],
      ['deposit', '2000000', '7000000'],
    ]);
  });

  it('a batch of concurrent commands is one commit; callers get results after it', async () => {
    const host = t.services.engine;
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) => deposit(host, String(i + 1), 'BTC', 100_000_000n)),
    );
    expect(results.every((r) => r.code === ResultCode.OK)).toBe(true);
    expect(new Set(results.map((r) => r.seq)).size).toBe(50);
    expect(host.journalLength).toBe(50);
  });

  it('a restart replays the journal after the last snapshot to the same state hash and balances', async () => {
    const host = t.services.engine;
    for (let i = 0; i < 7; i++) await deposit(host, '7', 'USDC', 1_000_000n * BigInt(i + 1));
    await host.snapshot();
    await host.submit(({ ts, id }) => ({
      type: 'transfer',
      ts,
      id,
      userId: '7',
      asset: 'USDC',
      from: 'spot',
      to: 'contract',
      amount: 3_000_000n,
    }));
    const placed = await host.submit(({ ts, id }) => ({
      type: 'spotPlace',
      orderType: 'limit',
      ts,
      orderId: id,
      userId: '7',
      symbol: 'BTC_USDC',
      side: 'buy',
      price: 9_000_000,
      qty: 1,
    }));
    expect(placed.code).toBe(ResultCode.OK);
    const hash = host.stateHash();
    const bal = host.engine.ledger.balance(accountKey('7', 'spot', 'USDC'));
    // A second host on the same database, as after a crash: snapshot + journal replay.
    const again = await EngineHost.start({ db: t.db, clock: t.clock });
    expect(again.stateHash()).toBe(hash);
    expect(again.engine.ledger.balance(accountKey('7', 'spot', 'USDC'))).toEqual(bal);
    expect(again.journalLength).toBe(host.journalLength);
    // And from the journal alone (no snapshot at all).
    await sql`delete from engine_snapshots`.execute(t.db);
    const fromScratch = await EngineHost.start({ db: t.db, clock: t.clock });
    expect(fromScratch.stateHash()).toBe(hash);
  });

  it('a snapshot whose hash does not match the state stops the start', async () => {
    await deposit(t.services.engine, '1', 'USDC', 1n);
    await t.services.engine.snapshot();
    await sql`update engine_snapshots set state_hash = 'x'`.execute(t.db);
    await expect(EngineHost.start({ db: t.db, clock: t.clock })).rejects.toThrow(/state hash/);
  });

  it('a failed commit stops the host for good and calls onFatal', async () => {
    let fatal: unknown = null;
    const host = await EngineHost.start({ db: t.db, clock: t.clock, onFatal: (e) => (fatal = e) });
    // The other host already used seq 1: the journal insert collides, as a broken database would.
    await deposit(t.services.engine, '1', 'USDC', 1n);
    await expect(deposit(host, '1', 'USDC', 1n)).rejects.toThrow();
    expect(fatal).not.toBeNull();
    await expect(deposit(host, '1', 'USDC', 1n)).rejects.toThrow(/stopped/);
  });
});
