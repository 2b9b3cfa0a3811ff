import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, lastCode, registerUser, type TestApp, testApp } from './helpers/testApp.ts';

const SEND = '/api/app/account/captcha';
const BIND = '/api/app/user/bind';
const INFO = '/api/app/user/info';

type Info = { email: string | null; phone: string | null; area_code: string | null };

// Issue 12 item 1 (ADR 200): binding proves the new address; replacing one also needs a code from
// the old one, so a stolen session alone cannot move the account's recovery address.
describe.each(BACKENDS)('binding e-mail and phone on %s', (backend) => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await testApp(backend);
    token = (await registerUser(t, 'binder@example.com')).token;
  });
  afterAll(async () => {
    await t?.close();
  });

  const info = async () => (await t.call<Info>('GET', INFO, { token })).body.data;
  const send = (body: Record<string, unknown>, tk: string | undefined = token) => {
    t.clock.advance(61_000);
    return t.call('POST', SEND, { body, ...(tk ? { token: tk } : {}) });
  };

  it('binds a phone with the code sent to it; a wrong code changes nothing', async () => {
    const phone = { type: 'phone', account: '1701234567', area_code: '+49' };
    expect((await send({ ...phone, scene: 'bind' })).status).toBe(200);
    const code = await lastCode(t, '+49 1701234567');
    const wrong = code === '000000' ? '111111' : '000000';
    const bad = await t.call('POST', BIND, { token, body: { ...phone, code: wrong }, lang: 'en' });
    expect(bad.body.code).toBe(1010);
    expect((await info()).phone).toBeNull();

    const ok = await t.call<Info>('POST', BIND, { token, body: { ...phone, code } });
    expect(ok.status).toBe(200);
    expect(ok.body.data).toMatchObject({ phone: '1701234567', area_code: '+49' });
    // The code is used up: the same request again is refused.
    const again = await t.call('POST', BIND, { token, body: { ...phone, code } });
    expect(again.body.code).toBe(1055);
  });

  it('changing the e-mail needs the old address to agree; without it nothing changes', async () => {
    const next = { type: 'email', account: 'moved@example.com' };
    expect((await send({ ...next, scene: 'bind' })).status).toBe(200);
    const code = await lastCode(t, 'moved@example.com');

    const noOld = await t.call('POST', BIND, { token, body: { ...next, code }, lang: 'en' });
    expect(noOld.status).toBe(400);
    expect(noOld.body).toMatchObject({ code: 1056, message: 'Enter the code sent to your current address' });

    const wrongOld = await t.call('POST', BIND, { token, body: { ...next, code, old_code: '000001' } });
    expect(wrongOld.body.code).toBe(1010);
    expect((await info()).email).toBe('binder@example.com');

    expect((await send({ type: 'email', account: 'binder@example.com', scene: 'security' })).status).toBe(
      200,
    );
    const oldCode = await lastCode(t, 'binder@example.com');
    const ok = await t.call<Info>('POST', BIND, { token, body: { ...next, code, old_code: oldCode } });
    expect(ok.status).toBe(200);
    expect(ok.body.data.email).toBe('moved@example.com');

    // The new address logs in; the old one no longer does.
    const login = (account: string) =>
      t.call('POST', '/api/app/account/login', { body: { type: 'email', account, password: 'secret123' } });
    expect((await login('moved@example.com')).status).toBe(200);
    expect((await login('binder@example.com')).status).toBe(400);
  });

  it("another account's address is refused, nothing changes on either account", async () => {
    const other = await registerUser(t, 'other@example.com');
    const target = { type: 'email', account: 'moved@example.com' };
    expect((await send({ ...target, scene: 'bind' }, other.token)).status).toBe(200);
    const code = await lastCode(t, 'moved@example.com');
    expect(
      (await send({ type: 'email', account: 'other@example.com', scene: 'security' }, other.token)).status,
    ).toBe(200);
    const oldCode = await lastCode(t, 'other@example.com');
    const res = await t.call('POST', BIND, {
      token: other.token,
      body: { ...target, code, old_code: oldCode },
    });
    expect(res.status).toBe(409);
    expect(res.body.code).toBe(1001);
    const mine = await t.call<Info>('GET', INFO, { token: other.token });
    expect(mine.body.data.email).toBe('other@example.com');
    expect((await info()).email).toBe('moved@example.com');
  });

  it('needs a login, and a bad address is a 422', async () => {
    const anon = await t.call('POST', BIND, {
      body: { type: 'email', account: 'x@example.com', code: '123456' },
    });
    expect(anon.status).toBe(401);
    const bad = await t.call('POST', BIND, {
      token,
      body: { type: 'email', account: 'nope', code: '123456' },
    });
    expect(bad.status).toBe(422);
    expect(bad.body.errors?.account).toBeDefined();
  });
});
