import type { Lang } from '../../langs.ts';
import { de } from './de.ts';
import { type Earn2Catalogue, en } from './en.ts';
import { es } from './es.ts';
import { fr } from './fr.ts';
import { it } from './it.ts';
import { zh_CN } from './zh_CN.ts';
import { zh_TW } from './zh_TW.ts';

export type { Earn2Catalogue };

/** AI savings, staking, dividend plan and voting screens' strings per language (merged as `earn2`). */
export const earn2Catalogues: Record<Lang, Earn2Catalogue> = { de, en, zh_CN, zh_TW, es, fr, it };
