import { describe, expect, it } from 'vitest';
import { LANGS } from '../src/langs.ts';
import { webCatalogues } from '../src/web/index.ts';

type Tree = { [key: string]: string | Tree };

function leaves(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else for (const [k, v] of leaves(value, path)) out.set(k, v);
  }
  return out;
}

const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();
const source = leaves(webCatalogues.en as unknown as Tree);

describe('web catalogues', () => {
  it.each(LANGS)('%s has exactly the keys of en, none empty, same placeholders', (lang) => {
    const catalogue = leaves(webCatalogues[lang] as unknown as Tree);
    expect([...catalogue.keys()].sort()).toEqual([...source.keys()].sort());
    for (const [key, text] of catalogue) {
      expect(text.trim(), `${lang}:${key}`).not.toBe('');
      expect(placeholders(text), `${lang}:${key}`).toEqual(placeholders(source.get(key) ?? ''));
    }
  });

  it('translations are real: most strings differ from English in every other language', () => {
    for (const lang of LANGS) {
      if (lang === 'en') continue;
      const catalogue = leaves(webCatalogues[lang] as unknown as Tree);
      let same = 0;
      for (const [key, text] of catalogue) if (text === source.get(key)) same += 1;
      // Brand words (Spot, Futures, IEO, UID, OK) legitimately stay English in some languages.
      expect(same / source.size, lang).toBeLessThan(0.2);
    }
  });
});
