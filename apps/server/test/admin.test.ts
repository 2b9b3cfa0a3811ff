import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, PASSWORD, registerUser, type TestApp, testApp } from './helpers/testApp.ts';

const ADMIN_EMAIL = 'ops@example.com';
const ADMIN_PASSWORD = 'operator-pass-1';

describe.each(BACKENDS)('admin on %s', (backend) => {
  let t: TestApp;
  let adminToken: string;
  let user: { token: string; user: { id: string } };

  beforeAll(async () => {
    t = await testApp(backend);
    await t.services.admins.createAdmin(ADMIN_EMAIL, ADMIN_PASSWORD);
    user = await registerUser(t, 'user@example.com');
  });
  afterAll(async () => {
    await t?.close();
  });

  it('refuses bad input and wrong passwords without issuing a token', async () => {
    const tokens = await t.count('tokens');
    const bad = await t.call('POST', '/api/admin/login', {
      body: { email: 'nope', password: 'x', extra: 1 },
      lang: 'en',
    });
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toEqual({ email: ['Invalid email format'], extra: ['Unknown field'] });
    const wrong = await t.call('POST', '/api/admin/login', {
      body: { email: ADMIN_EMAIL, password: 'wrong-password' },
      lang: 'de',
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({ code: 1002, message: 'Konto oder Passwort ist falsch' });
    expect(await t.count('tokens')).toBe(tokens);
  });

  it('logs in and reads the outbox, paginated', async () => {
    const res = await t.call<{ token: string; admin: { email: string } }>('POST', '/api/admin/login', {
      body: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD },
    });
    expect(res.status).toBe(200);
    expect(res.body.data.admin.email).toBe(ADMIN_EMAIL);
    adminToken = res.body.data.token;

    for (const n of [1, 2, 3]) {
      await t.call('POST', '/api/app/account/captcha', {
        body: { type: 'email', account: `o${n}@example.com`, scene: 'register' },
        lang: 'en',
      });
    }
    const page = await t.call<{
      list: Record<string, unknown>[];
      total: number;
      page: number;
      limit: number;
    }>('GET', '/api/admin/outbox?page=1&limit=2', { token: adminToken });
    expect(page.status).toBe(200);
    expect(page.body.data.total).toBe(4);
    expect(page.body.data).toMatchObject({ page: 1, limit: 2 });
    expect(page.body.data.list).toHaveLength(2);
    expect(page.body.data.list[0]).toMatchObject({
      channel: 'email',
      to: 'o3@example.com',
      subject: 'Your verification code',
      scene: 'register',
    });
    expect(page.body.data.list[0]?.code).toMatch(/^\d{6}$/);
    expect(String(page.body.data.list[0]?.body)).toContain(String(page.body.data.list[0]?.code));

    const tooMany = await t.call('GET', '/api/admin/outbox?limit=101', { token: adminToken, lang: 'en' });
    expect(tooMany.status).toBe(422);
    expect(tooMany.body.errors?.limit).toEqual(['Must be at most 100']);
    const unknown = await t.call('GET', '/api/admin/outbox?sort=x', { token: adminToken, lang: 'en' });
    expect(unknown.body.errors?.sort).toEqual(['Unknown field']);
  });

  it('keeps user and admin tokens apart', async () => {
    const userOnAdmin = await t.call('GET', '/api/admin/outbox', { token: user.token });
    expect(userOnAdmin.status).toBe(401);
    expect(userOnAdmin.body.code).toBe(401);
    const adminOnApp = await t.call('GET', '/api/app/user/info', { token: adminToken });
    expect(adminOnApp.status).toBe(401);
    expect(adminOnApp.body.code).toBe(401);
    const none = await t.call('GET', '/api/admin/outbox');
    expect(none.body.code).toBe(401);
  });

  it('ban ends the user sessions (411) and refuses further logins', async () => {
    const unknown = await t.call('POST', '/api/admin/users/999999/ban', {
      token: adminToken,
      lang: 'en',
      body: { reason: 'Chargeback fraud' },
    });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ code: 404, message: 'Not found' });
    const badId = await t.call('POST', '/api/admin/users/abc/ban', {
      token: adminToken,
      lang: 'en',
      body: { reason: 'Chargeback fraud' },
    });
    expect(badId.status).toBe(422);
    const byUser = await t.call('POST', `/api/admin/users/${user.user.id}/ban`, {
      token: user.token,
      body: { reason: 'Chargeback fraud' },
    });
    expect(byUser.status).toBe(401);

    const res = await t.call('POST', `/api/admin/users/${user.user.id}/ban`, {
      token: adminToken,
      body: { reason: 'Chargeback fraud' },
    });
    expect(res.status).toBe(200);
    const after = await t.call('GET', '/api/app/user/info', { token: user.token, lang: 'en' });
    expect(after.status).toBe(401);
    expect(after.body.code).toBe(411);
    const login = await t.call('POST', '/api/app/account/login', {
      body: { type: 'email', account: 'user@example.com', password: PASSWORD },
      lang: 'en',
    });
    expect(login.body).toMatchObject({ code: 1003, message: 'This account is disabled' });
  });

  it('bootstrap generates the operator once and returns the password only that once (ADR 127)', async () => {
    const { existsSync } = await import('node:fs');
    const { join } = await import('node:path');
    const first = await t.services.admins.bootstrap({
      dataDir: t.dataDir,
      email: undefined,
      password: undefined,
    });
    // An operator already exists (created above), so nothing is generated.
    expect(first).toEqual({ email: ADMIN_EMAIL, password: null });
    await t.db.deleteFrom('admins').execute();
    const generated = await t.services.admins.bootstrap({
      dataDir: t.dataDir,
      email: undefined,
      password: undefined,
    });
    expect(generated.password).toMatch(/^[\w-]{16}$/);
    // Written nowhere: the old plain-text credentials file is gone (issue 7 item 14).
    expect(existsSync(join(t.dataDir, 'admin-credentials.txt'))).toBe(false);
    const again = await t.services.admins.bootstrap({
      dataDir: t.dataDir,
      email: undefined,
      password: undefined,
    });
    expect(again).toEqual({ email: generated.email, password: null });
    const login = await t.call('POST', '/api/admin/login', {
      body: { email: generated.email, password: generated.password },
    });
    expect(login.status).toBe(200);
  });
});
