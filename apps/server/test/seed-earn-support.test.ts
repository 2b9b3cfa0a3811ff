// The demo's savings, stakes and tickets, and the operator's seeded decisions in the audit log
// (ADR 256): made through the services with the clock set back, the money through the engine (the
// audit holds), once per database; each seeded decision is recorded as the console's call records
// one (the same action, target, row before and answer after).
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAudit } from '../src/audit.ts';
import { chainDomainOf } from '../src/chain/wiring.ts';
import { DEMO_AI, DEMO_STAKES, seedEarn } from '../src/seed/earn.ts';
import { type SeedOperator, seedOperator } from '../src/seed/operator.ts';
import { seedQueues } from '../src/seed/queues.ts';
import { DEMO_TICKETS, seedSupport } from '../src/seed/support.ts';
import { seedWorld } from '../src/seed/world.ts';
import { DEMO_EMAIL, DEMO_PASSWORD, seedDemo } from '../src/seed.ts';
import { BACKENDS, type TestApp, testApp } from './helpers/testApp.ts';
import { adminToken } from './kyc-support.ts';

const DAY_MS = 86_400_000;

interface AiOrder {
  product_name: string;
  kind: string;
  amount: string;
  interest: string;
  status: string;
  started_at: number;
}
interface Stake {
  id: string;
  coin: string;
  amount: string;
  status: string;
  due_at: number | null;
  created_at: number;
}
interface Entry {
  admin_email: string | null;
  action: string;
  target_type: string | null;
  target_id: string | null;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  ip: string | null;
  created_at: number;
}

const TABLES = [
  'ai_orders',
  'ai_accruals',
  'stakes',
  'support_tickets',
  'support_messages',
  'operator_audit',
  'ledger_entries',
];

