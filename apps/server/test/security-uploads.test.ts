// Issue 7 item 13: one account must not be able to fill the disk (ADR 123). A per-user quota of
// files and bytes, public and private uploads together, and a free-space guard on the data folder.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, registerUser, type TestApp, testApp } from './helpers/testApp.ts';
import { PNG } from './kyc-support.ts';

async function uploadBytes(t: TestApp, token: string, bytes: Uint8Array, query = '', lang = 'en') {
  const fd = new FormData();
  fd.append('file', new Blob([Buffer.from(bytes)]), 'x.png');
  const res = new Response(fd);
  const reply = await t.app.inject({
    method: 'POST',
    url: `/api/app/images/upload${query}`,
    payload: Buffer.from(await res.arrayBuffer()),
    headers: {
      'content-type': res.headers.get('content-type') ?? '',
      authorization: `Bearer ${token}`,
      'accept-language': lang,
    },
  });
  return { status: reply.statusCode, body: reply.json() as { code: number; message: string; data: unknown } };
}

/** Every file under the data folder's public and private upload roots, with its size. */
function storedFiles(dataDir: string): number[] {
  const sizes: number[] = [];
  for (const root of ['uploads', 'private']) {
    const dir = join(dataDir, root);
    if (!existsSync(dir)) continue;
    for (const f of readdirSync(dir, { recursive: true }).map(String)) {
      const s = statSync(join(dir, f));
      if (s.isFile()) sizes.push(s.size);
    }
  }
  return sizes;
}

const pngOf = (size: number) => {
  const bytes = new Uint8Array(size);
  bytes.set(PNG);
  return bytes;
};

describe.each(BACKENDS)('upload quota on %s', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await testApp(backend, { env: { UPLOAD_MAX_FILES_PER_USER: '3', UPLOAD_MAX_MB_PER_USER: '1' } });
  });
  afterAll(async () => {
    await t?.close();
  });

  const rowsOf = async (userId: string) =>
    Number(
      (
        await sql<{
          n: string;
        }>`select count(*)::text as n from user_uploads where user_id = ${userId}`.execute(t.db)
      ).rows[0]!.n,
    );

  it('refuses the file past the count quota, public and private together, and writes nothing', async () => {
    const u = await registerUser(t, 'quota1@example.com');
    expect((await uploadBytes(t, u.token, PNG)).status).toBe(200);
    expect((await uploadBytes(t, u.token, PNG, '?purpose=kyc')).status).toBe(200);
    expect((await uploadBytes(t, u.token, PNG)).status).toBe(200);
    const before = storedFiles(t.dataDir).length;

    const en = await uploadBytes(t, u.token, PNG);
    expect(en.status).toBe(409);
    expect(en.body).toMatchObject({ code: 1110, message: 'You can keep at most 3 uploaded images' });
    const de = await uploadBytes(t, u.token, PNG, '?purpose=kyc', 'de');
    expect(de.body).toMatchObject({
      code: 1110,
      message: 'Sie können höchstens 3 hochgeladene Bilder speichern',
    });
    expect(storedFiles(t.dataDir).length).toBe(before);
    expect(await rowsOf(u.user.id)).toBe(3);

    // The quota is per user: someone else still uploads.
    const other = await registerUser(t, 'quota2@example.com');
    expect((await uploadBytes(t, other.token, PNG)).status).toBe(200);
  });

  it('refuses the upload that would pass the byte quota; a smaller one still fits', async () => {
    const u = await registerUser(t, 'quota3@example.com');
    expect((await uploadBytes(t, u.token, pngOf(700 * 1024))).status).toBe(200);
    const before = storedFiles(t.dataDir);
    const refused = await uploadBytes(t, u.token, pngOf(400 * 1024), '', 'fr');
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({
      code: 1111,
      message: 'Vos images téléversées peuvent occuper au plus 1\u00a0Mo au total',
    });
    expect(storedFiles(t.dataDir)).toEqual(before);
    expect(await rowsOf(u.user.id)).toBe(1);
    expect((await uploadBytes(t, u.token, pngOf(300 * 1024))).status).toBe(200);
  });

  it('parallel uploads of one user cannot overshoot the quota together', async () => {
    const u = await registerUser(t, 'quota4@example.com');
    const before = storedFiles(t.dataDir).length;
    const results = await Promise.all(Array.from({ length: 8 }, () => uploadBytes(t, u.token, PNG)));
    expect(results.filter((r) => r.status === 200)).toHaveLength(3);
    expect(results.filter((r) => r.status === 409).every((r) => r.body.code === 1110)).toBe(true);
    expect(storedFiles(t.dataDir).length).toBe(before + 3);
    expect(await rowsOf(u.user.id)).toBe(3);
  });

  it('a refused type or an anonymous caller uses no quota', async () => {
    const u = await registerUser(t, 'quota5@example.com');
    const bad = await uploadBytes(t, u.token, Uint8Array.from([1, 2, 3, 4]));
    expect(bad.body.code).toBe(1101);
    expect(await rowsOf(u.user.id)).toBe(0);
  });
});

describe.each(BACKENDS)('free-space guard on %s', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    // More free space demanded than any test disk has: every upload must be refused.
    t = await testApp(backend, { env: { UPLOAD_MIN_FREE_MB: '100000000' } });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('refuses uploads while the data disk is short of space, localised, with nothing written', async () => {
    const u = await registerUser(t, 'disk@example.com');
    for (const [query, lang, message] of [
      ['', 'en', 'Uploads are paused because the server is short of storage; please try again later'],
      ['?purpose=kyc', 'zh_CN', '服务器存储空间不足，上传已暂停，请稍后再试'],
    ] as const) {
      const r = await uploadBytes(t, u.token, PNG, query, lang);
      expect(r.status).toBe(503);
      expect(r.body).toMatchObject({ code: 1112, message });
    }
    expect(storedFiles(t.dataDir)).toEqual([]);
    const rows = await sql<{ n: string }>`select count(*)::text as n from user_uploads`.execute(t.db);
    expect(rows.rows[0]!.n).toBe('0');
  });
});
