import type { Lang } from '../langs.ts';
import { type CommunityCatalogue, communityCatalogues } from './community/index.ts';
import { de } from './de.ts';
import { type Earn1Catalogue, earn1Catalogues } from './earn1/index.ts';
import { type Earn2Catalogue, earn2Catalogues } from './earn2/index.ts';
import { en, type WebCatalogue as MainCatalogue } from './en.ts';
import { es } from './es.ts';
import { fr } from './fr.ts';
import { type FundsCatalogue, fundsCatalogues } from './funds/index.ts';
import { it } from './it.ts';
import { type KycCatalogue, kycCatalogues } from './kyc/index.ts';
import { type ReservesCatalogue, reservesCatalogues } from './reserves/index.ts';
import { type SecurityCatalogue, securityCatalogues } from './security/index.ts';
import { type WalletCatalogue, walletCatalogues } from './wallet/index.ts';
import { zh_CN } from './zh_CN.ts';
import { zh_TW } from './zh_TW.ts';

export type {
  CommunityCatalogue,
  Earn1Catalogue,
  Earn2Catalogue,
  FundsCatalogue,
  KycCatalogue,
  MainCatalogue,
  ReservesCatalogue,
  SecurityCatalogue,
  WalletCatalogue,
};

/**
 * Everything the user web app can say: the main catalogue (`./<lang>.ts`) plus feature namespaces
 * kept in their own folders (`./wallet/<lang>.ts` as `wallet.*`), so a feature's strings can be
 * edited without touching the shared files. Each part has `en` as its typed source.
 */
export type WebCatalogue = MainCatalogue & {
  wallet: WalletCatalogue;
  kyc: KycCatalogue;
  funds: FundsCatalogue;
  community: CommunityCatalogue;
  reserves: ReservesCatalogue;
  security: SecurityCatalogue;
};

const main: Record<Lang, MainCatalogue> = { de, en, zh_CN, zh_TW, es, fr, it };
/** All of a language's web strings: the `translation` namespace's catalogue plus `earn1` and `earn2`. */
export type WebCatalogueWithEarn1 = WebCatalogue & { earn1: Earn1Catalogue; earn2: Earn2Catalogue };

/**
 * The i18next namespaces of the web app (ADR 097), each with its own key type: `translation` (the
 * default), `earn1` (flash exchange, OTC, IEO) and `earn2` (AI savings, staking, dividend, vote).
 * One union of every key made `t()` with template-literal keys hit TS2589 (instantiation too deep);
 * per namespace each union stays small, so every key of every screen is checked.
 */
export type WebNamespaces = {
  translation: WebCatalogue;
  earn1: Earn1Catalogue;
  earn2: Earn2Catalogue;
};
const merged = (lang: Lang): WebCatalogueWithEarn1 => ({
  ...main[lang],
  wallet: walletCatalogues[lang],
  kyc: kycCatalogues[lang],
  funds: fundsCatalogues[lang],
  community: communityCatalogues[lang],
  reserves: reservesCatalogues[lang],
  security: securityCatalogues[lang],
  earn1: earn1Catalogues[lang],
  earn2: earn2Catalogues[lang],
});

/** UI strings of the user web app, one catalogue per language; `en` is the source of the keys. */
export const webCatalogues: Record<Lang, WebCatalogueWithEarn1> = {
  de: merged('de'),
  en: merged('en'),
  zh_CN: merged('zh_CN'),
  zh_TW: merged('zh_TW'),
  es: merged('es'),
  fr: merged('fr'),
  it: merged('it'),
};
