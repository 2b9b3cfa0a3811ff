// The support centre's FAQ after `npm start` (seed/faq.ts): ten published articles in all seven
// languages through the support service, numbers taken from the code (the withdrawal rule, fees,
// funding interval), added once; the app's FAQ list returns them in the caller's language.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LANGS } from '@ex/i18n';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_WITHDRAW, loadConfig } from '../src/config.ts';
import { faqArticles, num, pct, seedFaq } from '../src/seed/faq.ts';
import { startExchange } from '../src/start.ts';
import { BACKENDS, freshDatabase, type TestApp, testApp } from './helpers/testApp.ts';
import { adminToken } from './kyc-support.ts';

interface Faq {
  id: string;
  title: string;
  body: string;
  position: number;
}

describe('FAQ texts', () => {
  it('write numbers with each language’s separators, exactly', () => {
    expect(num('100000', 'en')).toBe('100,000');
    expect(num('100000', 'de')).toBe('100.000');
    expect(num('100000', 'fr')).toBe('100\u202f000');
    expect(num('1', 'de')).toBe('1');
    expect(pct(1000n, 'en')).toBe('0.1%');
    expect(pct(12_500n, 'de')).toBe('1,25\u00a0%');
    expect(pct(500n, 'it')).toBe('0,05%');
  });

  it('every article has a title and body in all seven languages, no placeholder left', () => {
    const articles = faqArticles({ withdraw: DEFAULT_WITHDRAW });
    expect(articles.length).toBeGreaterThanOrEqual(8);
    expect(articles.length).toBeLessThanOrEqual(12);
    for (const a of articles) {
      for (const lang of LANGS) {
        expect(a.title[lang]?.length ?? 0, `${a.title.en} ${lang}`).toBeGreaterThan(3);
        expect(a.body[lang]?.length ?? 0, `${a.title.en} ${lang}`).toBeGreaterThan(80);
        expect(`${a.title[lang]} ${a.body[lang]}`).not.toMatch(/undefined|NaN|\$\{/);
      }
    }
  });
});

describe.each(BACKENDS)('the seeded FAQ on %s', (backend) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await testApp(backend);
  });
  afterAll(async () => {
    await t?.close();
  });

  const list = async (lang: string) =>
    (await t.call<Faq[]>('GET', '/api/app/support/faq', { lang })).body.data;

  it('adds the articles once; the app lists them in every language', async () => {
    expect(await list('en')).toEqual([]);
    const added = await seedFaq(t.db, t.clock, { withdraw: t.config.withdraw });
    expect(added).toBe(faqArticles({ withdraw: t.config.withdraw }).length);

    const en = await list('en');
    expect(en).toHaveLength(added);
    expect(en.map((a) => a.position)).toEqual([...en.map((a) => a.position)].sort((a, b) => a - b));
    const titles = en.map((a) => a.title).join('\n');
    for (const topic of [
      /deposit/i,
      /withdraw/i,
      /identity/i,
      /limit and market/i,
      /leverage/i,
      /funding/i,
    ]) {
      expect(titles).toMatch(topic);
    }
    for (const topic of [/liquidat/i, /transfer/i, /two-factor/i, /earn/i]) expect(titles).toMatch(topic);

    // The withdrawal article quotes the configured USDC TRC20 rule, formatted per language.
    const rule = t.config.withdraw.find((r) => r.coin === 'USDC' && r.network === 'TRC20')!;
    const withdrawal = en.find((a) => /withdrawals:/i.test(a.title))!;
    expect(withdrawal.body).toContain(
      `at least ${num(rule.min, 'en')} and at most ${num(rule.max, 'en')} USDC`,
    );
    expect(withdrawal.body).toContain(`fee of ${num(rule.fee, 'en')} USDC`);
    const de = await list('de');
    expect(de.find((a) => a.id === withdrawal.id)!.body).toContain(`höchstens ${num(rule.max, 'de')} USDC`);

    // Each language reads its own text (no fallback to German).
    const texts = new Set<string>();
    for (const lang of LANGS) {
      const articles = await list(lang);
      expect(articles.map((a) => a.id)).toEqual(en.map((a) => a.id));
      texts.add(articles[0]!.title);
    }
    expect(texts.size).toBe(LANGS.length);

    // A second run (a restart) adds nothing.
    expect(await seedFaq(t.db, t.clock, { withdraw: t.config.withdraw })).toBe(0);
    expect(await list('en')).toHaveLength(added);
  });

  it('leaves an operator’s FAQ alone: edits and deletions survive a restart', async () => {
    const admin = await adminToken(t);
    const all = (await t.call<{ id: string }[]>('GET', '/api/admin/support/faq', { token: admin })).body.data;
    const first = all[0]!;
    expect((await t.call('DELETE', `/api/admin/support/faq/${first.id}`, { token: admin })).status).toBe(200);
    expect(await seedFaq(t.db, t.clock, { withdraw: t.config.withdraw })).toBe(0);
    expect((await list('en')).map((a) => a.id)).not.toContain(first.id);
  });
});

describe('npm start seeds the FAQ', { timeout: 240_000 }, () => {
  it('on a fresh demo start, once; never with SEED_DEMO off', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ex-seed-faq-'));
    const count = async (url: string) => {
      const r = await fetch(`${url}/api/app/support/faq`, { headers: { 'accept-language': 'en' } });
      return ((await r.json()) as { data: Faq[] }).data.length;
    };
    const start = (seed: '0' | '1', database: Awaited<ReturnType<typeof freshDatabase>>) =>
      startExchange({
        config: loadConfig({ DATA_DIR: dir, PORT: '0', CAPTCHA: 'off', SEED_DEMO: seed, MARKET_MAKER: '0' }),
        database: database.handle,
        logger: false,
        liquidityIntervalMs: 60_000,
      });
    const demoDb = await freshDatabase('pglite');
    const plainDb = await freshDatabase('pglite');
    try {
      let running = await start('1', demoDb);
      const first = await count(running.url);
      await running.stop();
      expect(first).toBe(faqArticles({ withdraw: DEFAULT_WITHDRAW }).length);
      running = await start('1', demoDb);
      expect(await count(running.url)).toBe(first);
      await running.stop();

      running = await start('0', plainDb);
      expect(await count(running.url)).toBe(0);
      await running.stop();
    } finally {
      await demoDb.drop();
      await plainDb.drop();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
