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

/** Parameters that are always a number in a sentence ("at most {max}", "between {min} and {max}"). */
const NUMBER_PARAMS = new Set(['min', 'max']);
const DECIMAL = /^-?\d+(\.\d+)?$/;
const formats = new Map<string, Intl.NumberFormat>();

/**
 * A number in the language's own separators (de 10.000 and 45.000,00, fr 10 000, en 10,000), digit
 * for digit: the decimal string goes to Intl as a string (exact since NumberFormat v3, no float), and
 * keeps exactly the decimals it came with. Grouping from four digits in every language, as the app's
 * money screens (es and it would group only from five by default).
 */
export function formatNumberIn(lang: Lang, value: string): string {
  const dot = value.indexOf('.');
  const decimals = dot < 0 ? 0 : value.length - dot - 1;
  const key = `${lang}|${decimals}`;
  let nf = formats.get(key);
  if (nf === undefined) {
    nf = new Intl.NumberFormat(lang.replace('_', '-'), {
      useGrouping: 'always',
      minimumFractionDigits: decimals,
      maximumFractionDigits: decimals,
    });
    formats.set(key, nf);
  }
  return nf.format(value as `${number}`);
}

/**
 * Looks a server message up in `lang` (falling back to de, then en) and fills `{name}` placeholders;
 * `{min}` and `{max}` holding a plain decimal are written in the language's separators.
 */
export function translateServer(
  lang: Lang,
  key: ServerMessageKey,
  params?: Readonly<Record<string, string | number | bigint>>,
): string {
  const template = serverMessages[lang]?.[key] ?? serverMessages[DEFAULT_LANG][key] ?? en[key];
  if (!params) return template;
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => {
    if (!Object.hasOwn(params, name)) return whole;
    const value = String(params[name]);
    return NUMBER_PARAMS.has(name) && DECIMAL.test(value) ? formatNumberIn(lang, value) : value;
  });
}
