// ADR 252: the demo's starting funds are deposits the seed minted (`seed-` command ids, seed.ts
// fundDemo). They stay `deposit` entries in the engine's ledger, but their `ref` names them the
// demo's starting credit, so the app does not call them deposits of BTC or ETH. The real seed and
// the real engine write the entries.
import type { LedgerEntry } from '@ex/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_EMAIL, DEMO_FUNDS, DEMO_PASSWORD, seedDemo } from '../src/seed.ts';
import { parseRef } from '../src/wallet/refs.ts';
import { BACKENDS, deposit, registerUser, type TestApp, testApp } from './helpers/testApp.ts';

describe.each(BACKENDS)("the demo's starting funds on %s", (backend) => {
  let t: TestApp;
  let demo: { id: string; token: string };
  let other: { id: string; token: string };
  beforeAll(async () => {
    t = await testApp(backend);
    const seeded = await seedDemo(t.db, t.clock, t.services.engine);
    const login = await t.call<{ token: string }>('POST', '/api/app/account/login', {
      body: { type: 'email', account: DEMO_EMAIL, password: DEMO_PASSWORD },
    });
    expect(login.status).toBe(200);
    demo = { id: seeded.id, token: login.body.data.token };
    const r = await registerUser(t, 'demo-credit-other@example.com');
    other = { id: r.user.id, token: r.token };
    // An ordinary deposit for each: it stays a deposit.
    await deposit(t, demo.id, 'USDC', 5_000_000n);
    await deposit(t, other.id, 'BTC', 1_000_000n);
  });
  afterAll(async () => {
    await t.close();
  });

  const ledger = async (token: string): Promise<LedgerEntry[]> => {
    const res = await t.call<{ list: LedgerEntry[] }>('GET', '/api/app/wallet/ledger?limit=100', { token });
    expect(res.status).toBe(200);
    return res.body.data.list;
  };

  it("the owner's seeded deposits read as demo credit; the engine type stays deposit", async () => {
    const entries = await ledger(demo.token);
    const seeded = entries.filter((e) => e.ref_id.startsWith('seed-'));
    expect(seeded.map((e) => e.coin).sort()).toEqual(DEMO_FUNDS.map(([coin]) => coin).sort());
    for (const e of seeded) {
      expect(e.type).toBe('deposit');
      expect(e.ref).toEqual({ kind: 'demo_credit' });
    }
    const real = entries.filter((e) => !e.ref_id.startsWith('seed-'));
    expect(real).toHaveLength(1);
    expect(real[0]).toMatchObject({ type: 'deposit', coin: 'USDC', ref: { kind: 'deposit' } });
  });

  it("another user's ledger has none of them, and its own deposit is a deposit", async () => {
    const entries = await ledger(other.token);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ type: 'deposit', coin: 'BTC', ref: { kind: 'deposit' } });
    expect(entries.some((e) => e.ref?.kind === 'demo_credit')).toBe(false);
  });

  it('only a deposit with the seed prefix is demo credit', () => {
    expect(parseRef({ type: 'deposit', ref_id: 'seed-12' })).toEqual({
      kind: 'ref',
      ref: { kind: 'demo_credit' },
    });
    expect(parseRef({ type: 'deposit', ref_id: 'seeds-12' })).toEqual({
      kind: 'ref',
      ref: { kind: 'deposit', deposit_id: 'seeds-12' },
    });
    expect(parseRef({ type: 'withdraw', ref_id: 'seed-12' })).toEqual({
      kind: 'ref',
      ref: { kind: 'withdrawal', withdrawal_id: 'seed-12' },
    });
    expect(parseRef({ type: 'transferIn', ref_id: 'seed-12' })).toMatchObject({ ref: { kind: 'transfer' } });
  });
});
