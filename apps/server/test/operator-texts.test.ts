import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { earnUsers, ieoProjectBody } from './helpers/earn.ts';
import { BACKENDS, type TestApp, testApp } from './helpers/testApp.ts';

// Operator texts per language (ADR 243): the reader gets the text in their language, else the
// string of record; the operator sees both and may set them; bad maps are 422 and change nothing.

const DE_EN = { de: 'KI-Quant 7 Tage', en: 'AI Quant 7 days', fr: 'Quant IA 7 jours' };
/** A language key outside the seven, a non-string, a text over `max`, an empty text, no map. */
const badMaps = (max: number) => [
  { pt: 'Quant 7 dias' },
  { de: 7 },
  { de: 'x'.repeat(max + 1) },
  { de: '  ' },
  ['de'],
];

interface Named {
  id: string;
  name: string;
  name_i18n?: Record<string, string>;
}

describe.each(BACKENDS)('operator texts per language on %s', (backend) => {
  let t: TestApp;
  let admin: string;
  let token: string;
  let userId: string;

  const count = async (table: string) =>
    Number(
      (await sql<{ n: string }>`select count(*) as n from ${sql.table(table)}`.execute(t.db)).rows[0]!.n,
    );

  beforeAll(async () => {
    t = await testApp(backend);
    ({ admin, token, userId } = await earnUsers(t, 'texts'));
  });
  afterAll(async () => {
    await t.close();
  });

  describe.each([
    {
      kind: 'AI quant',
      admin: '/api/admin/ai/products',
      app: '/api/app/ai/products',
      body: (name: string, names?: unknown) => ({
        name,
        ...(names === undefined ? {} : { name_i18n: names }),
        coin: 'USDC',
        kind: 'fixed',
        days: 7,
        daily_rate_min_ppm: 100,
        daily_rate_max_ppm: 200,
        min_amount: '1',
        max_amount: '1000',
        early_fee_bp: 0,
      }),
      table: 'ai_products',
    },
    {
      kind: 'staking',
      admin: '/api/admin/staking/products',
      app: '/api/app/staking/products',
      body: (name: string, names?: unknown) => ({
        name,
        ...(names === undefined ? {} : { name_i18n: names }),
        coin: 'USDC',
        days: 30,
        daily_rate_ppm: 100,
        min_amount: '1',
        max_amount: '1000',
      }),
      table: 'staking_products',
    },
  ])('$kind products', (c) => {
    let named: Named;
    let plain: Named;

    beforeAll(async () => {
      const a = await t.call<Named>('POST', c.admin, {
        token: admin,
        body: c.body('AI Quant 7 days', DE_EN),
      });
      expect(a.status).toBe(200);
      named = a.body.data;
      expect(named).toMatchObject({ name: 'AI Quant 7 days', name_i18n: DE_EN });
      const b = await t.call<Named>('POST', c.admin, { token: admin, body: c.body('Plain product') });
      expect(b.status).toBe(200);
      plain = b.body.data;
      expect(plain.name_i18n).toEqual({});
    });

    const nameIn = async (lang: string, id: string) => {
      const r = await t.call<Named[]>('GET', c.app, { lang });
      expect(r.status).toBe(200);
      const p = r.body.data.find((x) => x.id === id)!;
      expect(p.name_i18n).toBeUndefined();
      return p.name;
    };

    it('answers in the request language, else the string of record', async () => {
      expect(await nameIn('de', named.id)).toBe('KI-Quant 7 Tage');
      expect(await nameIn('fr-FR,fr;q=0.9', named.id)).toBe('Quant IA 7 jours');
      // A language the product has no text in: the string of record, not another language.
      expect(await nameIn('it', named.id)).toBe('AI Quant 7 days');
      expect(await nameIn('zh_TW', named.id)).toBe('AI Quant 7 days');
      // A language the server does not know resolves to its default, German.
      expect(await nameIn('pt-BR', named.id)).toBe('KI-Quant 7 Tage');
      // Without translations: the string of record in every language.
      for (const lang of ['de', 'en', 'zh_CN', 'pt'])
        expect(await nameIn(lang, plain.id)).toBe('Plain product');
    });

    it('the operator list carries the string of record and every language', async () => {
      const r = await t.call<Named[]>('GET', c.admin, { token: admin, lang: 'de' });
      const p = r.body.data.find((x) => x.id === named.id)!;
      expect(p).toMatchObject({ name: 'AI Quant 7 days', name_i18n: DE_EN });
    });

    it('the operator renames per language; {} clears the map', async () => {
      const up = await t.call<Named>('POST', `${c.admin}/${plain.id}`, {
        token: admin,
        body: { name_i18n: { de: 'Schlichtes Produkt', zh_CN: '普通产品' } },
      });
      expect(up.status).toBe(200);
      expect(up.body.data).toMatchObject({ name: 'Plain product', name_i18n: { de: 'Schlichtes Produkt' } });
      expect(await nameIn('de', plain.id)).toBe('Schlichtes Produkt');
      expect(await nameIn('zh_CN', plain.id)).toBe('普通产品');
      expect(await nameIn('en', plain.id)).toBe('Plain product');
      const cleared = await t.call<Named>('POST', `${c.admin}/${plain.id}`, {
        token: admin,
        body: { name_i18n: {} },
      });
      expect(cleared.body.data.name_i18n).toEqual({});
      expect(await nameIn('de', plain.id)).toBe('Plain product');
    });

    it('refuses a bad map with 422 and changes nothing', async () => {
      const rows = await count(c.table);
      for (const bad of badMaps(60)) {
        const created = await t.call('POST', c.admin, { token: admin, body: c.body('Bad', bad), lang: 'en' });
        expect(created.status, JSON.stringify(bad)).toBe(422);
        const updated = await t.call('POST', `${c.admin}/${named.id}`, {
          token: admin,
          body: { name_i18n: bad },
        });
        expect(updated.status, JSON.stringify(bad)).toBe(422);
      }
      expect(await count(c.table)).toBe(rows);
      expect(await nameIn('de', named.id)).toBe('KI-Quant 7 Tage');
      const r = await t.call<Named[]>('GET', c.admin, { token: admin });
      expect(r.body.data.find((x) => x.id === named.id)!.name_i18n).toEqual(DE_EN);
      // A user is not an operator.
      expect(
        (await t.call('POST', `${c.admin}/${named.id}`, { token, body: { name_i18n: {} } })).status,
      ).toBe(401);
    });
  });

  describe('polls', () => {
    interface PollAnswer {
      id: string;
      title: string;
      description: string;
      options: { id: number; label: string }[];
      title_i18n?: Record<string, string>;
      description_i18n?: Record<string, string>;
      options_i18n?: Record<string, string>[];
    }
    const body = (fields: Record<string, unknown> = {}) => ({
      title: 'Which coin should we list next?',
      description: 'One vote per account.',
      options: ['Yes', 'No'],
      starts_at: t.clock.now() - 60_000,
      ends_at: t.clock.now() + 3_600_000,
      ...fields,
    });
    const TITLES = {
      de: 'Welchen Coin sollen wir als Nächstes listen?',
      fr: 'Quelle crypto lister ensuite ?',
    };
    let named: PollAnswer;
    let plain: PollAnswer;

    const pollIn = async (lang: string, id: string) => {
      const r = await t.call<PollAnswer[]>('GET', '/api/app/votes', { token, lang });
      expect(r.status).toBe(200);
      const p = r.body.data.find((x) => x.id === id)!;
      expect(p.title_i18n).toBeUndefined();
      expect(p.options_i18n).toBeUndefined();
      return { title: p.title, description: p.description, options: p.options.map((o) => o.label) };
    };

    beforeAll(async () => {
      const a = await t.call<PollAnswer>('POST', '/api/admin/votes', {
        token: admin,
        body: body({
          title_i18n: TITLES,
          description_i18n: { de: 'Eine Stimme pro Konto.' },
          options_i18n: [{ de: 'Ja', it: 'Sì' }, { de: 'Nein' }],
        }),
      });
      expect(a.status).toBe(200);
      named = a.body.data;
      expect(named).toMatchObject({
        title: 'Which coin should we list next?',
        title_i18n: TITLES,
        options: [{ label: 'Yes' }, { label: 'No' }],
        options_i18n: [{ de: 'Ja', it: 'Sì' }, { de: 'Nein' }],
      });
      const b = await t.call<PollAnswer>('POST', '/api/admin/votes', {
        token: admin,
        body: body({ title: 'Plain' }),
      });
      expect(b.status).toBe(200);
      plain = b.body.data;
      expect(plain).toMatchObject({ title_i18n: {}, description_i18n: {}, options_i18n: [] });
    });

    it('answers in the request language, else the texts of record', async () => {
      expect(await pollIn('de', named.id)).toEqual({
        title: TITLES.de,
        description: 'Eine Stimme pro Konto.',
        options: ['Ja', 'Nein'],
      });
      expect(await pollIn('it', named.id)).toEqual({
        title: 'Which coin should we list next?',
        description: 'One vote per account.',
        options: ['Sì', 'No'],
      });
      expect(await pollIn('fr', named.id)).toMatchObject({
        title: TITLES.fr,
        description: 'One vote per account.',
      });
      expect((await pollIn('pt', named.id)).title).toBe(TITLES.de);
      for (const lang of ['de', 'en', 'zh_TW'])
        expect(await pollIn(lang, plain.id)).toEqual({
          title: 'Plain',
          description: 'One vote per account.',
          options: ['Yes', 'No'],
        });
      // The answer to a vote is in the voter's language too.
      const v = await t.call<PollAnswer>('POST', `/api/app/votes/${named.id}`, {
        token,
        lang: 'de',
        body: { option: 0 },
      });
      expect(v.status).toBe(200);
      expect(v.body.data.options[0]!.label).toBe('Ja');
    });

    it('the operator edits the texts; the list carries the texts of record and every language', async () => {
      const up = await t.call<PollAnswer>('POST', `/api/admin/votes/${plain.id}`, {
        token: admin,
        body: { title_i18n: { de: 'Schlicht' }, options_i18n: [{ de: 'Ja' }, {}] },
      });
      expect(up.status).toBe(200);
      expect(await pollIn('de', plain.id)).toMatchObject({ title: 'Schlicht', options: ['Ja', 'No'] });
      const list = await t.call<PollAnswer[]>('GET', '/api/admin/votes', { token: admin, lang: 'de' });
      expect(list.body.data.find((p) => p.id === plain.id)).toMatchObject({
        title: 'Plain',
        title_i18n: { de: 'Schlicht' },
        options: [{ label: 'Yes' }, { label: 'No' }],
        options_i18n: [{ de: 'Ja' }, {}],
      });
    });

    it('refuses bad texts with 422 and changes nothing', async () => {
      const rows = await count('polls');
      const before = (await t.call<PollAnswer[]>('GET', '/api/admin/votes', { token: admin })).body.data;
      const bads = [
        ...badMaps(120).map((m) => ({ title_i18n: m })),
        { description_i18n: { de: 'x'.repeat(2001) } },
        { options_i18n: [{ de: 'x'.repeat(81) }, {}] },
        { options_i18n: [{ xx: 'Ja' }, {}] },
        // One map per option: two options, so not one and not three.
        { options_i18n: [{ de: 'Ja' }] },
        { options_i18n: [{ de: 'Ja' }, {}, {}] },
        { options_i18n: { de: 'Ja' } },
      ];
      for (const bad of bads) {
        const created = await t.call('POST', '/api/admin/votes', { token: admin, body: body(bad) });
        expect(created.status, JSON.stringify(bad)).toBe(422);
        const updated = await t.call('POST', `/api/admin/votes/${named.id}`, { token: admin, body: bad });
        expect(updated.status, JSON.stringify(bad)).toBe(422);
      }
      expect(await count('polls')).toBe(rows);
      const after = (await t.call<PollAnswer[]>('GET', '/api/admin/votes', { token: admin })).body.data;
      expect(after).toEqual(before);
      expect(
        (await t.call('POST', `/api/admin/votes/${named.id}`, { token, body: { title: 'x' } })).status,
      ).toBe(401);
    });
  });

  describe('dividend plans', () => {
    interface PoolAnswer {
      id: string;
      title: string;
      title_i18n: Record<string, string>;
    }
    const TITLES = { de: 'Quartalsdividende der Plattform', zh_CN: '平台季度分红' };
    const body = (fields: Record<string, unknown> = {}) => ({
      title: 'Quarterly platform dividend',
      coin: 'USDC',
      allocations: [{ user_id: userId, amount: '1' }],
      ...fields,
    });
    let named: PoolAnswer;
    let plain: PoolAnswer;

    const titleIn = async (lang: string, poolId: string) => {
      const r = await t.call<{ list: { pool_id: string; title: string }[] }>('GET', '/api/app/dividends', {
        token,
        lang,
      });
      expect(r.status).toBe(200);
      return r.body.data.list.find((c) => c.pool_id === poolId)!.title;
    };

    beforeAll(async () => {
      const fund = await t.call('POST', '/api/admin/earn/treasury', {
        token: admin,
        body: { coin: 'USDC', amount: '100', purpose: 'dividend' },
      });
      expect(fund.status).toBe(200);
      const a = await t.call<PoolAnswer>('POST', '/api/admin/dividends', {
        token: admin,
        body: body({ title_i18n: TITLES }),
      });
      expect(a.status).toBe(200);
      named = a.body.data;
      expect(named).toMatchObject({ title: 'Quarterly platform dividend', title_i18n: TITLES });
      const b = await t.call<PoolAnswer>('POST', '/api/admin/dividends', {
        token: admin,
        body: body({ title: 'Plain' }),
      });
      expect(b.status).toBe(200);
      plain = b.body.data;
      expect(plain.title_i18n).toEqual({});
    });

    it('answers in the request language, else the title of record', async () => {
      expect(await titleIn('de', named.id)).toBe(TITLES.de);
      expect(await titleIn('zh-CN', named.id)).toBe(TITLES.zh_CN);
      expect(await titleIn('es', named.id)).toBe('Quarterly platform dividend');
      expect(await titleIn('pt', named.id)).toBe(TITLES.de);
      for (const lang of ['de', 'en', 'it']) expect(await titleIn(lang, plain.id)).toBe('Plain');
      // The answer to a claim is in the claimer's language too.
      const list = await t.call<{ list: { id: string; pool_id: string }[] }>('GET', '/api/app/dividends', {
        token,
      });
      const claim = list.body.data.list.find((c) => c.pool_id === named.id)!;
      const r = await t.call<{ title: string }>('POST', `/api/app/dividends/${claim.id}/claim`, {
        token,
        lang: 'de',
        body: {},
      });
      expect(r.status).toBe(200);
      expect(r.body.data.title).toBe(TITLES.de);
    });

    it('the operator renames per language; the list carries the title of record and every language', async () => {
      const up = await t.call<PoolAnswer>('POST', `/api/admin/dividends/${plain.id}`, {
        token: admin,
        body: { title_i18n: { de: 'Schlicht' } },
      });
      expect(up.status).toBe(200);
      expect(up.body.data).toMatchObject({ title: 'Plain', title_i18n: { de: 'Schlicht' } });
      expect(await titleIn('de', plain.id)).toBe('Schlicht');
      const list = await t.call<PoolAnswer[]>('GET', '/api/admin/dividends', { token: admin, lang: 'de' });
      expect(list.body.data.find((p) => p.id === named.id)).toMatchObject({
        title: 'Quarterly platform dividend',
        title_i18n: TITLES,
      });
      expect(
        (await t.call('POST', '/api/admin/dividends/999999', { token: admin, body: { title: 'x' } })).status,
      ).toBe(404);
    });

    it('refuses bad titles with 422 and changes nothing', async () => {
      const rows = await count('dividend_pools');
      const before = (await t.call<PoolAnswer[]>('GET', '/api/admin/dividends', { token: admin })).body.data;
      for (const bad of badMaps(80)) {
        const created = await t.call('POST', '/api/admin/dividends', {
          token: admin,
          body: body({ title_i18n: bad }),
        });
        expect(created.status, JSON.stringify(bad)).toBe(422);
        const updated = await t.call('POST', `/api/admin/dividends/${named.id}`, {
          token: admin,
          body: { title_i18n: bad },
        });
        expect(updated.status, JSON.stringify(bad)).toBe(422);
      }
      expect(await count('dividend_pools')).toBe(rows);
      expect((await t.call<PoolAnswer[]>('GET', '/api/admin/dividends', { token: admin })).body.data).toEqual(
        before,
      );
      expect(
        (await t.call('POST', `/api/admin/dividends/${named.id}`, { token, body: { title: 'x' } })).status,
      ).toBe(401);
    });
  });

  describe('IEO projects', () => {
    interface ProjectAnswer {
      id: string;
      name: string;
      description: string;
      name_i18n?: Record<string, string>;
      description_i18n?: Record<string, string>;
    }
    const NAMES = { de: 'SOL-Startrunde', it: 'Round di lancio SOL' };
    const ABOUT = { de: 'Zeichnung jetzt geöffnet.' };
    const body = (fields: Record<string, unknown> = {}) =>
      ieoProjectBody(t.clock.now(), {
        name: 'SOL Launch Round',
        description: 'Subscriptions open now.',
        ...fields,
      });
    let named: ProjectAnswer;
    let plain: ProjectAnswer;

    const projectIn = async (lang: string, id: string) => {
      const list = await t.call<ProjectAnswer[]>('GET', '/api/app/ieo/projects', { lang });
      const one = await t.call<ProjectAnswer>('GET', `/api/app/ieo/projects/${id}`, { lang });
      expect(one.status).toBe(200);
      const p = list.body.data.find((x) => x.id === id)!;
      expect(one.body.data).toEqual(p);
      expect(p.name_i18n).toBeUndefined();
      return { name: p.name, description: p.description };
    };

    beforeAll(async () => {
      const a = await t.call<ProjectAnswer>('POST', '/api/admin/ieo/projects', {
        token: admin,
        body: body({ name_i18n: NAMES, description_i18n: ABOUT }),
      });
      expect(a.status).toBe(200);
      named = a.body.data;
      expect(named).toMatchObject({ name: 'SOL Launch Round', name_i18n: NAMES, description_i18n: ABOUT });
      const b = await t.call<ProjectAnswer>('POST', '/api/admin/ieo/projects', {
        token: admin,
        body: body({ name: 'Plain' }),
      });
      expect(b.status).toBe(200);
      plain = b.body.data;
      expect(plain).toMatchObject({ name_i18n: {}, description_i18n: {} });
    });

    it('answers in the request language, else the texts of record', async () => {
      expect(await projectIn('de', named.id)).toEqual({ name: NAMES.de, description: ABOUT.de });
      expect(await projectIn('it', named.id)).toEqual({
        name: NAMES.it,
        description: 'Subscriptions open now.',
      });
      expect(await projectIn('zh_CN', named.id)).toEqual({
        name: 'SOL Launch Round',
        description: 'Subscriptions open now.',
      });
      expect((await projectIn('pt', named.id)).name).toBe(NAMES.de);
      for (const lang of ['de', 'en', 'fr'])
        expect(await projectIn(lang, plain.id)).toEqual({
          name: 'Plain',
          description: 'Subscriptions open now.',
        });
    });

    it('the operator edits the texts; the list carries the texts of record and every language', async () => {
      const up = await t.call<ProjectAnswer>('POST', `/api/admin/ieo/projects/${plain.id}`, {
        token: admin,
        body: { name_i18n: { de: 'Schlicht' }, description_i18n: { de: 'Offen.' } },
      });
      expect(up.status).toBe(200);
      expect(up.body.data).toMatchObject({ name: 'Plain', name_i18n: { de: 'Schlicht' } });
      expect(await projectIn('de', plain.id)).toEqual({ name: 'Schlicht', description: 'Offen.' });
      const list = await t.call<ProjectAnswer[]>('GET', '/api/admin/ieo/projects', {
        token: admin,
        lang: 'de',
      });
      expect(list.body.data.find((p) => p.id === named.id)).toMatchObject({
        name: 'SOL Launch Round',
        description: 'Subscriptions open now.',
        name_i18n: NAMES,
        description_i18n: ABOUT,
      });
      expect(
        (await t.call('POST', '/api/admin/ieo/projects/999999', { token: admin, body: { name: 'x' } }))
          .status,
      ).toBe(404);
    });

    it('refuses bad texts with 422 and changes nothing', async () => {
      const rows = await count('ieo_projects');
      const before = (await t.call<ProjectAnswer[]>('GET', '/api/admin/ieo/projects', { token: admin })).body
        .data;
      const bads = [
        ...badMaps(60).map((m) => ({ name_i18n: m })),
        { description_i18n: { fr: 'x'.repeat(5001) } },
        { description_i18n: { en: 42 } },
      ];
      for (const bad of bads) {
        const created = await t.call('POST', '/api/admin/ieo/projects', { token: admin, body: body(bad) });
        expect(created.status, JSON.stringify(bad)).toBe(422);
        const updated = await t.call('POST', `/api/admin/ieo/projects/${named.id}`, {
          token: admin,
          body: bad,
        });
        expect(updated.status, JSON.stringify(bad)).toBe(422);
      }
      expect(await count('ieo_projects')).toBe(rows);
      expect(
        (await t.call<ProjectAnswer[]>('GET', '/api/admin/ieo/projects', { token: admin })).body.data,
      ).toEqual(before);
      expect(
        (await t.call('POST', `/api/admin/ieo/projects/${named.id}`, { token, body: { name: 'x' } })).status,
      ).toBe(401);
    });
  });
});
