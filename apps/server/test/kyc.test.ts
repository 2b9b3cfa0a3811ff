import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, registerUser, type TestApp, testApp } from './helpers/testApp.ts';
import { adminToken, kycBody, rows, upload } from './kyc-support.ts';

interface Info {
  status: string;
  id: string | null;
  document_number: string | null;
  given_name: string | null;
  family_name: string | null;
  reason: string | null;
}
interface AdminItem {
  id: string;
  status: string;
  account: string;
  document_number: string;
  front_url: string;
  back_url: string | null;
  face_url: string;
  reason: string | null;
}

describe.each(BACKENDS)('kyc on %s', (backend) => {
  let t: TestApp;
  let token: string;
  let other: string;
  let admin: string;
  beforeAll(async () => {
    t = await testApp(backend);
    token = (await registerUser(t, 'kyc1@example.com')).token;
    other = (await registerUser(t, 'kyc2@example.com')).token;
    admin = await adminToken(t);
  });
  afterAll(async () => {
    await t?.close();
  });

  const info = async (tok = token) => (await t.call<Info>('GET', '/api/app/kyc', { token: tok })).body.data;
  const submit = (body: unknown, lang = 'en', tok = token) =>
    t.call<Info>('POST', '/api/app/kyc', { token: tok, body, lang });

  it('needs a user token; a new user has status none', async () => {
    expect((await t.call('GET', '/api/app/kyc')).status).toBe(401);
    expect((await t.call('GET', '/api/app/kyc', { token: admin })).status).toBe(401);
    expect(await info()).toMatchObject({ status: 'none', id: null, reason: null });
  });

  it('refuses missing fields, wrong types, over-long and odd values, unknown fields; nothing is stored', async () => {
    const good = await kycBody(t, token);
    const cases: [Record<string, unknown>, string, string][] = [
      [{ ...good, family_name: undefined }, 'family_name', 'This field is required'],
      [{ ...good, document_number: 12345678 }, 'document_number', 'Wrong type: text expected'],
      [{ ...good, given_name: 'x'.repeat(51) }, 'given_name', 'At most 50 characters'],
      [{ ...good, given_name: 'Erika<script>' }, 'given_name', 'Contains characters that are not allowed'],
      [{ ...good, document_number: 'AB 12/34' }, 'document_number', 'Letters, digits and hyphens only'],
      [
        { ...good, document_type: 'visa' },
        'document_type',
        'Must be one of: id_card, passport, driver_license',
      ],
      [{ ...good, back_image: undefined }, 'back_image', 'This field is required'],
      [{ ...good, front_image: '../../etc/passwd' }, 'front_image', 'Invalid format'],
      [{ ...good, face_image: 'https://evil.example/x.png' }, 'face_image', 'Invalid format'],
      [{ ...good, country: 'Germany' }, 'country', 'Must be one of: {values}'.replace('{values}', '')],
      [{ ...good, country: 'ZZ' }, 'country', 'Invalid value'],
      [{ ...good, admin: true }, 'admin', 'Unknown field'],
    ];
    for (const [body, field, message] of cases) {
      const res = await submit(body);
      expect(res.status, field).toBe(422);
      expect(res.body.code).toBe(422);
      if (field === 'country' && body.country === 'Germany') expect(res.body.errors?.country).toBeDefined();
      else expect(res.body.errors?.[field], field).toEqual([message]);
    }
    const de = await submit({ ...good, family_name: undefined }, 'de');
    expect(de.body.errors?.family_name).toEqual(['Dieses Feld ist erforderlich']);
    const zh = await submit({ ...good, document_number: 'AB 12' }, 'zh_CN');
    expect(zh.body.errors?.document_number).toEqual(['只能包含字母、数字和连字符']);
    const text = await t.app.inject({
      method: 'POST',
      url: '/api/app/kyc',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'text/plain' },
      payload: 'country=DE',
    });
    expect(text.statusCode).toBe(422);
    expect(await rows(t, 'kyc_applications')).toHaveLength(0);
  });

  it('a passport needs no back image', async () => {
    const body = await kycBody(t, other, { document_type: 'passport', back_image: undefined });
    const res = await submit(body, 'en', other);
    expect(res.status).toBe(200);
    expect(res.body.data.status).toBe('under_audit');
  });

  it("refuses someone else's or never-uploaded images with 1102; nothing is stored", async () => {
    const before = (await rows(t, 'kyc_applications')).length;
    const foreign = await kycBody(t, token, { face_image: await upload(t, other) });
    const res = await submit(foreign);
    expect(res.status).toBe(400);
    expect(res.body.code).toBe(1102);
    expect(res.body.message).toBe('The image was not found, please upload it again');
    const made = await submit({ ...(await kycBody(t, token)), front_image: 'a'.repeat(32) }, 'de');
    expect(made.body.code).toBe(1102);
    expect(made.body.message).toBe('Das Bild wurde nicht gefunden, bitte laden Sie es erneut hoch');
    expect(await rows(t, 'kyc_applications')).toHaveLength(before);
  });

  let firstId = '';
  it('stores one application under audit with masked fields; a second one waits (1036)', async () => {
    const res = await submit(await kycBody(t, token));
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      status: 'under_audit',
      family_name: 'Muster',
      given_name: 'E****',
      document_number: 'L0*****47',
      reason: null,
    });
    firstId = res.body.data.id ?? '';
    const again = await submit(await kycBody(t, token), 'zh_TW');
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ code: 1036, message: '您的實名認證正在審核中' });
    const user = await t.call<{ verified: boolean }>('GET', '/api/app/user/info', { token });
    expect(user.body.data.verified).toBe(false);
  });

  it('lists applications for the operator by status, with image URLs; users cannot', async () => {
    expect((await t.call('GET', '/api/admin/kyc', { token })).status).toBe(401);
    const page = await t.call<{ list: AdminItem[]; total: number }>(
      'GET',
      '/api/admin/kyc?status=under_audit',
      {
        token: admin,
      },
    );
    expect(page.status).toBe(200);
    expect(page.body.data.total).toBe(2);
    const mine = page.body.data.list.find((i) => i.id === firstId);
    expect(mine).toMatchObject({ account: 'kyc1@example.com', document_number: 'L01X00T47' });
    // Authenticated API paths, never the public image base (ADR 061).
    expect(mine?.front_url).toBe(`/api/admin/kyc/${firstId}/images/front`);
    const both = await t.call<{ total: number }>('GET', '/api/admin/kyc?status=passed&status=failed', {
      token: admin,
    });
    expect(both.body.data.total).toBe(0);
    const bad = await t.call('GET', '/api/admin/kyc?status=done', { token: admin, lang: 'en' });
    expect(bad.status).toBe(422);
    expect(bad.body.errors?.status).toBeDefined();
  });

  it('rejects with a reason the user sees; reviews only once; unknown ids are 404', async () => {
    const noReason = await t.call('POST', `/api/admin/kyc/${firstId}/reject`, {
      token: admin,
      body: { reason: '  ' },
      lang: 'en',
    });
    expect(noReason.status).toBe(422);
    expect(noReason.body.errors?.reason).toEqual(['At least 1 characters']);
    const long = await t.call('POST', `/api/admin/kyc/${firstId}/reject`, {
      token: admin,
      body: { reason: 'x'.repeat(201) },
      lang: 'en',
    });
    expect(long.body.errors?.reason).toEqual(['At most 200 characters']);
    const extra = await t.call('POST', `/api/admin/kyc/${firstId}/approve`, {
      token: admin,
      body: { verified: true },
      lang: 'en',
    });
    expect(extra.status).toBe(422);
    expect(extra.body.errors?.verified).toEqual(['Unknown field']);
    const wrongType = await t.call('POST', `/api/admin/kyc/${firstId}/reject`, {
      token: admin,
      body: { reason: 42 },
      lang: 'en',
    });
    expect(wrongType.body.errors?.reason).toEqual(['Wrong type: text expected']);
    const page = await t.call('GET', '/api/admin/kyc?limit=101&sort=x', { token: admin, lang: 'en' });
    expect(page.status).toBe(422);
    expect(page.body.errors?.limit).toEqual(['Must be at most 100']);
    expect(page.body.errors?.sort).toEqual(['Unknown field']);
    expect((await t.call('POST', `/api/admin/kyc/${firstId}/approve`, { token, body: {} })).status).toBe(401);
    expect(await info()).toMatchObject({ status: 'under_audit' });
    for (const id of ['999999', 'abc', '-1']) {
      const missing = await t.call('POST', `/api/admin/kyc/${id}/approve`, { token: admin, body: {} });
      expect(missing.status, id).toBe(404);
    }
    const rej = await t.call<AdminItem>('POST', `/api/admin/kyc/${firstId}/reject`, {
      token: admin,
      body: { reason: 'The photo is blurred' },
    });
    expect(rej.status).toBe(200);
    expect(rej.body.data).toMatchObject({ status: 'failed', reason: 'The photo is blurred' });
    expect(await info()).toMatchObject({ status: 'failed', reason: 'The photo is blurred' });
    const twice = await t.call('POST', `/api/admin/kyc/${firstId}/approve`, {
      token: admin,
      body: {},
      lang: 'en',
    });
    expect(twice.status).toBe(409);
    expect(twice.body).toMatchObject({ code: 1038, message: 'This application has already been reviewed' });
    const user = await t.call<{ verified: boolean }>('GET', '/api/app/user/info', { token });
    expect(user.body.data.verified).toBe(false);
  });

  it('takes a new application after a rejection; approval verifies the user; no third one (1037)', async () => {
    const res = await submit(await kycBody(t, token, { given_name: 'Erika Maria' }));
    expect(res.status).toBe(200);
    expect(res.body.data.status).toBe('under_audit');
    const ok = await t.call<AdminItem>('POST', `/api/admin/kyc/${res.body.data.id}/approve`, {
      token: admin,
      body: {},
    });
    expect(ok.body.data.status).toBe('passed');
    expect(await info()).toMatchObject({ status: 'passed', reason: null });
    const user = await t.call<{ verified: boolean }>('GET', '/api/app/user/info', { token });
    expect(user.body.data.verified).toBe(true);
    const more = await submit(await kycBody(t, token), 'de');
    expect(more.status).toBe(409);
    expect(more.body).toMatchObject({ code: 1037, message: 'Ihre Identität ist bereits verifiziert' });
  });

  it('keeps one application when two submits race', async () => {
    const racer = (await registerUser(t, 'kyc3@example.com')).token;
    const [a, b] = await Promise.all([
      submit(await kycBody(t, racer), 'en', racer),
      submit(await kycBody(t, racer), 'en', racer),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    const page = await t.call<{ list: AdminItem[] }>('GET', '/api/admin/kyc?status=under_audit&limit=100', {
      token: admin,
    });
    expect(page.body.data.list.filter((i) => i.account === 'kyc3@example.com')).toHaveLength(1);
  });
});
