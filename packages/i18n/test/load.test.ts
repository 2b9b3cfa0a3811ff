import { describe, expect, it } from 'vitest';
import { LANGS, loadWebCatalogue, webCatalogues } from '../src/index.ts';

describe('loadWebCatalogue', () => {
  it('loads for every language exactly the catalogue the app would have bundled', async () => {
    for (const lang of LANGS) expect(await loadWebCatalogue(lang)).toEqual(webCatalogues[lang]);
  });
});
