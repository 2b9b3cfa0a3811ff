// Issue 7 items 5, 6, 7, 9, 10, 16: the attacks on accounts, logins, codes and rate limits, each
// performed over HTTP against a real app (PGlite, and PostgreSQL where DATABASE_URL is set), with the
// refusal and "nothing changed" asserted. Item 2 (private streams) is security-ws.test.ts.

import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../src/account/passwords.ts';
import { ConfigError, loadConfig } from '../src/config.ts';
import { clientAddressKey } from '../src/http/client.ts';
import {
  BACKENDS,
  lastCode,
  PASSWORD,
  registerUser,
  type TestApp,
  type TestAppOptions,
  testApp,
} from './helpers/testApp.ts';

const SEND = '/api/app/account/captcha';
const REGISTER = '/api/app/account/register';
const LOGIN = '/api/app/account/login';
const FORGET = '/api/app/account/forget';

interface Answer {
  status: number;
  body: { code: number; data: unknown; message: string; errors?: Record<string, string[]> };
}

/** One request from a chosen client address (and headers), as a real client would send it. */
async function from(
  t: TestApp,
  ip: string,
  method: 'GET' | 'POST',
  url: string,
  payload?: object,
  headers: Record<string, string> = {},
): Promise<Answer> {
  const res = await t.app.inject({
    method,
    url,
    remoteAddress: ip,
    headers: { 'accept-language': 'en', ...headers },
    ...(payload === undefined ? {} : { payload }),
  });
  return { status: res.statusCode, body: res.json() };
}

// A valid TRON address (the TRON docs' example): the withdrawal is refused before any chain step.
const TRON_ADDRESS = 'TNPeeaaFB7K9cmo4uQpcU32zGK8G1NYqeL';

const wrongOf = (code: string) => (code === '000000' ? '111111' : '000000');

async function codeRow(t: TestApp, target: string, scene: string) {
  return t.db
    .selectFrom('verification_codes')
    .select(['attempts', 'used_at'])
    .where('target', '=', target)
    .where('scene', '=', scene)
    .orderBy('created_at', 'desc')
    .executeTakeFirstOrThrow();
}

