import { webCatalogues } from '@ex/i18n';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { bcp47, LANGS, type Lang, resolveStoredLang } from './lang.ts';
import { type KeyValueStorage, STORAGE_KEYS } from './storage.ts';

/** The language to start in, read once from storage (spec: de when none is stored). */
export function initialLang(storage: KeyValueStorage): Lang {
  return resolveStoredLang(storage.getItem(STORAGE_KEYS.lang));
}

/** One i18next instance for the app, every catalogue bundled (they are small: ~10 kB each). */
export function createI18n(lang: Lang) {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    lng: lang,
    fallbackLng: 'en',
    supportedLngs: [...LANGS],
    // Our ids contain an underscore (zh_CN); stop i18next from also trying a bare "zh".
    load: 'currentOnly',
    resources: Object.fromEntries(LANGS.map((l) => [l, { translation: webCatalogues[l] }])),
    interpolation: { escapeValue: false },
    returnNull: false,
    initImmediate: false,
    showSupportNotice: false,
  });
  return instance;
}

/**
 * Switches the language everywhere at once: i18next, the stored `lang` (read by the SDK for
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
