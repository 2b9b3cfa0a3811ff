// Issue 12 item 3 (ADR 204): two-factor authentication for users. The TOTP maths against the RFC
// 6238 appendix B vectors, enrolment (setup, confirm, recovery codes shown once), a code good once,
// recovery codes good once each, guesses bounded, disabling needs a code, and creating an API key
// needs the code once 2FA is on. PGlite and PostgreSQL.
import { generateSync, stringToBytes, verifySync } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { matchStep } from '../src/account/totp.ts';
import { BACKENDS, PASSWORD, registerUser, type TestApp, testApp } from './helpers/testApp.ts';

describe('RFC 6238 appendix B (SHA-1) through the library the user 2FA uses', () => {
  const secret = stringToBytes('12345678901234567890');
  it.each([
    [59, '94287082'],
    [1111111109, '07081804'],
    [1111111111, '14050471'],
    [1234567890, '89005924'],
    [2000000000, '69279037'],
    [20000000000, '65353130'],
  ])('T=%i -> %s', (epoch, expected) => {
    expect(generateSync({ secret, digits: 8, epoch })).toBe(expected);
    expect(verifySync({ secret, digits: 8, epoch, token: expected }).valid).toBe(true);
  });
  it('matchStep accepts one step of drift and no more', () => {
    const base32 = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ'; // the RFC seed in base32
    const at = 1_234_567_890_000;
    const code = generateSync({ secret: base32, epoch: at / 1000 });
    expect(matchStep(base32, code, at)).toBe(Math.floor(at / 30_000));
    expect(matchStep(base32, code, at + 30_000)).not.toBeNull();
    expect(matchStep(base32, code, at + 90_000)).toBeNull();
  });
});

describe.each(BACKENDS)('user two-factor authentication on %s', (backend) => {
  let t: TestApp;
  let token: string;
  let secret: string;
  let recovery: string[];
  beforeAll(async () => {
    t = await testApp(backend);
    token = (await registerUser(t, 'twofa@example.com')).token;
  });
  afterAll(async () => {
    await t?.close();
  });
  const code = () => generateSync({ secret, epoch: Math.floor(t.clock.now() / 1000) });
  const post = (url: string, body?: unknown) => t.call('POST', url, { token, body, lang: 'en' });

  it('enrols with a QR secret and a confirming code; recovery codes are shown once', async () => {
    expect((await post('/api/app/user/totp/enable', { code: '123456' })).body.code).toBe(1061);
    const setup = await t.call<{ secret: string; otpauth_uri: string }>('POST', '/api/app/user/totp/setup', {
      token,
    });
    secret = setup.body.data.secret;
    expect(setup.body.data.otpauth_uri).toMatch(/^otpauth:\/\/totp\/.+secret=/);
    expect((await post('/api/app/user/totp/enable', { code: '000000' })).body.code).toBe(1058);
    const on = await t.call<{ recovery_codes: string[] }>('POST', '/api/app/user/totp/enable', {
      token,
      body: { code: code() },
    });
    expect(on.body.code).toBe(0);
    recovery = on.body.data.recovery_codes;
    expect(recovery).toHaveLength(10);
    expect(
      (
        await t.call<{ enabled: boolean; recovery_codes_left: number }>('GET', '/api/app/user/totp', {
          token,
        })
      ).body.data,
    ).toEqual({
      enabled: true,
      recovery_codes_left: 10,
    });
    expect((await post('/api/app/user/totp/setup')).body.code).toBe(1059);
  });

  it('an API key now needs the code; the same code twice is refused; nothing is created without it', async () => {
    const keys = async () => (await t.call<unknown[]>('GET', '/api/app/apikeys', { token })).body.data.length;
    const body = { label: 'bot', permissions: ['read'], password: PASSWORD };
    expect((await post('/api/app/apikeys', body)).body.code).toBe(1057);
    expect(await keys()).toBe(0);
    t.clock.advance(30_000);
    const c = code();
    expect((await post('/api/app/apikeys', { ...body, totp_code: c })).body.code).toBe(0);
    expect((await post('/api/app/apikeys', { ...body, totp_code: c })).body.code).toBe(1058);
    expect(await keys()).toBe(1);
  });

  it('a recovery code works once', async () => {
    const body = { label: 'bot2', permissions: ['read'], password: PASSWORD, totp_code: recovery[0] };
    expect((await post('/api/app/apikeys', body)).body.code).toBe(0);
    expect((await post('/api/app/apikeys', body)).body.code).toBe(1058);
    const st = await t.call<{ recovery_codes_left: number }>('GET', '/api/app/user/totp', { token });
    expect(st.body.data.recovery_codes_left).toBe(9);
  });

  it('five wrong codes pause the second factor, even for the right code', async () => {
    t.clock.advance(15 * 60_000 + 1); // earlier wrong tries in this file are out of the window
    for (let i = 0; i < 5; i += 1) {
      expect((await post('/api/app/user/totp/disable', { code: String(100000 + i) })).body.code).toBe(1058);
    }
    t.clock.advance(30_000);
    expect((await post('/api/app/user/totp/disable', { code: code() })).status).toBe(429);
    expect(
      (await t.call<{ enabled: boolean }>('GET', '/api/app/user/totp', { token })).body.data.enabled,
    ).toBe(true);
  });

  it('a login from a new device needs the code; a known device does not; no token without it', async () => {
    const login = (ua: string, totp_code?: string) =>
      t.call<{ token: string }>('POST', '/api/app/account/login', {
        body: {
          type: 'email',
          account: 'twofa@example.com',
          password: PASSWORD,
          ...(totp_code ? { totp_code } : {}),
        },
        headers: { 'user-agent': ua },
        lang: 'en',
      });
    t.clock.advance(15 * 60_000 + 1);
    const tokens = await t.count('tokens');
    const bare = await login('NewPhone/1.0');
    expect(bare.body).toMatchObject({ code: 1057, message: 'Enter the code from your authenticator app' });
    expect((await login('NewPhone/1.0', '000000')).body.code).toBe(1058);
    expect(await t.count('tokens')).toBe(tokens);
    t.clock.advance(30_000);
    const ok = await login('NewPhone/1.0', code());
    expect(ok.body.code).toBe(0);
    // The same device again: known now, the password is enough.
    expect((await login('NewPhone/1.0')).body.code).toBe(0);
  });

  it('disabling needs a valid code and then ends 2FA', async () => {
    t.clock.advance(15 * 60_000 + 1);
    expect((await post('/api/app/user/totp/disable', { code: code() })).body.code).toBe(0);
    expect(
      (await t.call<{ enabled: boolean }>('GET', '/api/app/user/totp', { token })).body.data.enabled,
    ).toBe(false);
    expect((await post('/api/app/user/totp/disable', { code: '123456' })).body.code).toBe(1060);
  });
});
