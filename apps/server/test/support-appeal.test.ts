// ADR 268: a disabled account's way to support. The login refuses a banned user (1003) and every
// ticket route needs a session, so POST /api/app/support/appeal takes the account's name instead:
// a ticket of that account when it exists and is disabled, the same answer for any other name (no
// enumeration), 5 an hour per client address, 3 a day per account, 422 for bad input; the console
// sees the ticket, and an operator's reply reaches the account's own address. The user's side is in
// the user's language: the appeal's subject in their list, the mailed reply in the language they
// appealed in (7 languages). And support, which bans, reads the ban's reason on the user
// (GET /api/admin/users/:id/audit) but still not the log.
import { LANGS, translateServer } from '@ex/i18n';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  APPEAL_SUBJECT,
  APPEALS_PER_ACCOUNT_PER_DAY,
  APPEALS_PER_CLIENT_PER_HOUR,
} from '../src/support/appeal.ts';
import { signInOperators } from './helpers/operators.ts';
import { BACKENDS, PASSWORD, registerUser, type TestApp, testApp } from './helpers/testApp.ts';

const HOUR = 60 * 60_000;

interface AdminTicket {
  id: string;
  subject: string;
  status: string;
  unread: boolean;
  user_id: string;
  user_account: string | null;
  kind: 'ticket' | 'appeal';
  lang: string | null;
}
interface AdminTicketDetail extends AdminTicket {
  messages: { from: string; body: string }[];
}
interface Entry {
  action: string;
  admin_email: string;
  target_type: string | null;
  target_id: string | null;
  after: Record<string, unknown> | null;
  ip: string | null;
}