describe.each(BACKENDS)('security: codes, resets and enumeration on %s', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await testApp(backend);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('item 6: 50 parallel wrong guesses at a register code count at most 5; the right code is refused after', async () => {
    const email = 'parallel-reg@example.com';
    await t.call('POST', SEND, { body: { type: 'email', account: email, scene: 'register' } });
    const code = await lastCode(t, email);
    const body = { type: 'email', account: email, password: PASSWORD, password_confirmation: PASSWORD };
    const results = await Promise.all(
      Array.from({ length: 50 }, () => t.call('POST', REGISTER, { body: { ...body, code: wrongOf(code) } })),
    );
    const codes = results.map((r) => r.body.code);
    expect(codes.filter((c) => c === 1010).length).toBeLessThanOrEqual(5);
    expect(codes.every((c) => c === 1010 || c === 1012)).toBe(true);
    expect((await codeRow(t, `email:${email}`, 'register')).attempts).toBe(5);
    const users = await t.count('users');
    const right = await t.call('POST', REGISTER, { body: { ...body, code }, lang: 'en' });
    expect(right.body).toMatchObject({ code: 1012 });
    expect(await t.count('users')).toBe(users);
  });

  it('item 6: 50 parallel wrong reset codes: at most 5 counted, the right code refused, the password unchanged', async () => {
    const email = 'parallel-reset@example.com';
    t.clock.advance(61_000);
    await registerUser(t, email);
    t.clock.advance(61_000);
    await t.call('POST', SEND, { body: { type: 'email', account: email, scene: 'forget' } });
    const code = await lastCode(t, email);
    const body = {
      type: 'email',
      account: email,
      password: 'taken0ver1',
      password_confirmation: 'taken0ver1',
    };
    const results = await Promise.all(
      Array.from({ length: 50 }, () => t.call('POST', FORGET, { body: { ...body, code: wrongOf(code) } })),
    );
    const codes = results.map((r) => r.body.code);
    expect(codes.filter((c) => c === 1010).length).toBeLessThanOrEqual(5);
    // The rest: the code's attempts are used up (1012) or the address's reset budget is (1054).
    expect(codes.every((c) => c === 1010 || c === 1012 || c === 1054)).toBe(true);
    expect((await codeRow(t, `email:${email}`, 'forget')).attempts).toBeLessThanOrEqual(5);
    const right = await t.call('POST', FORGET, { body: { ...body, code } });
    expect([1012, 1054]).toContain(right.body.code);
    const oldLogin = await t.call('POST', LOGIN, {
      body: { type: 'email', account: email, password: PASSWORD },
    });
    expect(oldLogin.status).toBe(200);
    const newLogin = await from(t, '10.6.0.9', 'POST', LOGIN, {
      type: 'email',
      account: email,
      password: 'taken0ver1',
    });
    expect(newLogin.body.code).toBe(1002);
  });

  it('item 6: new codes every minute do not multiply the tries: a reset budget per address (1054)', async () => {
    const email = 'cycling@example.com';
    t.clock.advance(61_000);
    await registerUser(t, email);
    const body = {
      type: 'email',
      account: email,
      password: 'taken0ver1',
      password_confirmation: 'taken0ver1',
    };
    const seen: number[] = [];
    for (let round = 0; round < 3; round += 1) {
      t.clock.advance(61_000);
      await t.call('POST', SEND, { body: { type: 'email', account: email, scene: 'forget' } });
      const code = await lastCode(t, email);
      for (let i = 0; i < 5; i += 1) {
        seen.push((await t.call('POST', FORGET, { body: { ...body, code: wrongOf(code) } })).body.code);
      }
    }
    // Ten tries per hour in all, whatever the number of codes.
    expect(seen.filter((c) => c === 1010)).toHaveLength(10);
    expect(seen.slice(10)).toEqual([1054, 1054, 1054, 1054, 1054]);
  });

  it('item 6: parallel wrong current passwords on password change count at most 5; the right one then waits', async () => {
    const email = 'oldpw@example.com';
    t.clock.advance(61_000);
    const { token } = await registerUser(t, email);
    const change = (old_password: string) =>
      t.call('POST', '/api/app/user/password', {
        token,
        body: { old_password, password: 'changed123', password_confirmation: 'changed123' },
      });
    const results = await Promise.all(Array.from({ length: 30 }, () => change('wrong1234')));
    const codes = results.map((r) => r.body.code);
    expect(codes.filter((c) => c === 1030).length).toBeLessThanOrEqual(5);
    expect(codes.every((c) => c === 1030 || c === 429)).toBe(true);
    expect((await change(PASSWORD)).status).toBe(429);
    expect(
      (await t.call('POST', LOGIN, { body: { type: 'email', account: email, password: PASSWORD } })).status,
    ).toBe(200);
  });

  it('item 6: 30 parallel wrong trade passwords count at most 5; the right one then waits, nothing is withdrawn', async () => {
    const { token, user } = await registerUser(t, 'tradepw@example.com');
    await sql`update users set verified = true, trade_password_hash = ${await hashPassword('trade-pass-1')}
      where id = ${user.id}`.execute(t.db);
    await sql`insert into bank_cards (user_id, bank_name, card_number, holder_name, created_at)
      values (${user.id}, 'Bank', '4111111111111111', 'Holder', 0)`.execute(t.db);
    const withdraw = (trade_password: string) =>
      t.call('POST', '/api/app/wallet/withdraw', {
        token,
        body: { coin: 'USDC', network: 'TRC20', address: TRON_ADDRESS, amount: '20', trade_password },
      });
    const results = await Promise.all(Array.from({ length: 30 }, () => withdraw('wrong-pass-1')));
    const codes = results.map((r) => r.body.code);
    expect(codes.filter((c) => c === 1032).length).toBeLessThanOrEqual(5);
    expect(codes.every((c) => c === 1032 || c === 2021)).toBe(true);
    expect((await withdraw('trade-pass-1')).body.code).toBe(2021);
    const rows = await sql<{
      n: string;
    }>`select count(*) as n from withdrawals where user_id = ${user.id}`.execute(t.db);
    expect(Number(rows.rows[0]?.n)).toBe(0);
  });

  it('item 9: an invitation code does not replace the proof of the address', async () => {
    const inviter = await registerUser(t, 'inviter@example.com');
    const users = await t.count('users');
    const body = {
      type: 'email',
      account: 'someone-elses@example.com',
      password: PASSWORD,
      password_confirmation: PASSWORD,
      invite_code: inviter.user.invite_code,
    };
    const noCode = await t.call('POST', REGISTER, { body, lang: 'en' });
    expect(noCode.status).toBe(422);
    expect(noCode.body.errors?.code).toEqual(['This field is required']);
    const guessed = await t.call('POST', REGISTER, { body: { ...body, code: '123456' } });
    expect(guessed.body.code).toBe(1010);
    expect(await t.count('users')).toBe(users);
  });

  it('item 10: send-code, reset and register answer the same for known and unknown addresses', async () => {
    t.clock.advance(61_000);
    await registerUser(t, 'known@example.com');
    t.clock.advance(61_000);
    const outbox = await t.count('outbox');
    const send = (account: string, scene: string) =>
      t.call('POST', SEND, { body: { type: 'email', account, scene }, lang: 'en' });
    const known = await send('known@example.com', 'forget');
    const unknown = await send('unknown@example.com', 'forget');
    expect(unknown).toMatchObject({ status: known.status, body: known.body });
    expect(known.body).toEqual({ code: 0, data: null, message: 'Success' });
    // Only the real account got a message.
    expect(await t.count('outbox')).toBe(outbox + 1);
    // The resend timer runs for both: no difference on the second try either.
    const knownAgain = await send('known@example.com', 'forget');
    const unknownAgain = await send('unknown@example.com', 'forget');
    expect(unknownAgain.body).toEqual(knownAgain.body);
    expect(knownAgain.body.code).toBe(1013);
    // A register code for a taken address: the same 200 as for a free one (only the owner reads it).
    t.clock.advance(61_000);
    const taken = await send('known@example.com', 'register');
    const free = await send('free@example.com', 'register');
    expect(taken.body).toEqual(free.body);
    // `bind` needs a login and does not say "taken" either.
    t.clock.advance(61_000);
    expect((await send('known@example.com', 'bind')).status).toBe(401);
    const binder = await registerUser(t, 'binder@example.com');
    const bind = (account: string) =>
      t.call('POST', SEND, {
        body: { type: 'email', account, scene: 'bind' },
        token: binder.token,
        lang: 'en',
      });
    expect((await bind('known@example.com')).body).toEqual((await bind('free-bind@example.com')).body);
    // Reset with a wrong code: the same answer either way.
    const reset = (account: string) =>
      t.call('POST', FORGET, {
        body: {
          type: 'email',
          account,
          code: '000000',
          password: 'newpass123',
          password_confirmation: 'newpass123',
        },
        lang: 'en',
      });
    const a = await reset('known@example.com');
    const b = await reset('unknown@example.com');
    expect(b.body).toEqual(a.body);
    expect(a.body.code).toBe(1010);
    // Even the right code for an address without an account ends in the same "wrong code" answer.
    t.clock.advance(61_000);
    await send('nobody-here@example.com', 'forget');
    const row = await t.db
      .selectFrom('verification_codes')
      .select('id')
      .where('target', '=', 'email:nobody-here@example.com')
      .executeTakeFirstOrThrow();
    expect(row.id).toBeTruthy();
    const users = await t.count('users');
    expect((await reset('nobody-here@example.com')).body.code).toBe(1010);
    expect(await t.count('users')).toBe(users);
  });
});

