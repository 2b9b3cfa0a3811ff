// `moveOnce` (exchange/money.ts) directly: a repeated key means the money moved once, whether the
// repeat comes after the first commit or races it into the writer; the key counts in its own
// scope only; and the keys stored before the earn domains (AI, staking, dividends) shared it,
// written as `(owner, 'earn', '<domain>:<id>:<step>')`, are still recognised (ADR 114, 172).

import { accountKey, ResultCode, SYSTEM_OWNER } from '@ex/core';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  EARN_SCOPE,
  MONEY_SCOPE,
  type MoveScope,
  moved,
  moveOnce,
  system,
  userSpot,
} from '../src/exchange/money.ts';
import { BACKENDS, deposit, registerUser, type TestApp, testApp } from './helpers/testApp.ts';
import { adminToken } from './kyc-support.ts';

describe.each(BACKENDS)('money moved once per key on %s', (backend) => {
  let t: TestApp;
  let userId: string;
  let token: string;
  let admin: string;

  const spot = () => t.services.engine.engine.ledger.balance(accountKey(userId, 'spot', 'USDC')).available;
  const journal = () => t.services.engine.journalLength;
  const toFee = (scope: MoveScope, key: string, amount = 1_000_000n) =>
    moveOnce(t.services.engine, t.services.edb, scope, {
      userId,
      key,
      entryType: 'system',
      from: userSpot(userId, 'USDC'),
      to: system('fee', 'USDC'),
      amount,
    });
  /** A move committed the way the pre-`moveOnce` copies did: the literal scope and key. */
  const oldStyle = (owner: string, scope: string, key: string, from = userSpot(userId, 'USDC')) =>
    t.services.engine.submit(
      { type: 'ledgerTransfer', entryType: 'system', from, to: system('fee', 'USDC'), amount: 1_000_000n },
      { idempotency: { userId: owner, scope, key, hash: key } },
    );

  beforeAll(async () => {
    t = await testApp(backend);
    const u = await registerUser(t, 'once@example.com');
    userId = u.user.id;
    token = u.token;
    admin = await adminToken(t);
    await deposit(t, userId, 'USDC', 1_000_000_000n);
  });
  afterAll(async () => {
    await t.close();
  });

  it.each<MoveScope>([MONEY_SCOPE, EARN_SCOPE])(
    'scope %s: a repeated key, after the commit or racing it, moves once',
    async (scope) => {
      const before = spot();
      const length = journal();
      expect(await toFee(scope, 'test:1:in')).toBe(ResultCode.OK);
      expect(await toFee(scope, 'test:1:in')).toBe(ResultCode.OK);
      expect(spot()).toBe(before - 1_000_000n);
      expect(journal()).toBe(length + 1);
      // Two calls that both find no key yet: the writer commits one, refuses the other as a repeat
      // (ENGINE_DUPLICATE_REFERENCE), and the caller reads that as "moved once".
      const raced = await Promise.all([toFee(scope, 'test:2:in'), toFee(scope, 'test:2:in')]);
      expect(raced).toEqual([ResultCode.OK, ResultCode.OK]);
      expect(spot()).toBe(before - 2_000_000n);
      expect(journal()).toBe(length + 2);
      expect(await moved(t.services.edb, scope, userId, 'test:2:in')).toBe(true);
      // A zero amount moves nothing and writes no key.
      expect(await toFee(scope, 'test:3:in', 0n)).toBe(ResultCode.OK);
      expect(await moved(t.services.edb, scope, userId, 'test:3:in')).toBe(false);
      expect(journal()).toBe(length + 2);
    },
  );

  it('a key counts in its own scope only', async () => {
    expect(await toFee(MONEY_SCOPE, 'test:4:in')).toBe(ResultCode.OK);
    expect(await moved(t.services.edb, MONEY_SCOPE, userId, 'test:4:in')).toBe(true);
    expect(await moved(t.services.edb, EARN_SCOPE, userId, 'test:4:in')).toBe(false);
  });

  it("keys stored by the old copies ('earn' and 'money' scopes, same keys) are recognised", async () => {
    for (const [scope, key] of [
      ['earn', 'ai:900:d20000'],
      ['earn', 'st:900:in'],
      ['money', 'otc:900:in'],
    ] as const) {
      expect((await oldStyle(userId, scope, key)).code).toBe(ResultCode.OK);
      const before = spot();
      const length = journal();
      expect(await toFee(scope, key)).toBe(ResultCode.OK);
      expect(spot()).toBe(before);
      expect(journal()).toBe(length);
    }
  });

  it('a dividend claim whose move was committed by the old code (crash before the row) pays once', async () => {
    await t.call('POST', '/api/admin/earn/treasury', {
      token: admin,
      body: { coin: 'USDC', amount: '10', purpose: 'dividend' },
    });
    const pool = await t.call('POST', '/api/admin/dividends', {
      token: admin,
      body: { title: 'once', coin: 'USDC', allocations: [{ user_id: userId, amount: '2' }] },
    });
    expect(pool.status, JSON.stringify(pool.body)).toBe(200);
    const claims = await t.call<{ list: { id: string }[] }>('GET', '/api/app/dividends', { token });
    const id = claims.body.data.list[0]!.id;
    // The claim's money moved under the old key (earn -> spot), then the process died before the
    // claim row was marked.
    const earn = system('earn', 'USDC');
    const r = await t.services.engine.submit(
      {
        type: 'ledgerTransfer',
        entryType: 'system',
        from: earn,
        to: userSpot(userId, 'USDC'),
        amount: 2_000_000n,
      },
      { idempotency: { userId, scope: 'earn', key: `dv:${id}:claim`, hash: `dv:${id}:claim` } },
    );
    expect(r.code).toBe(ResultCode.OK);
    const before = spot();
    const length = journal();
    const claimed = await t.call<{ status: string }>('POST', `/api/app/dividends/${id}/claim`, {
      token,
      body: {},
    });
    expect(claimed.status, JSON.stringify(claimed.body)).toBe(200);
    expect(claimed.body.data.status).toBe('claimed');
    expect(spot()).toBe(before);
    expect(journal()).toBe(length);
  });

  it('the earn domains still write their keys as (owner, earn, <domain>:<id>:<step>)', async () => {
    // A dividend pool is funded by the system under its own key.
    const rows = await sql<{ user_id: string; scope: string; key: string }>`
      select user_id, scope, key from idempotency_keys where key like 'dv:%' order by key`.execute(t.db);
    expect(rows.rows).toEqual(
      expect.arrayContaining([expect.objectContaining({ user_id: SYSTEM_OWNER, scope: 'earn' })]),
    );
    expect(rows.rows.every((k) => /^dv:\d+:(fund|claim)$/.test(k.key))).toBe(true);
  });
});