describe.each(BACKENDS)('appeal of a disabled account on %s', (backend) => {
  let t: TestApp;
  let ops: { admin: string; reviewer: string; support: string };
  let banned: { token: string; user: { id: string } };
  let active: { token: string; user: { id: string } };
  let ip = 0;

  beforeAll(async () => {
    t = await testApp(backend);
    ops = await signInOperators(t);
    banned = await registerUser(t, 'banned@example.com');
    active = await registerUser(t, 'active@example.com');
    const ban = await t.call('POST', `/api/admin/users/${banned.user.id}/ban`, {
      token: ops.support,
      body: { reason: 'Chargeback fraud reported by the bank, case 4711' },
    });
    expect(ban.status).toBe(200);
  });
  afterAll(async () => {
    await t?.close();
  });

  /** An appeal from its own client address unless one is given (the hourly budget is per address). */
  const appeal = async (body: Record<string, unknown>, from = `10.9.0.${++ip}`, lang = 'en') => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/app/support/appeal',
      remoteAddress: from,
      headers: { 'accept-language': lang },
      payload: body,
    });
    return { status: res.statusCode, body: res.json() as { code: number; data: unknown; errors?: object } };
  };
  const email = (account: string, message = 'My account was disabled, I did nothing wrong.') => ({
    type: 'email',
    account,
    message,
  });
  const rows = async (table: 'support_tickets' | 'support_messages') =>
    Number(
      (await sql<{ n: string }>`select count(*) as n from ${sql.table(table)}`.execute(t.db)).rows[0]?.n,
    );
  const tickets = async () =>
    (
      await t.call<{ list: AdminTicket[] }>('GET', '/api/admin/support/tickets?limit=100', {
        token: ops.support,
      })
    ).body.data.list;

  it('files a banned account’s appeal as its ticket, which the console reads; a second message joins it', async () => {
    const first = await appeal(
      email('Banned@Example.com', 'Please look again: the chargeback was my bank’s error.'),
    );
    expect(first.status).toBe(200);
    expect(first.body.data).toEqual({ received: true });
    const mine = (await tickets()).filter((x) => x.user_id === banned.user.id);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({
      subject: APPEAL_SUBJECT,
      kind: 'appeal',
      lang: 'en',
      status: 'open',
      unread: true,
      user_account: 'banned@example.com',
    });
    expect(
      (await appeal(email('banned@example.com', 'Here is the bank’s letter number: 88-1.'))).status,
    ).toBe(200);
    expect((await tickets()).filter((x) => x.user_id === banned.user.id)).toHaveLength(1);
    const detail = await t.call<AdminTicketDetail>('GET', `/api/admin/support/tickets/${mine[0]!.id}`, {
      token: ops.support,
    });
    expect(detail.body.data.messages.map((m) => [m.from, m.body])).toEqual([
      ['user', 'Please look again: the chargeback was my bank’s error.'],
      ['user', 'Here is the bank’s letter number: 88-1.'],
    ]);
  });

  it('answers the same for a disabled, an active and an unknown account; only the disabled one gets a ticket', async () => {
    const before = await rows('support_tickets');
    const answers = await Promise.all(
      ['banned@example.com', 'active@example.com', 'nobody-here@example.com'].map((a) => appeal(email(a))),
    );
    for (const a of answers) expect(a).toEqual(answers[0]);
    expect(answers[0]!.status).toBe(200);
    // The banned account's appeal joined its open ticket; the active one got nothing written.
    expect(await rows('support_tickets')).toBe(before);
    const own = await t.call<{ list: unknown[] }>('GET', '/api/app/support/tickets', { token: active.token });
    expect(own.body.data.list).toEqual([]);
    // In another language too, the same words for all.
    const de = await Promise.all(
      ['banned@example.com', 'nobody-here@example.com'].map((a) => appeal(email(a), undefined, 'de')),
    );
    expect(de[0]).toEqual(de[1]);
  });

  it(`takes ${APPEALS_PER_CLIENT_PER_HOUR} appeals an hour from one address, then 429 whatever account is named`, async () => {
    const from = '10.8.0.1';
    for (let i = 0; i < APPEALS_PER_CLIENT_PER_HOUR; i++)
      expect((await appeal(email(`someone${i}@example.com`), from)).status).toBe(200);
    const unknown = await appeal(email('nobody-else@example.com'), from);
    const disabled = await appeal(email('banned@example.com'), from);
    expect(unknown.status).toBe(429);
    expect(unknown.body.code).toBe(429);
    expect(disabled).toEqual(unknown);
    t.clock.advance(HOUR);
    expect((await appeal(email('nobody-else@example.com'), from)).status).toBe(200);
  });

  it(`lets ${APPEALS_PER_ACCOUNT_PER_DAY} appeals a day reach one account; more are answered alike and dropped`, async () => {
    t.clock.advance(24 * HOUR);
    const messages = async () =>
      (
        await sql<{ n: string }>`select count(*) as n from support_messages m
          join support_tickets s on s.id = m.ticket_id where s.user_id = ${banned.user.id}`.execute(t.db)
      ).rows[0]?.n;
    const start = Number(await messages());
    const answers = [];
    for (let i = 0; i < APPEALS_PER_ACCOUNT_PER_DAY + 2; i++)
      answers.push(await appeal(email('banned@example.com', `Appeal number ${i + 1}, please.`)));
    for (const a of answers) expect(a).toEqual(answers[0]);
    expect(Number(await messages())).toBe(start + APPEALS_PER_ACCOUNT_PER_DAY);
  });

  it.each([
    ['no message', { type: 'email', account: 'banned@example.com' }, 'message'],
    ['a message of a few letters', email('banned@example.com', '  help  '), 'message'],
    ['a message too long', email('banned@example.com', 'x'.repeat(2_001)), 'message'],
    ['an e-mail that is none', email('not-an-address'), 'account'],
    [
      'a phone without its area code',
      { type: 'phone', account: '15550100', message: 'Please unblock me, thanks.' },
      'area_code',
    ],
    ['a field it does not know', { ...email('banned@example.com'), user_id: '1' }, undefined],
  ])('refuses %s with 422 and writes nothing', async (_name, body, field) => {
    const before = await rows('support_messages');
    const res = await appeal(body);
    expect(res.status).toBe(422);
    expect(res.body.code).toBe(422);
    if (field) expect(Object.keys(res.body.errors ?? {})).toContain(field);
    expect(await rows('support_messages')).toBe(before);
  });

  it('mails an operator’s reply on a disabled account’s ticket to the account’s own address', async () => {
    const ticket = (await tickets()).find((x) => x.user_id === banned.user.id)!;
    const reply = await t.call('POST', `/api/admin/support/tickets/${ticket.id}/reply`, {
      token: ops.support,
      body: { body: 'We are reviewing your case and will write again within two days.' },
    });
    expect(reply.status).toBe(200);
    const sent = await t.db
      .selectFrom('outbox')
      .selectAll()
      .where('scene', '=', 'support_reply')
      .orderBy('id', 'desc')
      .execute();
    expect(sent).toHaveLength(1);
    // In the language of the appeal (en here): the subject, and a closing line on how to write back.
    expect(sent[0]).toMatchObject({
      channel: 'email',
      recipient: 'banned@example.com',
      subject: `Support: ${APPEAL_SUBJECT}`,
      body: `We are reviewing your case and will write again within two days.\n\n${translateServer('en', 'mail.support_reply_footer')}`,
    });
    // An active user reads replies in the app: nothing is mailed.
    const own = await t.call<{ id: string }>('POST', '/api/app/support/tickets', {
      token: active.token,
      body: { subject: 'Deposit', body: 'Where is my deposit?' },
    });
    await t.call('POST', `/api/admin/support/tickets/${own.body.data.id}/reply`, {
      token: ops.support,
      body: { body: 'It arrived.' },
    });
    expect(
      await t.db.selectFrom('outbox').select('id').where('scene', '=', 'support_reply').execute(),
    ).toHaveLength(1);
  });

  it('an unbanned account logs in and finds the appeal and the reply in its tickets', async () => {
    await t.call('POST', `/api/admin/users/${banned.user.id}/unban`, {
      token: ops.support,
      body: { note: 'Bank confirmed its error' },
    });
    const login = await t.call<{ token: string }>('POST', '/api/app/account/login', {
      body: { type: 'email', account: 'banned@example.com', password: PASSWORD },
    });
    expect(login.status).toBe(200);
    const own = await t.call<{ list: { subject: string; unread: boolean }[] }>(
      'GET',
      '/api/app/support/tickets',
      { token: login.body.data.token, lang: 'en' },
    );
    expect(own.body.data.list[0]).toMatchObject({ subject: APPEAL_SUBJECT, unread: true });
    // Re-banned for the next suite's reads.
    await t.call('POST', `/api/admin/users/${banned.user.id}/ban`, {
      token: ops.admin,
      body: { reason: 'Second chargeback, case 4712' },
    });
  });

  it('an ordinary ticket under the appeal’s exact subject is not an appeal, and a later appeal does not join it', async () => {
    // The attack: a user names an ordinary ticket like an appeal, so that the console marks it as
    // one (the notice, mailed replies) and the appeal they file once banned lands in it.
    const mallory = await registerUser(t, 'lookalike@example.com');
    const typed = await t.call<{ id: string; subject: string }>('POST', '/api/app/support/tickets', {
      token: mallory.token,
      lang: 'de',
      body: { subject: APPEAL_SUBJECT, body: 'Typed by the user in the app, not an appeal.' },
    });
    expect(typed.status).toBe(200);
    // The user reads what they typed, not the appeal's subject in their language.
    expect(typed.body.data.subject).toBe(APPEAL_SUBJECT);
    const theirs = async () => (await tickets()).filter((x) => x.user_id === mallory.user.id);
    expect(await theirs()).toEqual([
      expect.objectContaining({ id: typed.body.data.id, kind: 'ticket', lang: 'de' }),
    ]);

    await t.call('POST', `/api/admin/users/${mallory.user.id}/ban`, {
      token: ops.support,
      body: { reason: 'Spam' },
    });
    expect((await appeal(email('lookalike@example.com', 'Please unban me, it was a mistake.'))).status).toBe(
      200,
    );
    const after = await theirs();
    expect(after).toHaveLength(2);
    const appealed = after.find((x) => x.id !== typed.body.data.id)!;
    expect(appealed).toMatchObject({ subject: APPEAL_SUBJECT, kind: 'appeal', lang: 'en', status: 'open' });
    expect(after.find((x) => x.id === typed.body.data.id)).toMatchObject({ kind: 'ticket' });
    const bodies = async (id: string) =>
      (
        await t.call<AdminTicketDetail>('GET', `/api/admin/support/tickets/${id}`, { token: ops.support })
      ).body.data.messages.map((m) => m.body);
    expect(await bodies(typed.body.data.id)).toEqual(['Typed by the user in the app, not an appeal.']);
    expect(await bodies(appealed.id)).toEqual(['Please unban me, it was a mistake.']);
  });

  describe('in the user’s language', () => {
    let user: { token: string; user: { id: string } };
    const reply = 'Nous examinons votre dossier et vous écrirons sous deux jours.';

    beforeAll(async () => {
      user = await registerUser(t, 'recours@example.fr');
      // An anti-phishing code: the mailed reply's first line follows the language too (ADR 206).
      await t.call('POST', '/api/app/user/anti-phishing', { token: user.token, body: { code: 'Lune7' } });
      await t.call('POST', `/api/admin/users/${user.user.id}/ban`, {
        token: ops.support,
        body: { reason: 'Identity documents of someone else' },
      });
      const res = await appeal(
        email('recours@example.fr', 'Mon compte a été désactivé par erreur, merci de vérifier.'),
        undefined,
        'fr-FR,fr;q=0.9',
      );
      expect(res.status).toBe(200);
    });

    const ticketOf = async () => (await tickets()).find((x) => x.user_id === user.user.id)!;

    it('the console reads the appeal under its subject of record, in its own language, and the user’s', async () => {
      expect(await ticketOf()).toMatchObject({
        subject: APPEAL_SUBJECT,
        kind: 'appeal',
        lang: 'fr',
        status: 'open',
      });
    });

    it('an operator’s reply is mailed in French: subject, closing line and anti-phishing line', async () => {
      const ticket = await ticketOf();
      await t.call('POST', `/api/admin/support/tickets/${ticket.id}/reply`, {
        token: ops.support,
        body: { body: reply },
      });
      const mail = await t.db
        .selectFrom('outbox')
        .selectAll()
        .where('scene', '=', 'support_reply')
        .where('recipient', '=', 'recours@example.fr')
        .executeTakeFirstOrThrow();
      expect(mail.subject).toBe('Assistance\u00a0: Recours\u00a0: compte désactivé');
      expect(mail.body).toBe(
        `Votre code anti-hameçonnage\u00a0: Lune7\n\n${reply}\n\n` +
          'Votre compte est désactivé\u00a0: cette réponse de notre équipe d’assistance vous parvient ' +
          'donc aussi ici. Pour répondre, choisissez «\u00a0Contacter l’assistance\u00a0» sur l’écran de connexion.',
      );
    });

    it('once unbanned, the user’s list and ticket read the subject in French, and in each language', async () => {
      await t.call('POST', `/api/admin/users/${user.user.id}/unban`, {
        token: ops.support,
        body: { note: 'Documents checked again' },
      });
      const login = await t.call<{ token: string }>('POST', '/api/app/account/login', {
        body: { type: 'email', account: 'recours@example.fr', password: PASSWORD },
      });
      const token = login.body.data.token;
      const list = (lang: string) =>
        t.call<{ list: { id: string; subject: string }[] }>('GET', '/api/app/support/tickets', {
          token,
          lang,
        });
      const fr = (await list('fr')).body.data.list;
      expect(fr).toHaveLength(1);
      expect(fr[0]!.subject).toBe('Recours\u00a0: compte désactivé');
      const detail = await t.call<{ subject: string; messages: { from: string; body: string }[] }>(
        'GET',
        `/api/app/support/tickets/${fr[0]!.id}`,
        { token, lang: 'fr' },
      );
      expect(detail.body.data.subject).toBe('Recours\u00a0: compte désactivé');
      expect(detail.body.data.messages.map((m) => m.from)).toEqual(['user', 'operator']);
      const subjects = new Set<string>();
      for (const lang of LANGS) {
        const [one] = (await list(lang.replace('_', '-'))).body.data.list;
        expect(one!.subject).toBe(translateServer(lang, 'support.appeal_subject'));
        subjects.add(one!.subject);
      }
      expect(subjects.size).toBe(LANGS.length);
      expect(translateServer('en', 'support.appeal_subject')).toBe(APPEAL_SUBJECT);
      // A subject the user typed is shown as typed, in every language.
      const own = await t.call<{ subject: string }>('POST', '/api/app/support/tickets', {
        token,
        lang: 'de',
        body: { subject: 'Question sur un dépôt', body: 'Mon dépôt n’est pas arrivé.' },
      });
      expect(own.body.data.subject).toBe('Question sur un dépôt');
    });
  });

  describe('the ban’s reason for support (GET /api/admin/users/:id/audit)', () => {
    const userAudit = (token: string, id = banned.user.id, query = '') =>
      t.call<{ list: Entry[]; total: number }>('GET', `/api/admin/users/${id}/audit${query}`, { token });

    it('support reads who banned the user and why, newest first, without the operator’s IP', async () => {
      const res = await userAudit(ops.support);
      expect(res.status).toBe(200);
      const list = res.body.data.list;
      expect(list.map((e) => e.action)).toEqual(['user.ban', 'user.unban', 'user.ban']);
      expect(list[0]).toMatchObject({
        admin_email: 'root@example.com',
        target_type: 'user',
        target_id: banned.user.id,
        ip: null,
      });
      expect(list[0]!.after?.reason).toBe('Second chargeback, case 4712');
      expect(list[1]!.after?.note).toBe('Bank confirmed its error');
      expect(list[2]!.after?.reason).toBe('Chargeback fraud reported by the bank, case 4711');
      expect(list[2]!.admin_email).toBe('support@example.com');
    });

    it('only that user’s entries: nothing of other users or other targets', async () => {
      const other = await userAudit(ops.support, active.user.id);
      expect(other.body.data).toMatchObject({ list: [], total: 0 });
      // The log's filters are not taken: the target stays the user of the path.
      const widened = await userAudit(ops.support, banned.user.id, '?target_type=operator');
      expect(widened.status).toBe(422);
    });

    it('the other roles as before: admin and reviewer read it and the whole log; support not the log', async () => {
      for (const token of [ops.admin, ops.reviewer]) {
        expect((await userAudit(token)).body.data.total).toBe(3);
        expect((await t.call('GET', '/api/admin/audit', { token })).status).toBe(200);
      }
      const log = await t.call<unknown>('GET', '/api/admin/audit', { token: ops.support });
      expect(log.status).toBe(403);
    });

    it('a user token or none is refused', async () => {
      expect((await userAudit(active.token)).status).toBe(401);
      expect((await t.call('GET', `/api/admin/users/${banned.user.id}/audit`)).status).toBe(401);
    });
  });
});
