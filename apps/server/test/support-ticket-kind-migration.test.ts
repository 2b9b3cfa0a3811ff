// Migration 0840 marks the appeals already filed (support_tickets.kind, ADR 268). Until then the
// console told an appeal by its subject, which a user may type too; the backfill marks a ticket
// with that subject as an appeal only when it was filed while its account was disabled (no session
// can open an ordinary ticket then): at or after the current ban, or after a ban the audit log
// shows and before its unban. The tickets are made through the API on the current schema, the
// column is dropped and the migration run again: it must give back the kinds the API wrote.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APPEAL_SUBJECT } from '../src/support/appeal.ts';
import { SUPPORT_TICKET_KIND_MIGRATION } from '../src/support/migration-kind.ts';
import { signInOperators } from './helpers/operators.ts';
import { BACKENDS, PASSWORD, registerUser, type TestApp, testApp } from './helpers/testApp.ts';

const MINUTE = 60_000;

describe.each(BACKENDS)('migration 0840 support ticket kind on %s', (backend) => {
  let t: TestApp;
  let ops: { support: string };
  let ip = 0;

  beforeAll(async () => {
    t = await testApp(backend);
    ops = await signInOperators(t);
  });
  afterAll(async () => {
    await t?.close();
  });

  const step = () => t.clock.advance(MINUTE);
  const ban = async (id: string) => {
    step();
    const res = await t.call('POST', `/api/admin/users/${id}/ban`, {
      token: ops.support,
      body: { reason: 'Chargeback reported by the bank' },
    });
    expect(res.status).toBe(200);
  };
  const unban = async (id: string) => {
    step();
    const res = await t.call('POST', `/api/admin/users/${id}/unban`, {
      token: ops.support,
      body: { note: 'Bank confirmed its error' },
    });
    expect(res.status).toBe(200);
  };
  const open = async (token: string, subject: string) => {
    step();
    const res = await t.call('POST', '/api/app/support/tickets', {
      token,
      body: { subject, body: 'Written in the app by the user.' },
    });
    expect(res.status).toBe(200);
  };
  const appeal = async (account: string) => {
    step();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/app/support/appeal',
      remoteAddress: `10.7.0.${++ip}`,
      payload: { type: 'email', account, message: 'My account was disabled, please look again.' },
    });
    expect(res.statusCode).toBe(200);
  };
  const login = async (account: string) =>
    (
      await t.call<{ token: string }>('POST', '/api/app/account/login', {
        body: { type: 'email', account, password: PASSWORD },
      })
    ).body.data.token;
  const kinds = async () =>
    (
      await sql<{ user_id: string; subject: string; kind: string }>`
        select user_id::text as user_id, subject, kind from support_tickets order by id`.execute(t.db)
    ).rows.map((r) => [r.user_id, r.subject === APPEAL_SUBJECT ? 'APPEAL_SUBJECT' : r.subject, r.kind]);

  it('marks as appeals exactly the tickets the appeal path filed, and no ticket a user typed', async () => {
    // Still disabled: a lookalike typed before the ban, the real appeal after it.
    const a = await registerUser(t, 'still-banned@example.com');
    await open(a.token, APPEAL_SUBJECT);
    await ban(a.user.id);
    await appeal('still-banned@example.com');
    // Unbanned since and banned again: the appeal fell in the first ban (audit log), the lookalike
    // between the unban and the second ban.
    const b = await registerUser(t, 'twice@example.com');
    await ban(b.user.id);
    await appeal('twice@example.com');
    await unban(b.user.id);
    await open(await login('twice@example.com'), APPEAL_SUBJECT);
    await open(await login('twice@example.com'), 'Deposit missing');
    await ban(b.user.id);
    // Never banned.
    const c = await registerUser(t, 'never@example.com');
    await open(c.token, APPEAL_SUBJECT);

    const written = await kinds();
    expect(written).toEqual([
      [a.user.id, 'APPEAL_SUBJECT', 'ticket'],
      [a.user.id, 'APPEAL_SUBJECT', 'appeal'],
      [b.user.id, 'APPEAL_SUBJECT', 'appeal'],
      [b.user.id, 'APPEAL_SUBJECT', 'ticket'],
      [b.user.id, 'Deposit missing', 'ticket'],
      [c.user.id, 'APPEAL_SUBJECT', 'ticket'],
    ]);

    await sql`alter table support_tickets drop column kind`.execute(t.db);
    await t.db.transaction().execute((trx) => SUPPORT_TICKET_KIND_MIGRATION.up(trx));
    expect(await kinds()).toEqual(written);
  });

  it('refuses a kind it does not know', async () => {
    await expect(sql`update support_tickets set kind = 'other'`.execute(t.db)).rejects.toThrow();
  });
});
