import type { TestApp } from './helpers/testApp.ts';

// Shared by kyc.test.ts, bank.test.ts and gates.test.ts (not a test file itself).

export const PNG = Uint8Array.from([
  0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 73, 72, 68, 82,
]);
export const ADMIN_EMAIL = 'kyc-ops@example.com';
export const ADMIN_PASSWORD = 'operator-pass-1';

/**
 * Uploads one PNG as `token`'s user through the real upload route and returns its path; identity
 * documents are private uploads (`?purpose=kyc`, ADR 061) unless `purpose` says otherwise.
 */
export async function upload(t: TestApp, token: string, purpose: 'kyc' | 'avatar' = 'kyc'): Promise<string> {
  const fd = new FormData();
  fd.append('file', new Blob([Buffer.from(PNG)], { type: 'image/png' }), 'a.png');
  const res = new Response(fd);
  const reply = await t.app.inject({
    method: 'POST',
    url: `/api/app/images/upload?purpose=${purpose}`,
    payload: Buffer.from(await res.arrayBuffer()),
    headers: { 'content-type': res.headers.get('content-type') ?? '', authorization: `Bearer ${token}` },
  });
  if (reply.statusCode !== 200) throw new Error(`upload failed: ${reply.body}`);
  return (reply.json() as { data: { path: string } }).data.path;
}

export async function kycBody(t: TestApp, token: string, extra: Record<string, unknown> = {}) {
  return {
    country: 'DE',
    family_name: 'Muster',
    given_name: 'Erika',
    document_type: 'id_card',
    document_number: 'L01X00T47',
    front_image: await upload(t, token),
    back_image: await upload(t, token),
    face_image: await upload(t, token),
    ...extra,
  };
}

export async function adminToken(t: TestApp): Promise<string> {
  await t.services.admins.createAdmin(ADMIN_EMAIL, ADMIN_PASSWORD).catch(() => {});
  const res = await t.call<{ token: string }>('POST', '/api/admin/login', {
    body: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD },
  });
  if (res.status !== 200) throw new Error(`admin login failed: ${JSON.stringify(res.body)}`);
  return res.body.data.token;
}

/** Submits and approves an identity for the user: afterwards the user is verified. */
export async function verify(t: TestApp, token: string, admin: string, extra: Record<string, unknown> = {}) {
  const sub = await t.call<{ id: string }>('POST', '/api/app/kyc', {
    token,
    body: await kycBody(t, token, extra),
  });
  if (sub.status !== 200) throw new Error(`kyc submit failed: ${JSON.stringify(sub.body)}`);
  const ok = await t.call('POST', `/api/admin/kyc/${sub.body.data.id}/approve`, { token: admin, body: {} });
  if (ok.status !== 200) throw new Error(`kyc approve failed: ${JSON.stringify(ok.body)}`);
  return sub.body.data.id;
}

export async function rows(t: TestApp, table: 'kyc_applications' | 'bank_cards' | 'user_uploads') {
  const r = await t.db.withTables<Record<string, { id: string }>>().selectFrom(table).selectAll().execute();
  return r;
}
