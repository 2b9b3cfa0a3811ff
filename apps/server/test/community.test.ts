import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedCommunity } from '../src/community/seed.ts';
import { BACKENDS, lastCode, PASSWORD, registerUser, type TestApp, testApp } from './helpers/testApp.ts';
import { adminToken } from './kyc-support.ts';

const DAY = 86_400_000;

interface Page<T> {
  list: T[];
  total: number;
  page: number;
  limit: number;
}
interface Summary {
  id: string;
  title: string;
  summary: string;
  lang: string;
  published_at: number;
}
interface Msg extends Summary {
  read: boolean;
  body?: string;
}
interface Checkin {
  checked_in_today: boolean;
  streak: number;
  next_points: number;
  points: number;
  member_level: number;
  next_level_points: number | null;
  days: { date: number; checked: boolean; points: number }[];
  credited?: number;
}

const text = (title: string, body = `${title} body`) => ({ title, body });

async function count(t: TestApp, table: string, where = sql`true`): Promise<number> {
  const r = await sql<{ n: string }>`select count(*) as n from ${sql.table(table)} where ${where}`.execute(
    t.db,
  );
  return Number(r.rows[0]?.n);
}

describe.each(BACKENDS)('community on %s', (backend) => {
  let t: TestApp;
  let admin: string;
  let alice: { token: string; user: { id: string; invite_code: string } };
  let bob: { token: string; user: { id: string; invite_code: string } };
  beforeAll(async () => {
    t = await testApp(backend);
    admin = await adminToken(t);
    alice = await registerUser(t, 'alice@example.com');
    bob = await registerUser(t, 'bob@example.com');
  });
  afterAll(async () => {
    await t?.close();
  });

  describe('notices and news', () => {
    let published: string;
    let draft: string;
    let news: string;
    beforeAll(async () => {
      const a = await t.call<{ id: string }>('POST', '/api/admin/content', {
        token: admin,
        body: {
          kind: 'notice',
          published: true,
          translations: { en: text('Maintenance'), de: text('Wartung'), zh_CN: text('维护') },
        },
      });
      expect(a.status).toBe(200);
      published = a.body.data.id;
      draft = (
        await t.call<{ id: string }>('POST', '/api/admin/content', {
          token: admin,
          body: { kind: 'notice', translations: { de: text('Entwurf') } },
        })
      ).body.data.id;
      news = (
        await t.call<{ id: string }>('POST', '/api/admin/content', {
          token: admin,
          body: {
            kind: 'news',
            published: true,
            translations: { de: text('Nur Deutsch', 'x '.repeat(200)) },
          },
        })
      ).body.data.id;
    });

    it('lists only published items, localised with fallback to en then de', async () => {
      const en = await t.call<Page<Summary>>('GET', '/api/app/notices', { lang: 'en' });
      expect(en.status).toBe(200);
      expect(en.body.data).toMatchObject({ total: 1, page: 1, limit: 20 });
      expect(en.body.data.list[0]).toMatchObject({ id: published, title: 'Maintenance', lang: 'en' });
      const zh = await t.call<Page<Summary>>('GET', '/api/app/notices', { lang: 'zh_CN' });
      expect(zh.body.data.list[0]?.title).toBe('维护');
      const fr = await t.call<Page<Summary>>('GET', '/api/app/notices', { lang: 'fr' });
      expect(fr.body.data.list[0]).toMatchObject({ title: 'Maintenance', lang: 'en' });
      const nw = await t.call<Page<Summary>>('GET', '/api/app/news', { lang: 'it' });
      expect(nw.body.data.list[0]).toMatchObject({ id: news, title: 'Nur Deutsch', lang: 'de' });
      expect(nw.body.data.list[0]?.summary.length).toBeLessThanOrEqual(120);
    });

    it('details: body in the language; drafts, the other kind and unknown ids are 404; bad ids 422', async () => {
      const d = await t.call<{ body: string; title: string }>('GET', `/api/app/notices/${published}`, {
        lang: 'de',
      });
      expect(d.body.data).toMatchObject({ title: 'Wartung', body: 'Wartung body' });
      for (const url of [`/api/app/notices/${draft}`, `/api/app/notices/${news}`, '/api/app/news/999999']) {
        const res = await t.call('GET', url, { lang: 'en' });
        expect(res.status, url).toBe(404);
        expect(res.body.code).toBe(404);
      }
      const bad = await t.call('GET', '/api/app/notices/abc', { lang: 'en' });
      expect(bad.status).toBe(422);
      expect(bad.body.errors?.id).toBeDefined();
      const page = await t.call('GET', '/api/app/notices?limit=101', { lang: 'en' });
      expect(page.status).toBe(422);
    });

    it('operator edits, publishes and unpublishes; readers follow', async () => {
      const pub = await t.call<{ published: boolean; published_at: number }>(
        'POST',
        `/api/admin/content/${draft}`,
        { token: admin, body: { published: true } },
      );
      expect(pub.body.data).toMatchObject({ published: true, published_at: t.clock.now() });
      expect((await t.call('GET', `/api/app/notices/${draft}`)).status).toBe(200);
      const edit = await t.call('POST', `/api/admin/content/${draft}`, {
        token: admin,
        body: { translations: { de: text('Neu'), en: text('New') } },
      });
      expect(edit.status).toBe(200);
      expect(
        (await t.call<{ title: string }>('GET', `/api/app/notices/${draft}`, { lang: 'en' })).body.data.title,
      ).toBe('New');
      await t.call('POST', `/api/admin/content/${draft}`, { token: admin, body: { published: false } });
      expect((await t.call('GET', `/api/app/notices/${draft}`)).status).toBe(404);
      const all = await t.call<Page<{ id: string; published: boolean }>>(
        'GET',
        '/api/admin/content?kind=notice',
        {
          token: admin,
        },
      );
      expect(all.body.data.total).toBe(2);
    });

    it('refuses bad content input with 422 and user tokens with 401; nothing changes', async () => {
      const before = await count(t, 'content_items');
      const cases: [unknown, string][] = [
        [{ kind: 'notice', translations: {} }, 'translations'],
        [{ kind: 'notice', translations: { xx: text('a') } }, 'translations'],
        [{ kind: 'notice', translations: { en: text('a'.repeat(121)) } }, 'translations.en.title'],
        [{ kind: 'notice', translations: { en: { title: 'a' } } }, 'translations.en.body'],
        [{ kind: 'blog', translations: { en: text('a') } }, 'kind'],
        [{ kind: 'notice', translations: { en: text('a') }, extra: 1 }, 'extra'],
        [{ kind: 'notice', translations: { en: text('a') }, published: 'yes' }, 'published'],
      ];
      for (const [body, field] of cases) {
        const res = await t.call('POST', '/api/admin/content', { token: admin, body, lang: 'en' });
        expect(res.status, JSON.stringify(body)).toBe(422);
        expect(
          Object.keys(res.body.errors ?? {}).some((k) => k.startsWith(field)),
          JSON.stringify(res.body),
        ).toBe(true);
      }
      const empty = await t.call('POST', '/api/admin/content/1', { token: admin, body: {}, lang: 'en' });
      expect(empty.status).toBe(422);
      const unknown = await t.call('POST', '/api/admin/content/999999', {
        token: admin,
        body: { published: true },
      });
      expect(unknown.status).toBe(404);
      const asUser = await t.call('POST', '/api/admin/content', {
        token: alice.token,
        body: { kind: 'notice', translations: { en: text('a') } },
      });
      expect(asUser.status).toBe(401);
      expect(await count(t, 'content_items')).toBe(before);
    });

    it('seeds a few published notices and news once, only into an empty table', async () => {
      const other = await testApp(backend);
      try {
        await seedCommunity(other.db, other.clock);
        await seedCommunity(other.db, other.clock);
        const n = await other.call<Page<Summary>>('GET', '/api/app/notices', { lang: 'zh_TW' });
        const w = await other.call<Page<Summary>>('GET', '/api/app/news', { lang: 'es' });
        expect(n.body.data.total).toBe(4);
        expect(w.body.data.total).toBe(2);
        // Dated back over three weeks, newest first: a history, not four items of the same minute.
        const at = n.body.data.list.map((x) => x.published_at);
        expect(at).toEqual([...at].sort((a, b) => b - a));
        expect(at[0]! - at.at(-1)!).toBeGreaterThanOrEqual(14 * 86_400_000);
        expect(n.body.data.list.every((x) => x.lang === 'zh_TW')).toBe(true);
        // The seed has all seven languages (ADR 151), so es readers get es, not the en fallback.
        expect(w.body.data.list.every((x) => x.lang === 'es')).toBe(true);
      } finally {
        await other.close();
      }
    });
  });

  describe('messages', () => {
    let direct: string;
    it('operator sends to one user and broadcasts; each user sees only their own', async () => {
      const one = await t.call<{ sent: number }>('POST', '/api/admin/messages', {
        token: admin,
        body: { user_id: alice.user.id, translations: { en: text('Hello Alice'), de: text('Hallo Alice') } },
      });
      expect(one.body.data).toEqual({ sent: 1 });
      const all = await t.call<{ sent: number }>('POST', '/api/admin/messages', {
        token: admin,
        body: { broadcast: true, translations: { en: text('To everyone') } },
      });
      expect(all.body.data).toEqual({ sent: 2 });
      const a = await t.call<Page<Msg>>('GET', '/api/app/messages', { token: alice.token, lang: 'de' });
      expect(a.body.data.total).toBe(2);
      expect(a.body.data.list.map((m) => [m.title, m.read])).toEqual([
        ['To everyone', false],
        ['Hallo Alice', false],
      ]);
      direct = a.body.data.list[1]!.id;
      const b = await t.call<Page<Msg>>('GET', '/api/app/messages', { token: bob.token });
      expect(b.body.data.list.map((m) => m.title)).toEqual(['To everyone']);
      expect((await t.call('GET', '/api/app/messages')).status).toBe(401);
    });

    it('opening marks read; someone else’s id is 404 and changes nothing; read-all clears the dot', async () => {
      const unread = () =>
        t.call<{ unread: number }>('GET', '/api/app/messages/unread-count', { token: alice.token });
      expect((await unread()).body.data.unread).toBe(2);
      const other = await t.call('GET', `/api/app/messages/${direct}`, { token: bob.token, lang: 'en' });
      expect(other.status).toBe(404);
      expect((await unread()).body.data.unread).toBe(2);
      const open = await t.call<Msg & { read_at: number }>('GET', `/api/app/messages/${direct}`, {
        token: alice.token,
        lang: 'en',
      });
      expect(open.body.data).toMatchObject({ title: 'Hello Alice', body: 'Hello Alice body', read: true });
      expect(open.body.data.read_at).toBe(t.clock.now());
      expect((await unread()).body.data.unread).toBe(1);
      expect((await t.call('GET', '/api/app/messages/x1', { token: alice.token })).status).toBe(422);
      const all = await t.call<{ marked: number }>('POST', '/api/app/messages/read-all', {
        token: alice.token,
        body: {},
      });
      expect(all.body.data).toEqual({ marked: 1 });
      expect((await unread()).body.data.unread).toBe(0);
      const bobUnread = await t.call<{ unread: number }>('GET', '/api/app/messages/unread-count', {
        token: bob.token,
      });
      expect(bobUnread.body.data.unread).toBe(1);
      const extra = await t.call('POST', '/api/app/messages/read-all', {
        token: bob.token,
        body: { all: 1 },
      });
      expect(extra.status).toBe(422);
    });

    it('refuses a send to nobody, to both, or to an unknown user; nothing stored', async () => {
      const before = await count(t, 'messages');
      const tr = { en: text('x') };
      for (const body of [
        { translations: tr },
        { user_id: alice.user.id, broadcast: true, translations: tr },
        { broadcast: false, translations: tr },
        { user_id: 5, translations: tr },
      ]) {
        const res = await t.call('POST', '/api/admin/messages', { token: admin, body, lang: 'en' });
        expect(res.status, JSON.stringify(body)).toBe(422);
      }
      const zh = await t.call('POST', '/api/admin/messages', {
        token: admin,
        body: { translations: tr },
        lang: 'zh_CN',
      });
      expect(zh.body.errors?.user_id).toEqual(['请填写用户 ID 或选择群发，二者选一']);
      const missing = await t.call('POST', '/api/admin/messages', {
        token: admin,
        body: { user_id: '999999', translations: tr },
      });
      expect(missing.status).toBe(404);
      expect(await count(t, 'messages')).toBe(before);
    });
  });

  describe('check-in and points', () => {
    let carol: string;
    beforeAll(async () => {
      carol = (await registerUser(t, 'carol@example.com')).token;
    });
    const status = async () => (await t.call<Checkin>('GET', '/api/app/checkin', { token: carol })).body.data;
    const checkIn = (lang = 'en') =>
      t.call<Checkin>('POST', '/api/app/checkin', { token: carol, body: {}, lang });

    it('starts unchecked; a check-in credits exactly 10 points through the ledger', async () => {
      // The manual clock starts at 2030-01-01 00:00 UTC: move to 23:59:59 of that day.
      t.clock.advance(DAY - 1000);
      const s0 = await status();
      expect(s0).toMatchObject({
        checked_in_today: false,
        streak: 0,
        next_points: 10,
        points: 0,
        member_level: 0,
      });
      expect(s0.days).toHaveLength(7);
      expect(s0.days[6]?.date).toBe(Date.UTC(2030, 0, 1));
      const r = await checkIn();
      expect(r.status).toBe(200);
      expect(r.body.data).toMatchObject({ credited: 10, checked_in_today: true, streak: 1, points: 10 });
      expect(r.body.data.days[6]).toEqual({ date: Date.UTC(2030, 0, 1), checked: true, points: 10 });
    });

    it('a second check-in the same UTC day is refused (3101, localised) and changes nothing', async () => {
      for (const [lang, message] of [
        ['en', 'You have already checked in today'],
        ['de', 'Sie haben heute bereits eingecheckt'],
        ['zh_CN', '今日已签到'],
      ] as const) {
        const again = await checkIn(lang);
        expect(again.status).toBe(409);
        expect(again.body).toMatchObject({ code: 3101, message, data: null });
      }
      expect((await status()).points).toBe(10);
      const uid = (await t.call<{ id: string }>('GET', '/api/app/user/info', { token: carol })).body.data.id;
      expect(await count(t, 'points_ledger', sql`user_id = ${uid}`)).toBe(1);
      expect(await count(t, 'checkins', sql`user_id = ${uid}`)).toBe(1);
      const extra = await t.call('POST', '/api/app/checkin', { token: carol, body: { points: 1000 } });
      expect(extra.status).toBe(422);
      expect((await t.call('POST', '/api/app/checkin', { body: {} })).status).toBe(401);
    });

    it('one second later is the next UTC day: the streak grows; day 7 pays the 40-point bonus', async () => {
      t.clock.advance(1000);
      const d2 = await checkIn();
      expect(d2.body.data).toMatchObject({ credited: 10, streak: 2, points: 20 });
      for (let day = 3; day <= 7; day++) {
        t.clock.advance(DAY);
        const r = await checkIn();
        expect(r.body.data.streak).toBe(day);
        expect(r.body.data.credited).toBe(day === 7 ? 50 : 10);
      }
      const s = await status();
      expect(s).toMatchObject({
        points: 110,
        streak: 7,
        member_level: 1,
        next_level_points: 390,
        next_points: 10,
      });
      expect(s.days.map((d) => d.points)).toEqual([10, 10, 10, 10, 10, 10, 50]);
      const info = await t.call<{ points: number; member_level: number }>('GET', '/api/app/user/info', {
        token: carol,
      });
      expect(info.body.data).toMatchObject({ points: 110, member_level: 1 });
      const ledger = await sql<{ amount: number; balance_after: number; reason: string }>`
        select amount, balance_after, reason from points_ledger order by id`.execute(t.db);
      expect(ledger.rows.map((r) => r.balance_after)).toEqual([10, 20, 30, 40, 50, 60, 110]);
      expect(ledger.rows.every((r) => r.reason === 'checkin')).toBe(true);
    });

    it('a missed day breaks the streak', async () => {
      t.clock.advance(2 * DAY);
      const before = await status();
      expect(before).toMatchObject({ checked_in_today: false, streak: 0, next_points: 10 });
      const r = await checkIn();
      expect(r.body.data).toMatchObject({ streak: 1, credited: 10, points: 120 });
    });
  });

  describe('invitations', () => {
    it('shows the code, the link and the friends who registered with it, masked', async () => {
      const empty = await t.call<Page<unknown> & { code: string; link: string; invited_count: number }>(
        'GET',
        '/api/app/invite',
        { token: alice.token },
      );
      expect(empty.body.data).toMatchObject({
        code: alice.user.invite_code,
        invited_count: 0,
        list: [],
        total: 0,
      });
      expect(empty.body.data.link).toBe(`http://127.0.0.1:8080/Register?invite=${alice.user.invite_code}`);
      // An invitation needs the e-mail code too (issue 7 item 9).
      await t.call('POST', '/api/app/account/captcha', {
        body: { type: 'email', account: 'dave.friend@example.com', scene: 'register' },
      });
      const reg = await t.call('POST', '/api/app/account/register', {
        body: {
          type: 'email',
          account: 'dave.friend@example.com',
          password: PASSWORD,
          password_confirmation: PASSWORD,
          invite_code: alice.user.invite_code,
          code: await lastCode(t, 'dave.friend@example.com'),
        },
      });
      expect(reg.status).toBe(200);
      const one = await t.call<Page<{ account: string; nickname: string }> & { invited_count: number }>(
        'GET',
        '/api/app/invite',
        { token: alice.token },
      );
      expect(one.body.data.invited_count).toBe(1);
      expect(one.body.data.list[0]?.account).toBe('da***@example.com');
      expect(JSON.stringify(one.body.data)).not.toContain('dave.friend');
      const bobs = await t.call<{ invited_count: number }>('GET', '/api/app/invite', { token: bob.token });
      expect(bobs.body.data.invited_count).toBe(0);
      expect((await t.call('GET', '/api/app/invite?page=0', { token: alice.token })).status).toBe(422);
      expect((await t.call('GET', '/api/app/invite')).status).toBe(401);
    });
  });
});
