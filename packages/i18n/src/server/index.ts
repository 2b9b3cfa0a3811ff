import { DEFAULT_LANG, type Lang } from '../langs.ts';
import { de } from './de.ts';
import { en, type ServerMessageKey } from './en.ts';
import { es } from './es.ts';
import { fr } from './fr.ts';
import { it } from './it.ts';
import { zh_CN } from './zh_CN.ts';
import { zh_TW } from './zh_TW.ts';

export type { ServerMessageKey };

export const serverMessages: Record<Lang, Record<ServerMessageKey, string>> = {
  de,
  en,
  zh_CN,
  zh_TW,
  es,
  fr,
  it,
};

export function isServerMessageKey(value: unknown): value is ServerMessageKey {
  return typeof value === 'string' && Object.hasOwn(en, value);
}

/** Looks a server message up in `lang` (falling back to de, then en) and fills `{name}` placeholders. */
export function translateServer(
  lang: Lang,
  key: ServerMessageKey,
  params?: Readonly<Record<string, string | number | bigint>>,
): string {
  const template = serverMessages[lang]?.[key] ?? serverMessages[DEFAULT_LANG][key] ?? en[key];
  if (!params) return template;
  return template.replace(/\{(\w+)\}/g, (whole, name: string) =>
    Object.hasOwn(params, name) ? String(params[name]) : whole,
  );
}