describe.each(BACKENDS)('the demo savings, stakes and tickets on %s', { timeout: 120_000 }, (backend) => {
  let t: TestApp;
  let admin: string;
  let demo: string;
  let demoId: string;
  let operator: SeedOperator;
  let seededAt: number;

  const counts = async () => {
    const out: Record<string, number> = {};
    for (const table of TABLES) {
      const r = await sql<{ n: string }>`select count(*)::text as n from ${sql.table(table)}`.execute(t.db);
      out[table] = Number(r.rows[0]!.n);
    }
    return { ...out, journal: t.services.engine.journalLength };
  };
  const as = async <T>(token: string, path: string) => {
    const r = await t.call<T>('GET', path, { token, lang: 'de' });
    expect(r.status, path).toBe(200);
    return r.body.data;
  };
  const audit = async (action?: string) =>
    (
      await as<{ list: Entry[]; total: number }>(
        admin,
        `/api/admin/audit?limit=100${action ? `&action=${encodeURIComponent(action)}` : ''}`,
      )
    ).list;

  beforeAll(async () => {
    t = await testApp(backend);
    admin = await adminToken(t);
    demoId = (await seedDemo(t.db, t.clock, t.services.engine)).id;
    expect(await seedWorld(t.services, demoId)).toBe(true);
    expect(await seedQueues(t.services, chainDomainOf(t.app), demoId)).toBe(true);
    operator = (await seedOperator(t.services))!;
    seededAt = t.clock.now();
    expect(await seedEarn(t.services, demoId, operator)).toBe(true);
    expect(await seedSupport(t.services, demoId, operator)).toBe(true);
    const login = await t.call<{ token: string }>('POST', '/api/app/account/login', {
      body: { type: 'email', account: DEMO_EMAIL, password: DEMO_PASSWORD },
    });
    demo = login.body.data.token;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('the demo holds two AI subscriptions, subscribed days ago, with the interest of every day since', async () => {
    const orders = await as<{ list: AiOrder[] }>(demo, '/api/app/ai/orders?tab=active');
    // Newest first, named in the demo's language.
    expect(orders.list.map((o) => [o.product_name, o.kind, o.amount])).toEqual([
      ['KI-Quant 7 Tage', 'fixed', '500.000000'],
      ['KI-Quant Flexibel', 'current', '1000.000000'],
    ]);
    for (const [i, o] of [...orders.list].reverse().entries()) {
      expect(o.started_at).toBe(seededAt - DEMO_AI[i]!.agoMs);
      expect(o.status).toBe('active');
    }
    // 1,000 USDC at 200 ppm a day: 0.2 USDC for each of six whole days and a part of the first.
    const flexible = orders.list.find((o) => o.kind === 'current')!;
    expect(Number(flexible.interest)).toBeGreaterThan(1.2);
    expect(Number(flexible.interest)).toBeLessThan(1.4);
    // 500 USDC at 400 ppm: 0.2 USDC a whole day, four days so far.
    expect(orders.list.find((o) => o.kind === 'fixed')!.interest).toBe('0.800000');
  });

  it('the demo has a running stake and one under review, which waits in the console queue', async () => {
    const stakes = await as<{ list: Stake[] }>(demo, '/api/app/staking/stakes');
    expect(stakes.list.map((s) => [s.coin, s.amount, s.status])).toEqual([
      ['USDC', '200.000000', 'review'],
      ['ETH', '1.00000000', 'active'],
    ]);
    const eth = stakes.list.find((s) => s.coin === 'ETH')!;
    expect(eth.created_at).toBe(seededAt - DEMO_STAKES[0]!.agoMs);
    // Approved the day after, for 60 days from then.
    expect(eth.due_at).toBe(eth.created_at + DEMO_STAKES[0]!.approvedAfterMs! + 60 * DAY_MS);
    const queue = await as<{ list: (Stake & { user_id: string })[] }>(
      admin,
      '/api/admin/staking/stakes?status=review',
    );
    expect(queue.list.map((s) => [s.user_id, s.coin])).toEqual([[demoId, 'USDC']]);
  });

  it('the demo has two German tickets: one answered and read, one open for the operator', async () => {
    const tickets = await as<{ list: { id: string; subject: string; status: string; unread: boolean }[] }>(
      demo,
      '/api/app/support/tickets',
    );
    expect(tickets.list.map((x) => [x.subject, x.status, x.unread])).toEqual([
      [DEMO_TICKETS[1]!.subject, 'open', false],
      [DEMO_TICKETS[0]!.subject, 'answered', false],
    ]);
    expect((await as<{ count: number }>(demo, '/api/app/support/unread')).count).toBe(0);
    const answered = await as<{ messages: { from: string; body: string; created_at: number }[] }>(
      demo,
      `/api/app/support/tickets/${tickets.list[1]!.id}`,
    );
    expect(answered.messages.map((m) => m.from)).toEqual(['user', 'operator']);
    expect(answered.messages[1]!.body).toMatch(/^Guten Tag/);
    // Written in German, so kept as German: a reply mailed to the demo would be in German too.
    const langs = await sql<{ lang: string | null }>`select lang from support_tickets order by id`.execute(
      t.db,
    );
    expect(langs.rows.map((r) => r.lang)).toEqual(['de', 'de']);
    expect(answered.messages[0]!.created_at).toBe(seededAt - DEMO_TICKETS[0]!.agoMs);
    // The console: the open one is new to the operators, the answered one was read.
    const inbox = await as<{ list: { subject: string; status: string; unread: boolean }[] }>(
      admin,
      '/api/admin/support/tickets',
    );
    expect(inbox.list.map((x) => [x.subject, x.status, x.unread])).toEqual([
      [DEMO_TICKETS[1]!.subject, 'open', true],
      [DEMO_TICKETS[0]!.subject, 'answered', false],
    ]);
  });

  it("the audit log shows the seed's operator decisions, dated when they were made, with before and after", async () => {
    const entries = await audit();
    // Newest first by id: the order the seed made them in, reversed.
    expect(entries.map((e) => [e.action, e.target_type])).toEqual([
      ['POST /api/admin/support/tickets/:id/reply', 'support'],
      ['POST /api/admin/staking/stakes/:id/review', 'staking'],
      ['POST /api/admin/withdrawals/:id/approve', 'withdrawals'],
      ['POST /api/admin/kyc/:id/reject', 'kyc'],
      ['POST /api/admin/kyc/:id/approve', 'kyc'],
    ]);
    for (const e of entries) {
      expect(e.admin_email).toBe(operator.email);
      expect(e.ip).toBeNull();
      expect(e.created_at).toBeLessThan(seededAt);
      expect(e.after).not.toBeNull();
    }
    const [reply, stake, withdrawal, reject, approve] = entries as [Entry, Entry, Entry, Entry, Entry];
    expect([approve.before!.status, approve.after!.status]).toEqual(['under_audit', 'passed']);
    expect(approve.created_at).toBe(seededAt - 11 * DAY_MS);
    expect([reject.before!.status, reject.after!.status]).toEqual(['under_audit', 'failed']);
    expect(reject.after!.reason).toMatch(/blurred/);
    expect(withdrawal.before!.status).toBe('under_review');
    expect(withdrawal.after!.status).not.toBe('under_review');
    expect([stake.before!.status, stake.after!.status]).toEqual(['review', 'active']);
    expect(reply.before).toBeNull();
    expect(reply.after!.status).toBe('answered');
    // Nothing secret reaches the log (ADR 161).
    expect(JSON.stringify(entries)).not.toMatch(/password_hash|\$argon2/);
  });

  it('a second seeding adds nothing', async () => {
    const before = await counts();
    expect(await seedEarn(t.services, demoId, operator)).toBe(false);
    expect(await seedSupport(t.services, demoId, operator)).toBe(false);
    expect(await counts()).toEqual(before);
  });

  it('a decision in the console leaves an entry of the same shape as the seeded one', async () => {
    const [chen] = (await as<{ list: { id: string }[] }>(admin, '/api/admin/kyc?status=under_audit')).list;
    expect(
      (await t.call('POST', `/api/admin/kyc/${chen!.id}/approve`, { token: admin, body: {} })).status,
    ).toBe(200);
    const [stake] = (await as<{ list: { id: string }[] }>(admin, '/api/admin/staking/stakes?status=review'))
      .list;
    expect(
      (
        await t.call('POST', `/api/admin/staking/stakes/${stake!.id}/review`, {
          token: admin,
          body: { action: 'approve' },
        })
      ).status,
    ).toBe(200);
    const shape = (e: Entry) => ({
      action: e.action,
      target_type: e.target_type,
      before: Object.keys(e.before ?? {}).sort(),
      after: Object.keys(e.after ?? {}).sort(),
    });
    for (const action of ['POST /api/admin/kyc/:id/approve', 'POST /api/admin/staking/stakes/:id/review']) {
      const [real, seeded] = (await audit(action)) as [Entry, Entry];
      expect(real.ip).not.toBeNull();
      expect(seeded.ip).toBeNull();
      expect(shape(seeded)).toEqual(shape(real));
      expect(shape(seeded).before.length).toBeGreaterThan(3);
    }
    expect((await runAudit(t.db)).problems).toEqual([]);
  });
});
