// The seeded French texts (the demo's messages, Home's notices and news, the FAQ, product, IEO,
// poll and dividend names) follow the catalogues' French typography
// (packages/i18n/test/french-typography.test.ts): a no-break space before : ; ! ? % and » and after
// «, never a breaking one or none, the typographic apostrophe, and thousands grouped by a narrow
// no-break space. Read from the seed's text tables,
// no server started.
import { describe, expect, it } from 'vitest';
import { ITEMS } from '../src/community/seed.ts';
import { DEFAULT_WITHDRAW } from '../src/config.ts';
import { faqArticles, pct } from '../src/seed/faq.ts';
import { WORLD_TEXTS } from '../src/seed/world.ts';

/** Every string under a `fr` key, with its path. */
function french(value: unknown, path: string, inFrench = false): [string, string][] {
  if (typeof value === 'string') return inFrench ? [[path, value]] : [];
  if (value && typeof value === 'object')
    return Object.entries(value).flatMap(([k, v]) => french(v, `${path}.${k}`, inFrench || k === 'fr'));
  return [];
}

const texts = [
  ...french(WORLD_TEXTS, 'world'),
  ...french(ITEMS, 'community'),
  ...french(faqArticles({ withdraw: DEFAULT_WITHDRAW }), 'faq'),
];

describe('French typography in the seeded texts', () => {
  it('reads every table: messages, products, IEO rounds, polls, dividend, notices, news, FAQ', () => {
    const tables = new Set(texts.map(([path]) => path.split('.').slice(0, 2).join('.')));
    expect([...tables].sort()).toEqual(
      [
        ...Object.keys(WORLD_TEXTS).map((k) => `world.${k}`),
        ...ITEMS.map((_, i) => `community.${i}`),
        ...faqArticles({ withdraw: DEFAULT_WITHDRAW }).map((_, i) => `faq.${i}`),
      ].sort(),
    );
    expect(texts.length).toBeGreaterThan(40);
  });

  it('puts a no-break space, never a breaking one, before : ; ! ? % » and after «', () => {
    const breaking = texts.filter(([, text]) => /[ \t\n][:;!?%»]|«[ \t\n]/.test(text)).map(([p]) => p);
    expect(breaking).toEqual([]);
  });

  it('never glues ; ! ? % » to the word before it, nor « to the word after it', () => {
    // A colon may follow a digit (08:00 UTC); after a letter it takes its space as well.
    const glued = texts
      .filter(([, text]) => /[\p{L}\d)][;!?%»]|\p{L}:|«[\p{L}\d]/u.test(text))
      .map(([p]) => p);
    expect(glued).toEqual([]);
  });

  it('groups thousands with the narrow no-break space, as the app’s numbers do (10\u202f000)', () => {
    const loose = texts.filter(([, text]) => /\d[ \u00a0]\d{3}(?!\d)/.test(text)).map(([p]) => p);
    expect(loose).toEqual([]);
  });

  it('writes the typographic apostrophe inside words', () => {
    const typewriter = texts.filter(([, text]) => /\p{L}'\p{L}/u.test(text)).map(([p]) => p);
    expect(typewriter).toEqual([]);
  });

  it('keeps the spaces it asks for', () => {
    expect(WORLD_TEXTS.WELCOME.fr?.title).toBe('Bienvenue\u00a0!');
    expect(ITEMS[2]?.translations.fr?.body).toContain('page Inviter\u00a0: vos amis');
    expect(pct(1000n, 'fr')).toBe('0,1\u00a0%');
  });
});
