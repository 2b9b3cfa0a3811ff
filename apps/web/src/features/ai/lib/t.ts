import type { Earn2Catalogue } from '@ex/i18n';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

type Leaves<T, P extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${P}${K}` : Leaves<T[K], `${P}${K}.`>;
}[keyof T & string];

/** Every key of the earn2 namespace, e.g. `ai.subscribe`. */
export type Earn2Key = Leaves<Earn2Catalogue>;

/**
 * The translator of the AI savings, staking, dividend and vote screens. `earn2` is merged into the
 * catalogue at run time but kept out of i18next's key type (TS2589 with a larger key union, see
 * packages/i18n/src/web/index.ts), so its keys are checked here against `Earn2Catalogue`.
 */
export function useT2(): (key: Earn2Key, values?: Record<string, string | number>) => string {
  const { t } = useTranslation();
  return useCallback((key, values) => String(t(`earn2.${key}` as never, values as never)), [t]);
}
