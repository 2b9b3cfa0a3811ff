import type { Lang } from '../langs.ts';
import { de } from './de.ts';
import { en, type WebCatalogue } from './en.ts';
import { es } from './es.ts';
import { fr } from './fr.ts';
import { it } from './it.ts';
import { zh_CN } from './zh_CN.ts';
import { zh_TW } from './zh_TW.ts';

export type { WebCatalogue };

/** UI strings of the user web app, one catalogue per language; `en` is the source of the keys. */
export const webCatalogues: Record<Lang, WebCatalogue> = { de, en, zh_CN, zh_TW, es, fr, it };