describe.each(BACKENDS)('security: code pumping on %s', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await testApp(backend, {
      rateLimit: {
        codeSendsPerTargetPerHour: 3,
        codeSendsPerTargetPerDay: 4,
        codeSendsPerAreaCodePerHour: 3,
        codeSendsPerClientPerHour: 6,
      },
    });
  });
  afterAll(async () => {
    await t?.close();
  });

  const sms = (account: string, ip: string, headers: Record<string, string> = {}) =>
    from(t, ip, 'POST', SEND, { type: 'phone', account, area_code: '+881', scene: 'register' }, headers);

  it('item 16: ten parallel sends to one number deliver one message', async () => {
    const outbox = await t.count('outbox');
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) => sms('7000000001', `10.16.0.${i + 1}`)),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.filter((r) => r.body.code === 1013)).toHaveLength(9);
    expect(await t.count('outbox')).toBe(outbox + 1);
  });

  it('item 16: per number per hour and per day', async () => {
    const email = (n: number) =>
      from(t, `10.16.1.${n}`, 'POST', SEND, {
        type: 'email',
        account: 'pumped@example.com',
        scene: 'register',
      });
    const seen: number[] = [];
    for (let i = 0; i < 4; i += 1) {
      t.clock.advance(61_000);
      seen.push((await email(i + 1)).body.code);
    }
    expect(seen).toEqual([0, 0, 0, 1052]);
    t.clock.advance(3_600_000);
    expect((await email(9)).body.code).toBe(0);
    const outbox = await t.count('outbox');
    t.clock.advance(3_600_000);
    const refused = await email(10);
    expect(refused).toMatchObject({ status: 429, body: { code: 1052 } });
    expect(refused.body.message).toBe('Too many codes were requested, please try again later');
    expect(await t.count('outbox')).toBe(outbox);
  });

  it('item 16: per country calling code per hour', async () => {
    t.clock.advance(3_600_000);
    const codes: number[] = [];
    for (let i = 0; i < 4; i += 1) codes.push((await sms(`70000001${i}0`, `10.16.2.${i + 1}`)).body.code);
    expect(codes).toEqual([0, 0, 0, 1053]);
    // Another country is not affected.
    const other = await from(t, '10.16.2.9', 'POST', SEND, {
      type: 'phone',
      account: '1701234567',
      area_code: '+49',
      scene: 'register',
    });
    expect(other.status).toBe(200);
  });

  it('item 16: per client address and per device', async () => {
    t.clock.advance(3_600_000);
    const email = (n: number, ip: string, headers: Record<string, string> = {}) =>
      from(
        t,
        ip,
        'POST',
        SEND,
        { type: 'email', account: `dev${n}@example.com`, scene: 'register' },
        headers,
      );
    const byAddress: number[] = [];
    for (let i = 0; i < 7; i += 1) byAddress.push((await email(i, '10.16.3.1')).body.code);
    expect(byAddress).toEqual([0, 0, 0, 0, 0, 0, 1052]);
    // One device rotating addresses is still one device.
    const byDevice: number[] = [];
    for (let i = 0; i < 7; i += 1) {
      byDevice.push(
        (await email(100 + i, `10.16.4.${i + 1}`, { 'x-device-id': 'device-abcdef-123' })).body.code,
      );
    }
    expect(byDevice).toEqual([0, 0, 0, 0, 0, 0, 1052]);
  });
});

