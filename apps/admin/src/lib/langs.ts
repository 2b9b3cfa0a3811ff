import { LANG_NAMES, type Lang } from '@ex/i18n';

/** A language as the console shows it in a tag or a tab: short, the full name on hover. */
export const LANG_CODES: Record<Lang, string> = {
  de: 'DE',
  en: 'EN',
  zh_CN: '简中',
  zh_TW: '繁中',
  es: 'ES',
  fr: 'FR',
  it: 'IT',
};

export const LANG_LABELS: Record<Lang, string> = LANG_NAMES;
