// Issue 7 item 12 (ADR 122): a deposit is one USDC Transfer event, credited once per (txid, event
// index); the watcher resumes from its persisted cursor, however long the server was down.
import { ed25519 } from '@noble/curves/ed25519';
import { bytesToHex } from '@noble/hashes/utils';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DepositService } from '../src/chain/deposits.ts';
import { HdWallet } from '../src/chain/hd.ts';
import { chainDb } from '../src/chain/tables.ts';
import { ChainWatcher } from '../src/chain/watcher.ts';
import { chainDomainOf } from '../src/chain/wiring.ts';
import { FakeTronNode } from './helpers/fake-tron.ts';
import { BACKENDS, registerUser, type TestApp, testApp } from './helpers/testApp.ts';

const MNEMONIC =
  'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about';
const TX = (n: number) => n.toString(16).padStart(64, 'b');
const HOUR = 3_600_000;

async function usdc(t: TestApp, token: string): Promise<string> {
  const r = await t.call<{ spot: { coin: string; available: string }[] }>('GET', '/api/app/wallet/balances', {
    token,
  });
  return r.body.data.spot.find((s) => s.coin === 'USDC')!.available;
}

async function depositRows(t: TestApp): Promise<{ txid: string; event_index: number; status: string }[]> {
  const r = await sql<{ txid: string; event_index: number; status: string }>`
    select txid, event_index, status from chain_deposits order by txid, event_index`.execute(t.db);
  return r.rows.map((x) => ({ ...x, event_index: Number(x.event_index) }));
}

async function creditCount(t: TestApp): Promise<number> {
  const r = await sql<{ n: string }>`
    select count(*)::text as n from ledger_entries where type = 'deposit' and owner <> 'system'`.execute(
    t.db,
  );
  return Number(r.rows[0]!.n);
}

/** The server restarted: new service objects over the same database, nothing kept in memory. */
function restartedWatcher(t: TestApp): ChainWatcher {
  const d = chainDomainOf(t.app);
  const deposits = new DepositService(chainDb(t.db), t.services.edb, t.services.engine, d.hd, t.clock);
  return new ChainWatcher(d.chain, deposits, d.withdrawals, () => {});
}

