import { loadWebCatalogue, WEB_NAMESPACES, type WebCatalogueWithEarn1, webNamespaces } from '@ex/i18n';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { bcp47, LANGS, type Lang, resolveStoredLang } from './lang.ts';
import { type KeyValueStorage, STORAGE_KEYS } from './storage.ts';

/** The language to start in, read once from storage (spec: de when none is stored). */
export function initialLang(storage: KeyValueStorage): Lang {
  return resolveStoredLang(storage.getItem(STORAGE_KEYS.lang));
}

/**
 * One i18next instance for the app, started with the catalogue of its language only: the others
 * are fetched when the user switches (`ensureLang`), so the first load carries one language.
 * Every catalogue is complete (typed against `en` and tested), so there is no fallback language.
 */
export function createI18n(lang: Lang, catalogue: WebCatalogueWithEarn1) {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    lng: lang,
    fallbackLng: false,
    supportedLngs: [...LANGS],
    // Our ids contain an underscore (zh_CN); stop i18next from also trying a bare "zh".
    load: 'currentOnly',
    // One namespace per key type (ADR 097): `translation` (default), `earn1`, `earn2`.
    ns: [...WEB_NAMESPACES],
    defaultNS: 'translation',
    resources: { [lang]: webNamespaces(catalogue) },
    interpolation: { escapeValue: false },
    returnNull: false,
    initImmediate: false,
    showSupportNotice: false,
  });
  return instance;
}

/** Fetches a language's catalogue into the instance unless it is there already. */
export async function ensureLang(
  instance: {
    hasResourceBundle(lang: string, ns: string): boolean;
    addResourceBundle(lang: string, ns: string, resources: object): unknown;
  },
  lang: Lang,
): Promise<void> {
  if (instance.hasResourceBundle(lang, 'translation')) return;
  const namespaces = webNamespaces(await loadWebCatalogue(lang));
  for (const ns of WEB_NAMESPACES) instance.addResourceBundle(lang, ns, namespaces[ns]);
}

/**
 * Switches the language everywhere at once (after `ensureLang` has fetched its catalogue): i18next, the stored `lang` (read by the SDK for
 * Accept-Language, so server messages follow), `langname` and `<html lang>`.
 */
export function applyLang(
  instance: { changeLanguage(lang: string): unknown },
  storage: KeyValueStorage,
  doc: { documentElement: { lang: string } },
  lang: Lang,
): void {
  storage.setItem(STORAGE_KEYS.lang, lang);
  storage.setItem(STORAGE_KEYS.langName, lang);
  doc.documentElement.lang = bcp47(lang);
  void instance.changeLanguage(lang);
}
