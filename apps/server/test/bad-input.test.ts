import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, PASSWORD, registerUser, type TestApp, testApp } from './helpers/testApp.ts';

interface Endpoint {
  url: string;
  auth: 'none' | 'user' | 'admin';
  /** A body that passes validation. */
  valid: Record<string, unknown>;
  /** A string field to send as a number and as an over-long string. */
  stringField: string;
  /** A field that must be present. */
  requiredField: string;
}

// Every JSON body endpoint of the account issue, attacked with each class of bad input.
const ENDPOINTS: Endpoint[] = [
  {
    url: '/api/app/account/captcha',
    auth: 'none',
    valid: { type: 'email', account: 'm@example.com', scene: 'register' },
    stringField: 'account',
    requiredField: 'scene',
  },
  {
    url: '/api/app/account/register',
    auth: 'none',
    valid: {
      type: 'email',
      account: 'm@example.com',
      password: PASSWORD,
      password_confirmation: PASSWORD,
      code: '123456',
    },
    stringField: 'password_confirmation',
    requiredField: 'password',
  },
  {
    url: '/api/app/account/login',
    auth: 'none',
    valid: { type: 'email', account: 'm@example.com', password: PASSWORD },
    stringField: 'password',
    requiredField: 'account',
  },
  {
    url: '/api/app/account/forget',
    auth: 'none',
    valid: {
      type: 'email',
      account: 'm@example.com',
      code: '123456',
      password: PASSWORD,
      password_confirmation: PASSWORD,
    },
    stringField: 'account',
    requiredField: 'code',
  },
  {
    url: '/api/app/user/trade-password',
    auth: 'user',
    valid: { password: PASSWORD, password_confirmation: PASSWORD, code: '123456' },
    stringField: 'password_confirmation',
    requiredField: 'code',
  },
  {
    url: '/api/app/user/password',
    auth: 'user',
    valid: { old_password: PASSWORD, password: PASSWORD, password_confirmation: PASSWORD },
    stringField: 'old_password',
    requiredField: 'old_password',
  },
  {
    url: '/api/app/user/profile',
    auth: 'user',
    valid: { nickname: 'Name' },
    stringField: 'nickname',
    requiredField: '',
  },
  {
    url: '/api/app/update',
    auth: 'none',
    valid: { platform: 'android', device_id: 'd', app_version: '1.0.0', plugin_version: '1.0.0' },
    stringField: 'device_id',
    requiredField: 'app_version',
  },
  {
    url: '/api/admin/login',
    auth: 'none',
    valid: { email: 'a@example.com', password: 'x' },
    stringField: 'password',
    requiredField: 'email',
  },
];

describe.each(BACKENDS)('bad input on every body endpoint (%s)', (backend) => {
  let t: TestApp;
  let userToken: string;
  beforeAll(async () => {
    t = await testApp(backend);
    userToken = (await registerUser(t, 'owner@example.com')).token;
  });
  afterAll(async () => {
    await t?.close();
  });

  async function state() {
    const users = await t.db.selectFrom('users').selectAll().orderBy('id').execute();
    return {
      users,
      tokens: await t.count('tokens'),
      outbox: await t.count('outbox'),
      codes: await t.count('verification_codes'),
    };
  }

  const send = (e: Endpoint, body: unknown, lang: string, headers: Record<string, string> = {}) =>
    t.call('POST', e.url, { body, lang, headers, ...(e.auth === 'user' ? { token: userToken } : {}) });

  describe.each(ENDPOINTS)('$url', (e) => {
    it('refuses missing fields, wrong types, over-long strings, unknown fields and wrong content type; nothing changes', async () => {
      const before = await state();

      if (e.requiredField) {
        const { [e.requiredField]: _dropped, ...rest } = e.valid;
        const missing = await send(e, rest, 'en');
        expect(missing.status).toBe(422);
        expect(missing.body.code).toBe(422);
        expect(missing.body.errors?.[e.requiredField]).toContain('This field is required');
        const de = await send(e, rest, 'de');
        expect(de.body.errors?.[e.requiredField]).toContain('Dieses Feld ist erforderlich');
      }

      const wrongType = await send(e, { ...e.valid, [e.stringField]: 12345678 }, 'zh_CN');
      expect(wrongType.status).toBe(422);
      expect(wrongType.body.errors?.[e.stringField]?.[0]).toMatch(/^类型错误|^密码需为|^邮箱/);

      const tooLong = await send(e, { ...e.valid, [e.stringField]: 'a1'.repeat(200) }, 'en');
      expect(tooLong.status).toBe(422);
      expect(tooLong.body.errors?.[e.stringField]?.[0]).toMatch(
        /^At most \d+ characters$|^The password needs|^Invalid/,
      );

      const unknown = await send(e, { ...e.valid, is_admin: true }, 'en');
      expect(unknown.status).toBe(422);
      expect(unknown.body.errors).toEqual({ is_admin: ['Unknown field'] });
      expect(unknown.body.message).toBe('Unknown field');

      const array = await send(e, [e.valid], 'en');
      expect(array.status).toBe(422);
      expect(array.body.errors?.body).toBeDefined();

      const form = await send(e, 'a=b', 'de', { 'content-type': 'application/x-www-form-urlencoded' });
      expect(form.status).toBe(422);
      expect(form.body.errors).toEqual({ body: ['Senden Sie den Inhalt der Anfrage als application/json'] });

      const text = await send(e, 'hello', 'en', { 'content-type': 'text/plain' });
      expect(text.status).toBe(422);
      expect(text.body.errors).toEqual({ body: ['Send the request body as application/json'] });

      const broken = await send(e, '{"a":', 'en', { 'content-type': 'application/json' });
      expect(broken.status).toBe(422);
      expect(broken.body.errors).toEqual({ body: ['The request body is not valid JSON'] });

      expect(await state()).toEqual(before);
    });
  });
});
