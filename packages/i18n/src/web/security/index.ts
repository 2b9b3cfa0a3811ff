import type { Lang } from '../../langs.ts';
import { de } from './de.ts';
import { en, type SecurityCatalogue } from './en.ts';
import { es } from './es.ts';
import { fr } from './fr.ts';
import { it } from './it.ts';
import { zh_CN } from './zh_CN.ts';
import { zh_TW } from './zh_TW.ts';

export type { SecurityCatalogue };

/** The account screens and the in-app browser strings per language (`security.*`). */
export const securityCatalogues: Record<Lang, SecurityCatalogue> = { de, en, zh_CN, zh_TW, es, fr, it };
