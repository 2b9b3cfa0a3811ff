import type { Earn1Catalogue } from '@ex/i18n';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

type Leaves<T, P extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${P}${K}` : Leaves<T[K], `${P}${K}.`>;
}[keyof T & string];

/** Every key of the earn1 namespace, e.g. `exchange.pay`. */
export type Earn1Key = Leaves<Earn1Catalogue>;

/**
 * The translator of the flash exchange, OTC and IEO screens. `earn1` is merged into the catalogue
 * at run time but kept out of i18next's key type (packages/i18n/src/web/index.ts), so the keys are
 * checked here against `Earn1Catalogue`.
 */
export function useT1(): (key: Earn1Key, values?: Record<string, string | number>) => string {
  const { t } = useTranslation();
  return useCallback((key, values) => String(t(`earn1.${key}` as never, values as never)), [t]);
}
