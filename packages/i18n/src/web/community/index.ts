import type { Lang } from '../../langs.ts';
import { de } from './de.ts';
import { type CommunityCatalogue, en } from './en.ts';
import { es } from './es.ts';
import { fr } from './fr.ts';
import { it } from './it.ts';
import { zh_CN } from './zh_CN.ts';
import { zh_TW } from './zh_TW.ts';

export type { CommunityCatalogue };

/** Community screens' strings per language (merged as `community`). */
export const communityCatalogues: Record<Lang, CommunityCatalogue> = { de, en, zh_CN, zh_TW, es, fr, it };