describe.each(BACKENDS)('security: login without a weaponisable lock on %s', (backend) => {
  let t: TestApp;
  const email = 'victim@example.com';
  beforeAll(async () => {
    t = await testApp(backend, { captcha: true });
    // Register with the captcha on: each step carries a solved image.
    let c = await t.services.captcha.create();
    await t.call('POST', SEND, {
      body: { type: 'email', account: email, scene: 'register', captcha_key: c.key, captcha_code: c.answer },
    });
    c = await t.services.captcha.create();
    const res = await t.call('POST', REGISTER, {
      body: {
        type: 'email',
        account: email,
        password: PASSWORD,
        password_confirmation: PASSWORD,
        code: await lastCode(t, email),
        captcha_key: c.key,
        captcha_code: c.answer,
      },
    });
    expect(res.status).toBe(200);
    await t.services.admins.bootstrap({
      dataDir: t.dataDir,
      email: 'ops@example.com',
      password: 'operator123',
    });
  });
  afterAll(async () => {
    await t?.close();
  });

  const solved = async () => {
    const c = await t.services.captcha.create();
    return { captcha_key: c.key, captcha_code: c.answer };
  };

  it('item 7: twenty wrong passwords from an attacker do not keep the owner out', async () => {
    for (let i = 0; i < 20; i += 1) {
      const r = await from(t, '10.7.0.66', 'POST', LOGIN, {
        type: 'email',
        account: email,
        password: `guess${i}word`,
        ...(await solved()),
      });
      expect(r.body.code).toBe(1002);
    }
    const owner = await from(t, '10.7.0.1', 'POST', LOGIN, {
      type: 'email',
      account: email,
      password: PASSWORD,
      ...(await solved()),
    });
    expect(owner.status).toBe(200);
    // Even the attacker's own address gets in with the right password and a solved image.
    const same = await from(t, '10.7.0.66', 'POST', LOGIN, {
      type: 'email',
      account: email,
      password: PASSWORD,
      ...(await solved()),
    });
    expect(same.status).toBe(200);
  });

  it('item 7: the operator login steps up to a captcha after failures and never locks', async () => {
    const admin = (ip: string, password: string, extra: object = {}) =>
      from(t, ip, 'POST', '/api/admin/login', { email: 'ops@example.com', password, ...extra });
    for (let i = 0; i < 3; i += 1) {
      if (i > 0) t.clock.advance(60_000);
      expect((await admin('10.7.1.66', 'wrong-pass')).body.code).toBe(1002);
    }
    const tokens = await t.count('tokens');
    const stepUp = await admin('10.7.1.66', 'operator123');
    expect(stepUp.body).toMatchObject({ code: 1050, message: 'Please solve the image code to continue' });
    expect(await t.count('tokens')).toBe(tokens);
    const wrongImage = await admin('10.7.1.66', 'operator123', { captcha_key: 'nope', captcha_code: 'abcd' });
    expect(wrongImage.body.code).toBe(1020);
    // The same client, proving itself: in, at once.
    expect((await admin('10.7.1.66', 'operator123', await solved())).status).toBe(200);
    // Failures spread over many addresses: every client is asked for an image, none is locked out.
    for (let i = 0; i < 10; i += 1) await admin(`10.7.2.${i + 1}`, 'wrong-pass');
    expect((await admin('10.7.3.1', 'operator123')).body.code).toBe(1050);
    expect((await admin('10.7.3.1', 'operator123', await solved())).status).toBe(200);
  });
});

