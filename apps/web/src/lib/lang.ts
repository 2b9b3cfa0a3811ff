import { DEFAULT_LANG, isLang, LANG_NAMES, LANGS, type Lang } from '@ex/i18n';

export { DEFAULT_LANG, LANG_NAMES, LANGS, type Lang };

/**
 * The language the app starts in: the stored `lang` when it is one of the seven, else `de` (spec:
 * de is the default when none is stored). Deliberately not the browser's language: the product
 * text makes de the default, and the stored choice is the only other input.
 */
export function resolveStoredLang(stored: string | null | undefined): Lang {
  if (isLang(stored)) return stored;
  // Accept the BCP 47 spelling too ("zh-TW"), which an older build or a native shell may have written.
  const normalised = stored?.replace('-', '_');
  return isLang(normalised) ? normalised : DEFAULT_LANG;
}

/** BCP 47 tag for `<html lang>` and `Intl`: our ids use an underscore (`zh_CN`). */
export function bcp47(lang: Lang): string {
  return lang.replace('_', '-');
}

/**
 * The `Intl` locale for dates and times. Taiwan's exchanges write times on a 24-hour clock
 * (15:28, not 下午3:28; ADR 257), which `zh-TW` alone does not give, so zh_TW asks for hour cycle
 * h23. `<html lang>` and number formats keep `bcp47`.
 */
export function dateLocale(lang: Lang): string {
  return lang === 'zh_TW' ? 'zh-TW-u-hc-h23' : bcp47(lang);
}
