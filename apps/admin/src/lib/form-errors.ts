import { LANGS, type Lang } from '@ex/i18n';

/** Server 422 keys (`translations.en.title`, `name_i18n.de`) as antd field paths. */
export function fieldsFromErrors(errors: Record<string, string[]>) {
  return Object.entries(errors).map(([key, messages]) => ({
    name: key.split('.'),
    errors: messages,
  }));
}

/** A 422 of a form with per-language title and body tabs (`LangTabs`), split for showing. */
export interface TranslationErrors {
  /** Messages of the fields the form has: `translations.<lang>.title|body` and `fields`. */
  placed: { name: string[]; errors: string[] }[];
  /** The languages a placed message is in, in the tabs' order of the keys. */
  langs: Lang[];
  /** What no field of the form shows (e.g. `translations`: no language filled), for above the form. */
  other: string[];
}

const TEXT_KEY = /^translations\.([a-zA-Z_]+)\.(title|body)$/;

/**
 * Where each server message of a notice, news or message form goes: on its field when the form has
 * one (a language's title or body, or one of `fields`), else above the form. Without this a
 * `translations` error (nothing filled) or one in a tab not open showed nowhere.
 */
export function translationErrors(
  errors: Record<string, string[]>,
  fields: readonly string[] = [],
): TranslationErrors {
  const out: TranslationErrors = { placed: [], langs: [], other: [] };
  for (const [key, messages] of Object.entries(errors)) {
    const text = TEXT_KEY.exec(key);
    const lang = text?.[1] as Lang | undefined;
    if (lang !== undefined && (LANGS as readonly string[]).includes(lang)) {
      out.placed.push({ name: key.split('.'), errors: messages });
      if (!out.langs.includes(lang)) out.langs.push(lang);
    } else if (fields.includes(key)) {
      out.placed.push({ name: [key], errors: messages });
    } else if (key === 'translations') {
      out.other.push('Fill in the title and body of at least one language.');
    } else {
      out.other.push(...messages.map((m) => `${key}: ${m}`));
    }
  }
  return out;
}