describe.each(BACKENDS)('deposits per transfer event on the simulated chain on %s', (backend) => {
  let t: TestApp;
  let a: { token: string; user: { id: string } };
  let b: { token: string; user: { id: string } };
  let addrA: string;
  let addrB: string;
  beforeAll(async () => {
    t = await testApp(backend);
    a = await registerUser(t, 'multi-a@example.com');
    b = await registerUser(t, 'multi-b@example.com');
    const { deposits } = chainDomainOf(t.app);
    addrA = (await deposits.address(a.user.id)).address;
    addrB = (await deposits.address(b.user.id)).address;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('a transaction with 3 transfers credits 3 times, each exactly once; replays credit nothing', async () => {
    const { simulated, watcher, deposits } = chainDomainOf(t.app);
    const transfer = (to: string, units: bigint) => ({
      txid: TX(1),
      from: null,
      to,
      amount: units,
      confirmed: true,
    });
    // One batch payout: 1, 2 and 3 USDC to A, and 4 USDC to B in between.
    simulated!.arrive(
      [
        transfer(addrA, 1_000_000n),
        transfer(addrB, 4_000_000n),
        transfer(addrA, 2_000_000n),
        transfer(addrA, 3_000_000n),
      ],
      t.clock.now(),
    );
    await watcher.tick();
    expect(await usdc(t, a.token)).toBe('6.000000');
    expect(await usdc(t, b.token)).toBe('4.000000');
    expect(await depositRows(t)).toEqual(
      [0, 1, 2, 3].map((i) => ({ txid: TX(1), event_index: i, status: 'received' })),
    );
    const credits = await creditCount(t);
    expect(credits).toBe(4);

    // The same transaction seen again: by the watcher, after a restart, and each event directly.
    await watcher.tick();
    await restartedWatcher(t).tick();
    const events = await simulated!.incoming(addrA, 0);
    await Promise.all(events.map((e) => deposits.receive(e)));
    // The operator's simulated endpoint names event 0 of a txid: already credited.
    await t.services.admins.createAdmin('ops@example.com', 'operator-pass-1');
    const admin = (
      await t.call<{ token: string }>('POST', '/api/admin/login', {
        body: { email: 'ops@example.com', password: 'operator-pass-1' },
      })
    ).body.data.token;
    const replay = await t.call<{ status: string }>('POST', '/api/admin/chain/deposit', {
      token: admin,
      body: { address: addrA, amount: '1', txid: TX(1) },
    });
    expect(replay.body.data.status).toBe('received');
    expect(await creditCount(t)).toBe(credits);
    expect(await usdc(t, a.token)).toBe('6.000000');
    expect((await depositRows(t)).length).toBe(4);
  });

  it('a deposit credited before the migration (event 0, keyed by txid) is not credited again', async () => {
    const { deposits, simulated, watcher } = chainDomainOf(t.app);
    // Credited the old way: one credit per txid, no event index.
    await deposits.receive({ txid: TX(2), from: null, to: addrB, amount: 5_000_000n, confirmed: true });
    expect(await usdc(t, b.token)).toBe('9.000000');
    // The chain shows the whole transaction: the second transfer was the one the old code dropped.
    simulated!.arrive(
      [
        { txid: TX(2), from: null, to: addrB, amount: 5_000_000n, confirmed: true },
        { txid: TX(2), from: null, to: addrB, amount: 7_000_000n, confirmed: true },
      ],
      t.clock.now(),
    );
    await watcher.tick();
    expect(await usdc(t, b.token)).toBe('16.000000');
    await watcher.tick();
    expect(await usdc(t, b.token)).toBe('16.000000');
  });

  it('the watcher down for more than 24 h of blocks catches up from its persisted cursor', async () => {
    const { simulated, watcher, deposits } = chainDomainOf(t.app);
    await watcher.tick();
    const before = await deposits.cursor();
    expect(before).not.toBeNull();
    // Down: transfers keep arriving for 30 hours and nobody polls.
    t.clock.advance(HOUR);
    simulated!.arrive(
      { txid: TX(3), from: null, to: addrA, amount: 10_000_000n, confirmed: true },
      t.clock.now(),
    );
    t.clock.advance(29 * HOUR);
    simulated!.arrive(
      { txid: TX(4), from: null, to: addrA, amount: 20_000_000n, confirmed: true },
      t.clock.now(),
    );
    // A transfer still unconfirmed at the head: shown as applying, not credited, and not skipped.
    simulated!.arrive(
      { txid: TX(5), from: null, to: addrA, amount: 40_000_000n, confirmed: false },
      t.clock.now(),
    );
    t.clock.advance(HOUR);

    const restarted = restartedWatcher(t);
    await restarted.tick();
    expect(await usdc(t, a.token)).toBe('36.000000');
    const cursor = await deposits.cursor();
    expect(cursor!.number).toBeGreaterThan(before!.number);
    expect(cursor!.timestampMs).toBe(t.clock.now() - HOUR);
    expect((await depositRows(t)).find((r) => r.txid === TX(5))?.status).toBe('applying');

    simulated!.confirm(TX(5));
    t.clock.advance(48 * HOUR);
    await restarted.tick();
    expect(await usdc(t, a.token)).toBe('76.000000');
    await restarted.tick();
    expect(await usdc(t, a.token)).toBe('76.000000');
  });
});

describe.each(BACKENDS)('deposits per transfer event through the TRON HTTP adapter on %s', (backend) => {
  const node = new FakeTronNode();
  const hd = new HdWallet(MNEMONIC);
  let t: TestApp;
  let a: { token: string; user: { id: string } };
  let b: { token: string; user: { id: string } };
  let addrA: string;
  let addrB: string;
  beforeAll(async () => {
    await node.start();
    // CHAIN=tron is production: the app needs the operator's own release key (ADR 128); any non-DEV one.
    vi.stubEnv('RELEASE_PUBLIC_KEY', bytesToHex(ed25519.getPublicKey(ed25519.utils.randomPrivateKey())));
    t = await testApp(backend, { env: { CHAIN: 'tron', TRON_API_URL: node.url, CHAIN_MNEMONIC: MNEMONIC } });
    a = await registerUser(t, 'tron-a@example.com');
    b = await registerUser(t, 'tron-b@example.com');
    const { deposits } = chainDomainOf(t.app);
    addrA = (await deposits.address(a.user.id)).address;
    addrB = (await deposits.address(b.user.id)).address;
    expect(addrA).toBe(hd.depositAddress(Number(a.user.id)));
  });
  afterAll(async () => {
    await t?.close();
    await node.close();
    vi.unstubAllEnvs();
  });

  it('a transaction with 3 USDC transfers credits 3 times, each once, by its log position', async () => {
    const { watcher } = chainDomainOf(t.app);
    const base = { transaction_id: TX(11), from: 'TX', confirmed: true, block: 100, timestamp: 1_000 };
    node.transfers.push(
      { ...base, to: addrA, value: '1000000' },
      // Another token's Transfer in the same transaction: a log, but no deposit.
      { ...base, to: addrA, value: '999000000', contract: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t' },
      { ...base, to: addrA, value: '2000000' },
      { ...base, to: addrB, value: '4000000' },
      { ...base, to: addrA, value: '3000000' },
    );
    await watcher.tick();
    expect(await usdc(t, a.token)).toBe('6.000000');
    expect(await usdc(t, b.token)).toBe('4.000000');
    expect(await depositRows(t)).toEqual(
      [0, 2, 3, 4].map((i) => ({ txid: TX(11), event_index: i, status: 'received' })),
    );
    const credits = await creditCount(t);
    await watcher.tick();
    await restartedWatcher(t).tick();
    expect(await creditCount(t)).toBe(credits);
    expect(await usdc(t, a.token)).toBe('6.000000');
  });

  it('after more than 24 h down the watcher resumes from the last processed block', async () => {
    const { deposits } = chainDomainOf(t.app);
    expect(await deposits.cursor()).toEqual({ number: 100, timestampMs: 1_000 });
    const t0 = 1_000;
    node.transfers.push(
      {
        transaction_id: TX(12),
        from: 'TX',
        to: addrA,
        value: '10000000',
        confirmed: true,
        block: 1_300,
        timestamp: t0 + HOUR,
      },
      {
        transaction_id: TX(13),
        from: 'TX',
        to: addrB,
        value: '20000000',
        confirmed: true,
        block: 36_100,
        timestamp: t0 + 30 * HOUR,
      },
      // Made after the head the node reports as solid: seen as applying, credited later.
      {
        transaction_id: TX(14),
        from: 'TX',
        to: addrA,
        value: '40000000',
        confirmed: false,
        block: 36_200,
        timestamp: t0 + 30 * HOUR + 300_000,
      },
    );
    node.solidHead = { number: 36_150, timestamp: t0 + 30 * HOUR + 150_000 };
    const restarted = restartedWatcher(t);
    await restarted.tick();
    expect(await usdc(t, a.token)).toBe('16.000000');
    expect(await usdc(t, b.token)).toBe('24.000000');
    expect(await deposits.cursor()).toEqual({ number: 36_150, timestampMs: t0 + 30 * HOUR + 150_000 });
    expect((await depositRows(t)).find((r) => r.txid === TX(14))?.status).toBe('applying');

    node.transfers.find((x) => x.transaction_id === TX(14))!.confirmed = true;
    node.solidHead = { number: 36_300, timestamp: t0 + 30 * HOUR + 600_000 };
    node.receipts = [];
    await restarted.tick();
    expect(await usdc(t, a.token)).toBe('56.000000');
    // Only the window since the cursor is read again: the old transactions are not re-fetched.
    expect(node.receipts).toEqual([TX(14)]);
    expect(await deposits.cursor()).toEqual({ number: 36_300, timestampMs: t0 + 30 * HOUR + 600_000 });
  });

  it('a pass that fails on an address leaves the cursor where it was', async () => {
    const d = chainDomainOf(t.app);
    const before = await d.deposits.cursor();
    node.solidHead = { number: 40_000, timestamp: 2e12 };
    const failing = new ChainWatcher(
      {
        kind: 'tron',
        confirmedHead: () => d.chain.confirmedHead(),
        incoming: async () => {
          throw new Error('node down');
        },
        prepare: (to, amount) => d.chain.prepare(to, amount),
        status: (txid) => d.chain.status(txid),
      },
      d.deposits,
      d.withdrawals,
      () => {},
    );
    await failing.tick();
    expect(await d.deposits.cursor()).toEqual(before);
    // The next complete pass moves it.
    await d.watcher.tick();
    expect(await d.deposits.cursor()).toEqual({ number: 40_000, timestampMs: 2e12 });
  });
});
