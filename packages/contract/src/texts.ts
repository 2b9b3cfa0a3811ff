import { LANGS } from '@ex/i18n';
import { z } from 'zod';

// Operator texts per language (ADR 243): a product name, a poll title, a plan title. The string
// column stays the text of record; this map beside it holds any of the seven languages, and a
// reader gets theirs, else the string of record. A key outside the seven, a non-string, an empty
// or over-long text is refused (422), never stored.

/** Any subset of the seven languages, each a trimmed text of 1 to `max` characters. */
export const textPerLang = (max: number) => z.partialRecord(z.enum(LANGS), z.string().trim().min(1).max(max));
export type TextPerLang = z.infer<ReturnType<typeof textPerLang>>;
