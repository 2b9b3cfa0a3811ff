import type { ContentText, Translations } from '@ex/contract';
import { LANGS, type Lang } from '@ex/i18n';

/** jsonb comes back parsed from both drivers; a string only if a driver ever hands it raw. */
export function readTranslations(value: Translations | string): Translations {
  return typeof value === 'string' ? (JSON.parse(value) as Translations) : value;
}

/** The reader's language, else en, else de, else the first one present (ADR 070). */
export function pickText(value: Translations | string, lang: Lang): { lang: Lang; text: ContentText } {
  const all = readTranslations(value);
  for (const l of [lang, 'en', 'de', ...LANGS] as const) {
    const text = all[l];
    if (text) return { lang: l, text };
  }
  // The schema refuses an empty set, so a row always has one language.
  throw new Error('content without any language');
}

/** The start of a body for list rows: whitespace collapsed, at most 120 characters. */
export function summaryOf(body: string): string {
  const flat = body.replace(/\s+/g, ' ').trim();
  return flat.length <= 120 ? flat : `${flat.slice(0, 119)}…`;
}

export function isRowId(id: string): boolean {
  return /^[1-9]\d{0,17}$/.test(id);
}
