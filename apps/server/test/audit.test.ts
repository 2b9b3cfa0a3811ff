import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAudit } from '../src/audit.ts';
import { BACKENDS, registerUser, type TestApp, testApp } from './helpers/testApp.ts';

describe.each(BACKENDS)('audit on %s', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await testApp(backend);
    const a = await registerUser(t, 'au1@example.com');
    const b = await registerUser(t, 'au2@example.com');
    for (const [u, asset, amount] of [
      [a.user.id, 'BTC', 100_000_000n],
      [b.user.id, 'USDC', 100_000_000_000n],
    ] as const) {
      await t.services.engine.submit(({ ts, id }) => ({ type: 'deposit', ts, id, userId: u, asset, amount }));
    }
    await t.call('POST', '/api/app/spot/orders', {
      token: a.token,
      body: { symbol: 'BTC_USDC', side: 'sell', type: 'limit', price: '97000.00', quantity: '0.5' },
    });
    await t.call('POST', '/api/app/spot/orders', {
      token: b.token,
      body: { symbol: 'BTC_USDC', side: 'buy', type: 'limit', price: '97000.00', quantity: '0.2' },
    });
  });
  afterAll(async () => {
    await t.close();
  });

  it('passes on a consistent database and fails on a corrupted ledger row', async () => {
    const ok = await runAudit(t.db);
    expect(ok.problems).toEqual([]);
    expect(ok.journal).toBe(t.services.engine.journalLength);
    expect(ok.totals).toEqual({ BTC: '0', USDC: '0' });
    await sql`update ledger_entries set available_delta = available_delta + 1 where id = (select min(id) from ledger_entries where owner <> 'system')`.execute(
      t.db,
    );
    const bad = await runAudit(t.db);
    expect(bad.problems.length).toBeGreaterThanOrEqual(2);
    expect(bad.problems.join('\n')).toMatch(/not conserved/);
  });
});
