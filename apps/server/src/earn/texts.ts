import type { TextPerLang } from '@ex/contract';
import type { Lang } from '@ex/i18n';
import type { ColumnType } from 'kysely';

// Operator texts per language beside their string of record (ADR 243): AI quant and staking
// products, polls, dividend plans, IEO projects. The column is jsonb, `{}` when none is given.

/** A `*_i18n` column: read as the map, written as its JSON text. */
export type TextsColumn = ColumnType<TextPerLang | string, string | undefined, string>;

/** jsonb comes back parsed from both drivers; a string only if a driver ever hands it raw. */
export function readTexts(value: TextPerLang | string | null | undefined): TextPerLang {
  if (value === null || value === undefined) return {};
  return typeof value === 'string' ? (JSON.parse(value) as TextPerLang) : value;
}

/** The reader's language, else the string of record (never another language: ADR 243). */
export function localised(
  record: string,
  texts: TextPerLang | string | null | undefined,
  lang: Lang,
): string {
  return readTexts(texts)[lang] ?? record;
}

/** The JSON text to store; an absent map stores `{}`. */
export function textsJson(texts: TextPerLang | undefined): string {
  return JSON.stringify(texts ?? {});
}
