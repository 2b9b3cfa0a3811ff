import type { Lang } from '../../langs.ts';
import { de } from './de.ts';
import { type Earn1Catalogue, en } from './en.ts';
import { es } from './es.ts';
import { fr } from './fr.ts';
import { it } from './it.ts';
import { zh_CN } from './zh_CN.ts';
import { zh_TW } from './zh_TW.ts';

export type { Earn1Catalogue };

/** Flash exchange, OTC and IEO screens' strings per language (merged as `earn1`). */
export const earn1Catalogues: Record<Lang, Earn1Catalogue> = { de, en, zh_CN, zh_TW, es, fr, it };
