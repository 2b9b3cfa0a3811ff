// The operator's queues after `npm start` (ADR 230): the demo seed leaves identity applications and
// withdrawals waiting for review, made through the services (members' uploads, the e-mailed code
// for the trade password, the operator's reviews, a simulated chain deposit), and seeds them once.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { accountKey } from '@ex/core';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAudit } from '../src/audit.ts';
import { chainDomainOf } from '../src/chain/wiring.ts';
import { loadConfig } from '../src/config.ts';
import { seedQueues } from '../src/seed/queues.ts';
import { MEMBER_EMAILS } from '../src/seed/world.ts';
import { DEMO_EMAIL, DEMO_PASSWORD } from '../src/seed.ts';
import { startExchange } from '../src/start.ts';
import { BACKENDS, freshDatabase, type TestApp, testApp } from './helpers/testApp.ts';
import { adminToken } from './kyc-support.ts';

const ADMIN_EMAIL = 'queues-ops@example.com';
const ADMIN_PASSWORD = 'operator-pass-1';
const [ANA, BEN, CHEN] = MEMBER_EMAILS as [string, string, string];

interface Kyc {
  id: string;
  account: string;
  status: string;
  reason: string | null;
  front_url: string;
  back_url: string | null;
  face_url: string;
}
interface W {
  id: string;
  status: string;
  amount: string;
  user_account: string | null;
}

const TABLES = [
  'kyc_applications',
  'user_uploads',
  'withdrawals',
  'chain_deposits',
  'bank_cards',
  'outbox',
  'operator_audit',
];

