import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { up as migrateTransferSides } from '../src/wallet/migration.ts';
import { BACKENDS, deposit, registerUser, type TestApp, testApp } from './helpers/testApp.ts';

interface Entry {
  type: string;
  amount: string;
  account: string;
  coin: string;
}

const EXPECTED = [
  ['contract', 'transferIn', '100.000000'],
  ['contract', 'transferOut', '-40.000000'],
  ['spot', 'deposit', '500.000000'],
  ['spot', 'transferIn', '40.000000'],
  ['spot', 'transferOut', '-100.000000'],
];
const byText = (a: string[], b: string[]) => a.join('|').localeCompare(b.join('|'));

// ADR 150: each wallet names its own side of a spot <-> contract transfer.
describe.each(BACKENDS)('ledger entry types per side of a transfer on %s', (backend) => {
  let t: TestApp;
  let token: string;
  let userId: string;
  beforeAll(async () => {
    t = await testApp(backend);
    const u = await registerUser(t, 'sides@example.com');
    token = u.token;
    userId = u.user.id;
    await deposit(t, userId, 'USDC', 500_000_000n);
  });
  afterAll(async () => {
    await t.close();
  });

  const ledger = async (query = '') =>
    (await t.call<{ list: Entry[]; total: number }>('GET', `/api/app/wallet/ledger${query}`, { token })).body
      .data;

  it('spot -> contract: the spot row is transferOut, the contract row transferIn; the reverse too', async () => {
    const toContract = await t.call('POST', '/api/app/wallet/transfer', {
      token,
      body: { from: 'spot', to: 'contract', coin: 'USDC', amount: '100' },
    });
    expect(toContract.status).toBe(200);
    const back = await t.call('POST', '/api/app/wallet/transfer', {
      token,
      body: { from: 'contract', to: 'spot', coin: 'USDC', amount: '40' },
    });
    expect(back.status).toBe(200);
    const rows = (await ledger()).list.map((e) => [e.account, e.type, e.amount]).sort(byText);
    expect(rows).toEqual(EXPECTED);
    // Every transferIn adds to its account, every transferOut takes from it.
    const ins = await ledger('?type=transferIn');
    expect(ins.list.every((e) => !e.amount.startsWith('-'))).toBe(true);
    expect(ins.total).toBe(2);
    const outs = await ledger('?type=transferOut');
    expect(outs.list.every((e) => e.amount.startsWith('-'))).toBe(true);
    expect(outs.total).toBe(2);
    const spotOuts = await ledger('?account=spot&type=transferOut');
    expect(spotOuts.list.map((e) => e.amount)).toEqual(['-100.000000']);
  });

  it('the migration renames rows written with the one core type on both sides, and only those', async () => {
    // Rows as the projector wrote them before: the core's type (the contract side's) on both
    // sides, so every spot row of a transfer carried the opposite of its own side.
    await sql`update ledger_entries
                 set type = case type when 'transferIn' then 'transferOut' else 'transferIn' end
               where owner = ${userId} and account = 'spot' and type in ('transferIn', 'transferOut')`.execute(
      t.db,
    );
    const before = await t.db
      .selectFrom('ledger_entries' as never)
      .select(['id', 'type', 'amount', 'available_after'] as never[])
      .orderBy('id' as never)
      .execute();
    const wrong = (await ledger()).list.filter((e) => e.account === 'spot' && e.type.startsWith('transfer'));
    expect(wrong.map((e) => [e.type, e.amount])).toEqual([
      ['transferOut', '40.000000'],
      ['transferIn', '-100.000000'],
    ]);

    await migrateTransferSides(t.db);
    await migrateTransferSides(t.db); // twice changes nothing more

    const rows = (await ledger()).list.map((e) => [e.account, e.type, e.amount]).sort(byText);
    expect(rows).toEqual(EXPECTED);
    const after = await t.db
      .selectFrom('ledger_entries' as never)
      .select(['id', 'type', 'amount', 'available_after'] as never[])
      .orderBy('id' as never)
      .execute();
    // Only the type moved: ids, amounts and balances are the same rows.
    const strip = (list: unknown[]) =>
      (list as { id: string; amount: string; available_after: string }[]).map((r) => [
        r.id,
        String(r.amount),
        String(r.available_after),
      ]);
    expect(strip(after)).toEqual(strip(before));
    const deposit = (after as { type: string }[]).filter((r) => r.type === 'deposit');
    expect(deposit.length).toBeGreaterThan(0);
  });
});