describe.each(BACKENDS)('security: login pacing without a captcha on %s', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await testApp(backend);
    await registerUser(t, 'paced@example.com');
  });
  afterAll(async () => {
    await t?.close();
  });

  it('item 7: twenty parallel guesses from one client reach the password check at most twice', async () => {
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        from(t, '10.7.9.9', 'POST', LOGIN, {
          type: 'email',
          account: 'paced@example.com',
          password: `par${i}allel`,
        }),
      ),
    );
    const codes = results.map((r) => r.body.code);
    expect(codes.filter((c) => c === 1002).length).toBeLessThanOrEqual(2);
    expect(codes.every((c) => c === 1002 || c === 1051)).toBe(true);
    // Another client (the owner) is not paced.
    const owner = await from(t, '10.7.9.1', 'POST', LOGIN, {
      type: 'email',
      account: 'paced@example.com',
      password: PASSWORD,
    });
    expect(owner.status).toBe(200);
  });
});

async function limitedApp(backend: (typeof BACKENDS)[number], options: TestAppOptions) {
  return testApp(backend, { withDist: true, ...options });
}

describe.each(BACKENDS)('security: rate limits on %s', (backend) => {
  it('item 5: TRUST_PROXY=true (every hop) is refused at start; a hop count or CIDRs are accepted', () => {
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(ConfigError);
    expect(() => loadConfig({ TRUST_PROXY: 'on' })).toThrow(ConfigError);
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, fd00::/8' }).trustProxy).toEqual([
      '10.0.0.0/8',
      'fd00::/8',
    ]);
    expect(loadConfig({}).trustProxy).toBe(false);
  });

  it('item 5: behind one proxy, a forged X-Forwarded-For does not buy a fresh budget', async () => {
    const t = await limitedApp(backend, { env: { TRUST_PROXY: '1' }, rateLimit: { globalPerMinute: 5 } });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 7; i += 1) {
        // The client forges the first entry; the proxy appends the address it saw.
        const r = await from(t, '127.0.0.1', 'GET', '/api/app/market/coins', undefined, {
          'x-forwarded-for': `198.51.100.${i + 1}, 203.0.113.7`,
        });
        statuses.push(r.status);
      }
      expect(statuses.slice(0, 5).every((s) => s === 200)).toBe(true);
      expect(statuses.slice(5)).toEqual([429, 429]);
      // Two real clients behind the same proxy have their own budgets.
      const other = await from(t, '127.0.0.1', 'GET', '/api/app/market/coins', undefined, {
        'x-forwarded-for': '203.0.113.8',
      });
      expect(other.status).toBe(200);
    } finally {
      await t.close();
    }
  });

  it('item 5: without TRUST_PROXY the header is ignored; with a proxy CIDR list only those proxies are peeled', async () => {
    const t = await limitedApp(backend, {
      env: { TRUST_PROXY: '10.0.0.0/8' },
      rateLimit: { globalPerMinute: 3 },
    });
    try {
      // Not from a trusted proxy: X-Forwarded-For is the client's own claim and is ignored.
      const direct: number[] = [];
      for (let i = 0; i < 4; i += 1) {
        direct.push(
          (
            await from(t, '192.0.2.50', 'GET', '/api/app/market/coins', undefined, {
              'x-forwarded-for': `198.51.100.${i + 1}`,
            })
          ).status,
        );
      }
      expect(direct).toEqual([200, 200, 200, 429]);
      // From the trusted proxy: the address it reports is the client.
      const viaProxy = await from(t, '10.1.2.3', 'GET', '/api/app/market/coins', undefined, {
        'x-forwarded-for': '198.51.100.77',
      });
      expect(viaProxy.status).toBe(200);
    } finally {
      await t.close();
    }
  });

  it('item 5: IPv6 clients are keyed on their /64', async () => {
    expect(clientAddressKey('2001:db8:1:2:aaaa::1')).toBe(clientAddressKey('2001:db8:1:2:ffff:1:2:3'));
    expect(clientAddressKey('2001:db8:1:2::1')).not.toBe(clientAddressKey('2001:db8:1:3::1'));
    expect(clientAddressKey('::ffff:192.0.2.1')).toBe('192.0.2.1');
    const t = await limitedApp(backend, { rateLimit: { globalPerMinute: 3 } });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 4; i += 1) {
        statuses.push((await from(t, `2001:db8:5:6::${i + 1}`, 'GET', '/api/app/market/coins')).status);
      }
      expect(statuses).toEqual([200, 200, 200, 429]);
      expect((await from(t, '2001:db8:5:7::1', 'GET', '/api/app/market/coins')).status).toBe(200);
    } finally {
      await t.close();
    }
  });

  it('item 5: a logged-in user is limited per account, whatever the address; static files never are', async () => {
    const t = await limitedApp(backend, {
      rateLimit: {
        globalPerMinute: 1000,
        perAccountPerMinute: 4,
        updatePerMinute: 1000,
        tradePerMinute: 1000,
      },
    });
    try {
      const { token } = await registerUser(t, 'peraccount@example.com');
      const auth = { authorization: `Bearer ${token}` };
      const statuses: number[] = [];
      for (let i = 0; i < 5; i += 1) {
        statuses.push(
          (await from(t, `198.51.100.${i + 1}`, 'GET', '/api/app/user/info', undefined, auth)).status,
        );
      }
      expect(statuses).toEqual([200, 200, 200, 200, 429]);
      // Trading has a budget of its own: the exhausted reading budget does not block an order.
      const order = await from(
        t,
        '198.51.100.9',
        'POST',
        '/api/app/spot/orders',
        { symbol: 'BTC_USDC', side: 'buy', type: 'limit', price: '1.00', quantity: '0.0001' },
        auth,
      );
      expect(order.status).not.toBe(429);
      // The app's update check is generous and separate too.
      const update = await from(
        t,
        '198.51.100.9',
        'POST',
        '/api/app/update',
        { platform: 'android', device_id: 'device-1234567', app_version: '1.0.0', plugin_version: '1.0.0' },
        auth,
      );
      expect(update.status).not.toBe(429);
      // Static files: the web app, the admin console, unknown deep links.
      for (let i = 0; i < 30; i += 1) {
        for (const url of ['/', '/app.js', '/admin/', '/Markets']) {
          const res = await t.app.inject({ method: 'GET', url, remoteAddress: '198.51.100.1' });
          expect(res.statusCode, url).toBe(200);
        }
      }
    } finally {
      await t.close();
    }
  });

  it('item 5: money moves have a small budget per account', async () => {
    const t = await limitedApp(backend, { rateLimit: { moneyPerMinute: 3 } });
    try {
      const { token } = await registerUser(t, 'money@example.com');
      const statuses: number[] = [];
      for (let i = 0; i < 4; i += 1) {
        const r = await from(
          t,
          `198.51.100.${i + 1}`,
          'POST',
          '/api/app/wallet/transfer',
          { from: 'spot', to: 'contract', coin: 'USDC', amount: '1' },
          { authorization: `Bearer ${token}` },
        );
        statuses.push(r.status);
      }
      expect(statuses.slice(0, 3).every((s) => s !== 429)).toBe(true);
      expect(statuses[3]).toBe(429);
    } finally {
      await t.close();
    }
  });
});
