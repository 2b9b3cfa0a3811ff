import type { Lang } from '../../langs.ts';
import { de } from './de.ts';
import { en, type FundsCatalogue } from './en.ts';
import { es } from './es.ts';
import { fr } from './fr.ts';
import { it } from './it.ts';
import { zh_CN } from './zh_CN.ts';
import { zh_TW } from './zh_TW.ts';

export type { FundsCatalogue };

/** The deposit and withdrawal screens' strings per language (merged into the web catalogue as `funds`). */
export const fundsCatalogues: Record<Lang, FundsCatalogue> = { de, en, zh_CN, zh_TW, es, fr, it };
