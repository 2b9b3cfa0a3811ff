import { useTranslation } from 'react-i18next';
import { formatDecimal, withUnit } from '../../../lib/format.ts';
import type { Lang } from '../../../lib/lang.ts';
import type { FieldError } from '../form.ts';

/**
 * The localised inline message of a form check, its numbers in the language's format. The keys are
 * looked up under `tradeErrors` (i18next's typed `keyPrefix`), so each `FieldError['key']` is
 * checked against the catalogue at compile time (ADR 097).
 */
export function useFieldErrorText(): (
  e: FieldError | undefined,
  lang: Lang,
  quote: string,
) => string | undefined {
  const { t } = useTranslation('translation', { keyPrefix: 'tradeErrors' });
  return (e, lang, quote) => {
    if (!e) return undefined;
    const f = (v: string | undefined) => (v === undefined ? '' : formatDecimal(v, lang));
    const v = e.values ?? {};
    // An order value is money: its figure and unit stay on one line ("5\u00A0USDC").
    const min = e.key === 'notionalMin' ? withUnit(f(v.min), quote) : f(v.min);
    return t(e.key, { tick: f(v.tick), step: f(v.step), min, max: f(v.max) });
  };
}
