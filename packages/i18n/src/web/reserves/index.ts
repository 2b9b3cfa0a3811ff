import type { Lang } from '../../langs.ts';
import { de } from './de.ts';
import { en, type ReservesCatalogue } from './en.ts';
import { es } from './es.ts';
import { fr } from './fr.ts';
import { it } from './it.ts';
import { zh_CN } from './zh_CN.ts';
import { zh_TW } from './zh_TW.ts';

export type { ReservesCatalogue };

/** The proof-of-reserves screen's and the statement downloads' strings per language (`reserves.*`). */
export const reservesCatalogues: Record<Lang, ReservesCatalogue> = { de, en, zh_CN, zh_TW, es, fr, it };
