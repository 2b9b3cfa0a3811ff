import type { Lang } from '../langs.ts';
import type { MainCatalogue, WebCatalogueWithEarn1, WebNamespaces } from './index.ts';

/** The i18next namespaces of the web app (ADR 097) and how a language's catalogue splits into them. */
export const WEB_NAMESPACES = ['translation', 'earn1', 'earn2'] as const;

export function webNamespaces(catalogue: WebCatalogueWithEarn1): WebNamespaces {
  const { earn1, earn2, ...translation } = catalogue;
  return { translation, earn1, earn2 };
}

/** One language's parts as `./bundle/<lang>.ts` imports them: the main catalogue and each namespace. */
export type WebCatalogueParts = Omit<WebCatalogueWithEarn1, keyof MainCatalogue> & { main: MainCatalogue };

/**
 * One language's catalogue from its parts, the main catalogue's keys at the top as `./index.ts`
 * merges them. It lives here, in the module that loads the bundles, so a bundle adds no chunk.
 */
export function webBundle({ main, ...namespaces }: WebCatalogueParts): WebCatalogueWithEarn1 {
  return { ...main, ...namespaces };
}

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
