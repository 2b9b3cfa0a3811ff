/** The seven interface languages of the product; `de` is the default when none is stored or sent. */
export const LANGS = ['de', 'en', 'zh_CN', 'zh_TW', 'es', 'fr', 'it'] as const;
export type Lang = (typeof LANGS)[number];
export const DEFAULT_LANG: Lang = 'de';

/** Native names, shown in the language picker. */
export const LANG_NAMES: Record<Lang, string> = {
  de: 'Deutsch',
  en: 'English',
  zh_CN: '简体中文',
  zh_TW: '繁體中文',
  es: 'Español',
  fr: 'Français',
  it: 'Italiano',
};

export function isLang(value: unknown): value is Lang {
  return typeof value === 'string' && (LANGS as readonly string[]).includes(value);
}

/**
 * Maps an `Accept-Language` value (ours like `zh_CN`, or a browser's like `zh-TW,zh;q=0.9`) to one
 * of the seven languages; anything unknown or missing is `de`.
 */
export function resolveLang(header: string | null | undefined): Lang {
  if (!header) return DEFAULT_LANG;
  for (const part of header.split(',')) {
    const tag = part.split(';')[0]?.trim().replace('-', '_') ?? '';
    if (isLang(tag)) return tag;
    const lower = tag.toLowerCase();
    if (lower === 'zh_cn' || lower === 'zh_hans' || lower === 'zh_sg') return 'zh_CN';
    if (lower === 'zh_tw' || lower === 'zh_hant' || lower === 'zh_hk' || lower === 'zh') {
      return lower === 'zh' ? 'zh_CN' : 'zh_TW';
    }
    const base = lower.split('_')[0];
    if (isLang(base)) return base;
  }
  return DEFAULT_LANG;
}
