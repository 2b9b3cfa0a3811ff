// Issue 12 item 2 (ADR 208): the support centre. FAQ kept in the console in 7 languages and read in
// the caller's; tickets with a private screenshot, replies both ways, unread flags; attacks: another
// user's ticket and upload -> 404 / refused, closed tickets, the open-ticket limit, roles.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, registerUser, type TestApp, testApp } from './helpers/testApp.ts';
import { adminToken, upload } from './kyc-support.ts';

interface Detail {
  id: string;
  status: string;
  unread: boolean;
  messages: { from: string; body: string; image_url: string | null }[];
}

describe.each(BACKENDS)('support centre on %s', (backend) => {
  let t: TestApp;
  let admin: string;
  let user: { token: string };
  let other: { token: string };
  let ticketId: string;
  let image: string;

  beforeAll(async () => {
    t = await testApp(backend);
    admin = await adminToken(t);
    user = await registerUser(t, 'help@example.com');
    other = await registerUser(t, 'help2@example.com');
  });
  afterAll(async () => {
    await t?.close();
  });

  const as = <T = unknown>(
    token: string,
    method: 'GET' | 'POST' | 'DELETE',
    url: string,
    body?: unknown,
    lang = 'en',
  ) => t.call<T>(method, url, { token, body, lang });

  it('FAQ: the console writes it in several languages, users read theirs (German as fallback)', async () => {
    const saved = await as<{ id: string }>(admin, 'POST', '/api/admin/support/faq', {
      title: { de: 'Wie zahle ich ein?', en: 'How do I deposit?', fr: 'Comment déposer ?' },
      body: { de: 'Öffnen Sie Einzahlen.', en: 'Open Deposit.', fr: 'Ouvrez Dépôt.' },
      position: 1,
    });
    expect(saved.body.code).toBe(0);
    await as(admin, 'POST', '/api/admin/support/faq', {
      title: { de: 'Entwurf' },
      body: { de: 'noch nicht' },
      published: false,
    });
    const en = await t.call<{ title: string }[]>('GET', '/api/app/support/faq', { lang: 'en' });
    expect(en.body.data.map((a) => a.title)).toEqual(['How do I deposit?']);
    const it_ = await t.call<{ title: string }[]>('GET', '/api/app/support/faq', { lang: 'it' });
    expect(it_.body.data[0]?.title).toBe('Wie zahle ich ein?');
    // German is required; users cannot write FAQ.
    expect(
      (await as(admin, 'POST', '/api/admin/support/faq', { title: { en: 'x' }, body: { en: 'y' } })).status,
    ).toBe(422);
    expect(
      (await as(user.token, 'POST', '/api/admin/support/faq', { title: { de: 'x' }, body: { de: 'y' } }))
        .status,
    ).toBe(401);
    const changed = await as<{ title: { de: string } }>(
      admin,
      'POST',
      `/api/admin/support/faq/${saved.body.data.id}`,
      {
        title: { de: 'Einzahlen' },
        body: { de: 'So geht es.' },
      },
    );
    expect(changed.body.data.title.de).toBe('Einzahlen');
    expect((await as(admin, 'DELETE', '/api/admin/support/faq/999999')).status).toBe(404);
  });

  it('opens a ticket with my own private screenshot; someone else’s upload is refused', async () => {
    image = await upload(t, user.token);
    const theirs = await upload(t, other.token);
    const bad = await as(user.token, 'POST', '/api/app/support/tickets', {
      subject: 'Deposit',
      body: 'Missing',
      image: theirs,
    });
    expect(bad.body.code).toBe(1102);
    expect((await as<{ total: number }>(user.token, 'GET', '/api/app/support/tickets')).body.data.total).toBe(
      0,
    );
    const r = await as<Detail>(user.token, 'POST', '/api/app/support/tickets', {
      subject: 'Deposit missing',
      body: 'I sent 10 USDC an hour ago.',
      image,
    });
    expect(r.body.code).toBe(0);
    ticketId = r.body.data.id;
    expect(r.body.data.status).toBe('open');
    expect(r.body.data.messages[0]?.image_url).toBe(image);
  });

  it("another user's ticket is 404 to read and to answer", async () => {
    expect((await as(other.token, 'GET', `/api/app/support/tickets/${ticketId}`)).status).toBe(404);
    expect(
      (await as(other.token, 'POST', `/api/app/support/tickets/${ticketId}/messages`, { body: 'hi' })).status,
    ).toBe(404);
    expect(
      (await as<{ total: number }>(other.token, 'GET', '/api/app/support/tickets')).body.data.total,
    ).toBe(0);
    const detail = await as<Detail>(user.token, 'GET', `/api/app/support/tickets/${ticketId}`);
    expect(detail.body.data.messages.map((m) => m.body)).toEqual(['I sent 10 USDC an hour ago.']);
  });

  it('the operator sees it unread, opens the screenshot and answers; the user gets the unread dot', async () => {
    const list = await as<{ list: { id: string; unread: boolean; user_account: string }[] }>(
      admin,
      'GET',
      '/api/admin/support/tickets?status=open',
    );
    expect(list.body.data.list[0]).toMatchObject({
      id: ticketId,
      unread: true,
      user_account: 'help@example.com',
    });
    const detail = await as<Detail>(admin, 'GET', `/api/admin/support/tickets/${ticketId}`);
    const url = detail.body.data.messages[0]!.image_url!;
    expect(url).toBe(`/api/admin/support/tickets/${ticketId}/images/${image}`);
    const img = await t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${admin}` } });
    expect(img.statusCode).toBe(200);
    // Only images of this ticket, only for operators.
    const foreign = await t.app.inject({
      method: 'GET',
      url: `/api/admin/support/tickets/${ticketId}/images/${'0'.repeat(32)}`,
      headers: { authorization: `Bearer ${admin}` },
    });
    expect(foreign.statusCode).toBe(404);
    const asUser = await t.app.inject({
      method: 'GET',
      url,
      headers: { authorization: `Bearer ${user.token}` },
    });
    expect(asUser.statusCode).toBe(401);

    expect((await as<{ count: number }>(user.token, 'GET', '/api/app/support/unread')).body.data.count).toBe(
      0,
    );
    const answered = await as<Detail>(admin, 'POST', `/api/admin/support/tickets/${ticketId}/reply`, {
      body: 'We found it, it is credited now.',
    });
    expect(answered.body.data.status).toBe('answered');
    expect((await as<{ count: number }>(user.token, 'GET', '/api/app/support/unread')).body.data.count).toBe(
      1,
    );
    expect((await as<{ count: number }>(other.token, 'GET', '/api/app/support/unread')).body.data.count).toBe(
      0,
    );
    const read = await as<Detail>(user.token, 'GET', `/api/app/support/tickets/${ticketId}`);
    expect(read.body.data.messages.map((m) => m.from)).toEqual(['user', 'operator']);
    expect((await as<{ count: number }>(user.token, 'GET', '/api/app/support/unread')).body.data.count).toBe(
      0,
    );
  });

  it('the user replies (open again for the console); a closed ticket takes no more replies', async () => {
    const r = await as<Detail>(user.token, 'POST', `/api/app/support/tickets/${ticketId}/messages`, {
      body: 'Thanks!',
    });
    expect(r.body.data.status).toBe('open');
    expect(
      (await as<Detail>(admin, 'POST', `/api/admin/support/tickets/${ticketId}/close`)).body.data.status,
    ).toBe('closed');
    expect(
      (await as(user.token, 'POST', `/api/app/support/tickets/${ticketId}/messages`, { body: 'one more' }))
        .body.code,
    ).toBe(3415);
    expect(
      (await as(admin, 'POST', `/api/admin/support/tickets/${ticketId}/reply`, { body: 'late' })).body.code,
    ).toBe(3415);
  });

  it('at most five open tickets per user', async () => {
    for (let i = 0; i < 5; i += 1) {
      expect(
        (await as(other.token, 'POST', '/api/app/support/tickets', { subject: `q${i}`, body: 'b' })).body
          .code,
      ).toBe(0);
    }
    const sixth = await as(other.token, 'POST', '/api/app/support/tickets', { subject: 'q6', body: 'b' });
    expect(sixth.body.code).toBe(3416);
    expect(sixth.status).toBe(429);
  });
});