describe.each(BACKENDS)('the demo queues on %s', { timeout: 120_000 }, (backend) => {
  let t: TestApp;
  let admin: string;
  const counts = async () => {
    const out: Record<string, number> = {};
    for (const table of TABLES) {
      const r = await sql<{ n: string }>`select count(*)::text as n from ${sql.table(table)}`.execute(t.db);
      out[table] = Number(r.rows[0]!.n);
    }
    return { ...out, journal: t.services.engine.journalLength };
  };
  const kyc = async (query: string) =>
    (await t.call<{ list: Kyc[]; total: number }>('GET', `/api/admin/kyc${query}`, { token: admin })).body
      .data;
  const withdrawals = async (query: string) =>
    (await t.call<{ list: W[]; total: number }>('GET', `/api/admin/withdrawals${query}`, { token: admin }))
      .body.data;

  beforeAll(async () => {
    t = await testApp(backend);
    admin = await adminToken(t);
    expect(await seedQueues(t.services, chainDomainOf(t.app))).toBe(true);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('the KYC queue has two applications waiting, with an approved and a rejected one as history', async () => {
    const pending = await kyc('?status=under_audit');
    expect(pending.list.map((k) => k.account).sort()).toEqual([BEN, CHEN]);
    const all = await kyc('');
    expect(all.list.map((k) => `${k.account} ${k.status}`).sort()).toEqual([
      `${ANA} passed`,
      `${BEN} failed`,
      `${BEN} under_audit`,
      `${CHEN} under_audit`,
    ]);
    expect(all.list.find((k) => k.status === 'failed')!.reason).toMatch(/blurred/);
    // The operator sees every picture: a card has a back side, chen's passport has none.
    for (const k of all.list) {
      const urls = [k.front_url, k.face_url, ...(k.back_url === null ? [] : [k.back_url])];
      expect(urls.length, k.account).toBe(k.account === CHEN ? 2 : 3);
      for (const url of urls) {
        const r = await t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${admin}` } });
        expect(r.statusCode, url).toBe(200);
        expect(r.headers['content-type']).toBe('image/png');
        expect(r.rawPayload.length).toBeGreaterThan(1000);
      }
    }
  });

  it('the withdrawal queue has two requests waiting, with one paid out as history', async () => {
    const pending = await withdrawals('?status=under_review');
    expect(pending.list.map((w) => [w.user_account, w.amount]).sort()).toEqual([
      [ANA, '1200.000000'],
      [ANA, '250.000000'],
    ]);
    const all = await withdrawals('');
    expect(all.list.map((w) => w.status).sort()).toEqual(['success', 'under_review', 'under_review']);
    // Through the services, nothing minted: 2,500 arrived on chain; 800 left, 1,450 frozen.
    const ana = await t.db
      .selectFrom('users')
      .select(['id', 'verified', 'trade_password_hash'])
      .where('email', '=', ANA)
      .executeTakeFirstOrThrow();
    expect(ana.verified).toBe(true);
    expect(ana.trade_password_hash).not.toBeNull();
    const usdc = t.services.engine.engine.ledger.balance(accountKey(ana.id, 'spot', 'USDC'));
    expect([usdc.available, usdc.frozen]).toEqual([250_000_000n, 1_450_000_000n]);
    // The trade password was set with a security code sent to her address (it is in the outbox).
    const sent = await t.db.selectFrom('outbox').select('recipient').execute();
    expect(sent.map((m) => m.recipient)).toEqual([ANA]);
  });

  it("the operator's three decisions are in the audit log, dated when they were made (ADR 256)", async () => {
    const r = await t.call<{ list: { action: string; before: { status: string }; created_at: number }[] }>(
      'GET',
      '/api/admin/audit',
      { token: admin },
    );
    expect(r.body.data.list.map((e) => [e.action, e.before.status])).toEqual([
      ['POST /api/admin/withdrawals/:id/approve', 'under_review'],
      ['POST /api/admin/kyc/:id/reject', 'under_audit'],
      ['POST /api/admin/kyc/:id/approve', 'under_audit'],
    ]);
    for (const e of r.body.data.list) expect(e.created_at).toBeLessThan(t.clock.now() - 86_400_000);
  });

  it('a second seeding adds nothing', async () => {
    const before = await counts();
    expect(await seedQueues(t.services, chainDomainOf(t.app))).toBe(false);
    expect(await counts()).toEqual(before);
  });

  it('the operator can work the queues, and the books still balance', async () => {
    const pending = await kyc('?status=under_audit');
    for (const k of pending.list) {
      const r = await t.call('POST', `/api/admin/kyc/${k.id}/approve`, { token: admin, body: {} });
      expect(r.status).toBe(200);
    }
    const [first, second] = (await withdrawals('?status=under_review')).list as [W, W];
    expect(
      (await t.call('POST', `/api/admin/withdrawals/${first.id}/approve`, { token: admin })).status,
    ).toBe(200);
    const rejected = await t.call('POST', `/api/admin/withdrawals/${second.id}/reject`, {
      token: admin,
      body: { reason: 'Please confirm the address by e-mail first.' },
    });
    expect(rejected.status).toBe(200);
    expect((await withdrawals('?status=under_review')).total).toBe(0);
    expect((await runAudit(t.db)).problems).toEqual([]);
  });
});

describe('npm start seeds the queues once', { timeout: 240_000 }, () => {
  it('a fresh demo start has both queues filled; a restart adds nothing', async () => {
    const db = await freshDatabase('pglite');
    const dir = mkdtempSync(join(tmpdir(), 'ex-seed-queues-'));
    const start = () =>
      startExchange({
        config: loadConfig({
          DATA_DIR: dir,
          PORT: '0',
          CAPTCHA: 'off',
          SEED_DEMO: '1',
          MARKET_MAKER: '0',
          ADMIN_EMAIL,
          ADMIN_PASSWORD,
        }),
        database: db.handle,
        logger: false,
        liquidityIntervalMs: 60_000,
      });
    let running = await start();
    try {
      const lists = async () => {
        const login = await fetch(`${running.url}/api/admin/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD }),
        });
        const token = ((await login.json()) as { data: { token: string } }).data.token;
        const get = async (path: string) => {
          const r = await fetch(`${running.url}${path}`, { headers: { authorization: `Bearer ${token}` } });
          return ((await r.json()) as { data: { total: number } }).data.total;
        };
        return {
          kyc: await get('/api/admin/kyc?status=under_audit'),
          kycAll: await get('/api/admin/kyc'),
          withdrawals: await get('/api/admin/withdrawals?status=under_review'),
          withdrawalsAll: await get('/api/admin/withdrawals'),
        };
      };
      const first = await lists();
      expect(first).toEqual({ kyc: 2, kycAll: 4, withdrawals: 2, withdrawalsAll: 3 });
      // The demo's own deposit history is not empty: one credited chain deposit.
      const demoDeposits = async () => {
        const login = await fetch(`${running.url}/api/app/account/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ type: 'email', account: DEMO_EMAIL, password: DEMO_PASSWORD }),
        });
        const token = ((await login.json()) as { data: { token: string } }).data.token;
        const r = await fetch(`${running.url}/api/app/wallet/deposits`, {
          headers: { authorization: `Bearer ${token}` },
        });
        return ((await r.json()) as { data: { list: { amount: string; status: string }[] } }).data.list;
      };
      expect(await demoDeposits()).toEqual([
        expect.objectContaining({ amount: '1500.000000', status: 'received' }),
      ]);
      await running.stop();
      running = await start();
      expect(await lists()).toEqual(first);
      expect((await demoDeposits()).length).toBe(1);
      expect((await runAudit(db.handle.db)).problems).toEqual([]);
    } finally {
      await running.stop();
      await db.drop();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
