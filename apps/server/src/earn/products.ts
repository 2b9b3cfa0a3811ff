// The product catalogue AI savings (ADR 080) and DeFi staking (ADR 081) share: the columns every
// product has, what a reader and the operator see of them, and the operator's edit (ADR 243).
// Each service keeps its own table, figures (kind, rates, term, fees) and rules (who may create a
// disabled product, which days are allowed).

import type { TextPerLang } from '@ex/contract';
import type { Lang } from '@ex/i18n';
import { AppError } from '../http/errors.ts';
import { productRange, shownRange } from './earn.ts';
import { localised, readTexts, textsJson } from './texts.ts';

/** A stored product's columns both catalogues have. */
export interface CatalogueRow {
  id: string;
  name: string;
  name_i18n: TextPerLang | string;
  coin: string;
  min_amount: string;
  max_amount: string;
  enabled: boolean;
}

/**
 * What both catalogues show of a product: a reader (`lang`) gets the name in their language, else
 * the text of record; the operator (no `lang`) gets the text of record and every language.
 */
export function catalogueFields(r: CatalogueRow, lang?: Lang) {
  return {
    id: r.id,
    name: lang === undefined ? r.name : localised(r.name, r.name_i18n, lang),
    coin: r.coin,
    ...shownRange(r),
    enabled: r.enabled,
    ...(lang === undefined ? { name_i18n: readTexts(r.name_i18n) } : {}),
  };
}

/** What an operator gives every new product; the amount range in units (max below min is a 422). */
export function newCatalogueRow(
  body: { name: string; name_i18n?: TextPerLang; coin: string; min_amount: string; max_amount: string },
  nowMs: number,
) {
  return {
    name: body.name,
    name_i18n: textsJson(body.name_i18n),
    coin: body.coin,
    ...productRange(body),
    created_at: String(nowMs),
  };
}

/** The operator's edit: enable or disable and/or rename; a map replaces the stored one whole. */
export interface ProductEdit {
  enabled?: boolean;
  name?: string;
  name_i18n?: TextPerLang;
}

/** The columns an edit sets: only those the body names. */
export function editedColumns(body: ProductEdit): { enabled?: boolean; name?: string; name_i18n?: string } {
  return {
    ...(body.enabled !== undefined ? { enabled: body.enabled } : {}),
    ...(body.name !== undefined ? { name: body.name } : {}),
    ...(body.name_i18n !== undefined ? { name_i18n: textsJson(body.name_i18n) } : {}),
  };
}

/**
 * Applies an edit through `write` (the service's own table: set these columns on the product, return
 * the row after); an unknown product is NOT_FOUND.
 */
export async function editProduct<R>(
  body: ProductEdit,
  write: (columns: ReturnType<typeof editedColumns>) => Promise<R | undefined>,
): Promise<R> {
  const row = await write(editedColumns(body));
  if (row === undefined) throw new AppError('NOT_FOUND');
  return row;
}
