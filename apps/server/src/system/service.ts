import type { AreaCodeItem, CountryItem } from '@ex/contract';
import type { Lang } from '@ex/i18n';
import { COUNTRIES } from './countries.ts';

const namesCache = new Map<Lang, Intl.DisplayNames>();

function regionNames(lang: Lang): Intl.DisplayNames {
  let names = namesCache.get(lang);
  if (!names) {
    names = new Intl.DisplayNames([lang.replace('_', '-')], { type: 'region', fallback: 'code' });
    namesCache.set(lang, names);
  }
  return names;
}

function collator(lang: Lang): Intl.Collator {
  return new Intl.Collator(lang.replace('_', '-'));
}

export function countries(lang: Lang): CountryItem[] {
  const names = regionNames(lang);
  const list = COUNTRIES.map(({ country }) => ({ code: country, name: names.of(country) ?? country }));
  const c = collator(lang);
  return list.sort((a, b) => c.compare(a.name, b.name));
}

export function areaCodes(lang: Lang): AreaCodeItem[] {
  const names = regionNames(lang);
  const list = COUNTRIES.map(({ country, dial }) => ({
    code: dial,
    country,
    name: names.of(country) ?? country,
  }));
  const c = collator(lang);
  return list.sort((a, b) => c.compare(a.name, b.name));
}
