import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, registerUser, type TestApp, testApp } from './helpers/testApp.ts';
import { adminToken } from './kyc-support.ts';

interface Poll {
  id: string;
  state: string;
  my_option: number | null;
  options: { id: number; label: string; votes: number }[];
}

describe.each(BACKENDS)('voting on %s', (backend) => {
  let t: TestApp;
  let token: string;
  let other: string;
  let admin: string;
  let poll: Poll;
  const votes = async () =>
    Number((await sql<{ n: string }>`select count(*) as n from poll_votes`.execute(t.db)).rows[0]!.n);

  beforeAll(async () => {
    t = await testApp(backend);
    token = (await registerUser(t, 'vo1@example.com')).token;
    other = (await registerUser(t, 'vo2@example.com')).token;
    admin = await adminToken(t);
    const now = t.clock.now();
    const r = await t.call<Poll>('POST', '/api/admin/votes', {
      token: admin,
      body: { title: 'List SOL?', options: ['Yes', 'No'], starts_at: now + 1000, ends_at: now + 10_000 },
    });
    expect(r.status).toBe(200);
    poll = r.body.data;
  });
  afterAll(async () => {
    await t.close();
  });

  it('validates polls and votes', async () => {
    const now = t.clock.now();
    const bad = [
      { title: 'x', options: ['only'], starts_at: now, ends_at: now + 1 },
      { title: 'x', options: ['a', 'b'], starts_at: now, ends_at: now },
      { title: '', options: ['a', 'b'], starts_at: now, ends_at: now + 1 },
    ];
    for (const b of bad)
      expect((await t.call('POST', '/api/admin/votes', { token: admin, body: b })).status).toBe(422);
    expect((await t.call('POST', `/api/app/votes/${poll.id}`, { token, body: { option: 'a' } })).status).toBe(
      422,
    );
    expect((await t.call('POST', '/api/app/votes/999', { token, body: { option: 0 } })).status).toBe(404);
  });

  it('refuses before the window, once inside it, and after it', async () => {
    const early = await t.call('POST', `/api/app/votes/${poll.id}`, {
      token,
      lang: 'en',
      body: { option: 0 },
    });
    expect([early.status, early.body.code]).toEqual([400, 3004]);
    t.clock.advance(2000);
    expect((await t.call('POST', `/api/app/votes/${poll.id}`, { token, body: { option: 5 } })).status).toBe(
      422,
    );
    const ok = await t.call<Poll>('POST', `/api/app/votes/${poll.id}`, { token, body: { option: 1 } });
    expect(ok.body.data).toMatchObject({ state: 'open', my_option: 1 });
    expect(ok.body.data.options.map((o) => o.votes)).toEqual([0, 1]);
    const twice = await t.call('POST', `/api/app/votes/${poll.id}`, {
      token,
      lang: 'en',
      body: { option: 0 },
    });
    expect([twice.status, twice.body.code, twice.body.message]).toEqual([409, 3003, 'Already voted']);
    expect(await votes()).toBe(1);
    t.clock.advance(10_000);
    const late = await t.call('POST', `/api/app/votes/${poll.id}`, { token: other, body: { option: 0 } });
    expect(late.body.code).toBe(3004);
    expect(await votes()).toBe(1);
    const list = await t.call<Poll[]>('GET', '/api/app/votes', { token: other });
    expect(list.body.data[0]).toMatchObject({ state: 'closed', my_option: null });
  });
});
