import type { Lang } from '../langs.ts';
import type { WebCatalogueWithEarn1 } from './index.ts';

/**
 * The web catalogue of one language, fetched on demand: the app's first load carries no language
 * (each is ~10 KB gzip, all seven ~60 KB), main.tsx awaits the stored one before the first render
 * and a language switch loads the next. Each branch is its own dynamic import so bundlers split
 * the languages into separate chunks.
 */
export function loadWebCatalogue(lang: Lang): Promise<WebCatalogueWithEarn1> {
  switch (lang) {
    case 'de':
      return import('./bundle/de.ts').then((m) => m.catalogue);
    case 'en':
      return import('./bundle/en.ts').then((m) => m.catalogue);
    case 'zh_CN':
      return import('./bundle/zh_CN.ts').then((m) => m.catalogue);
    case 'zh_TW':
      return import('./bundle/zh_TW.ts').then((m) => m.catalogue);
    case 'es':
      return import('./bundle/es.ts').then((m) => m.catalogue);
    case 'fr':
      return import('./bundle/fr.ts').then((m) => m.catalogue);
    case 'it':
      return import('./bundle/it.ts').then((m) => m.catalogue);
  }
}
