// Issue 12 item 5 (ADR 203): the active sessions with device, address and last seen; "log out
// this one" and "log out all others"; the login history; an e-mail through the outbox when the
// account logs in from a new device.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, PASSWORD, registerUser, type TestApp, testApp } from './helpers/testApp.ts';

type Session = { id: string; device: string; ip: string; current: boolean; last_seen_at: number };
const PHONE_UA = 'Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 Chrome/130.0 Mobile Safari/537.36';
const MAC_UA =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0) AppleWebKit/605.1.15 Version/17.0 Safari/605.1.15';

describe.each(BACKENDS)('sessions and devices on %s', (backend) => {
  let t: TestApp;
  let first: string;
  beforeAll(async () => {
    t = await testApp(backend);
    first = (await registerUser(t, 'owner@example.com')).token;
  });
  afterAll(async () => {
    await t?.close();
  });

  const login = async (ua: string) => {
    const r = await t.call<{ token: string }>('POST', '/api/app/account/login', {
      body: { type: 'email', account: 'owner@example.com', password: PASSWORD },
      headers: { 'user-agent': ua },
      lang: 'en',
    });
    expect(r.status).toBe(200);
    return r.body.data.token;
  };
  const mails = async () =>
    t.db
      .selectFrom('outbox')
      .selectAll()
      .where('recipient', '=', 'owner@example.com')
      .where('scene', '=', 'new_login')
      .execute();

  it('a login from a new device e-mails the owner; the same device again does not', async () => {
    const phone = await login(PHONE_UA);
    expect(phone).toBeTruthy();
    const sent = await mails();
    expect(sent).toHaveLength(1);
    expect(sent[0]?.subject).toBe('New login to your account');
    expect(sent[0]?.body).toContain('Chrome on Android');
    await login(PHONE_UA);
    expect(await mails()).toHaveLength(1);
  });

  it('lists the sessions, ends one and then all others; ended ones answer 411', async () => {
    const mac = await login(MAC_UA);
    const list = await t.call<Session[]>('GET', '/api/app/user/sessions', { token: mac });
    expect(list.body.data.length).toBe(4);
    const me = list.body.data.find((s) => s.current);
    expect(me?.device).toBe('Safari on macOS');
    expect(me?.ip).toBe('127.0.0.1');

    // Another user cannot end my session: 404, and it keeps working.
    const stranger = await registerUser(t, 'stranger@example.com');
    const target = list.body.data.find((s) => !s.current) as Session;
    expect(
      (await t.call('DELETE', `/api/app/user/sessions/${target.id}`, { token: stranger.token })).status,
    ).toBe(404);
    expect((await t.call('GET', '/api/app/user/sessions', { token: mac })).body.data).toHaveLength(4);

    expect((await t.call('DELETE', `/api/app/user/sessions/${target.id}`, { token: mac })).body.code).toBe(0);
    expect((await t.call('GET', '/api/app/user/sessions', { token: mac })).body.data).toHaveLength(3);

    expect((await t.call('POST', '/api/app/user/sessions/revoke-others', { token: mac })).body.code).toBe(0);
    const after = await t.call<Session[]>('GET', '/api/app/user/sessions', { token: mac });
    expect(after.body.data.map((s) => s.current)).toEqual([true]);
    expect((await t.call('GET', '/api/app/user/info', { token: first })).body.code).toBe(411);
  });

  it('keeps the login history with new devices marked', async () => {
    const token = await login(MAC_UA);
    const page = await t.call<{ list: { device: string; new_device: boolean }[]; total: number }>(
      'GET',
      '/api/app/user/login-history?page=1&limit=2',
      { token },
    );
    expect(page.body.data.total).toBe(5);
    expect(page.body.data.list).toHaveLength(2);
    expect(page.body.data.list[0]).toMatchObject({ device: 'Safari on macOS', new_device: false });
    expect((await t.call('GET', '/api/app/user/login-history?limit=500', { token })).status).toBe(422);
  });
});
