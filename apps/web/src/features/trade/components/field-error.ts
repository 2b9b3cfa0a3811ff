import type { useTranslation } from 'react-i18next';
import { formatDecimal } from '../../../lib/format.ts';
import type { Lang } from '../../../lib/lang.ts';
import type { FieldError } from '../form.ts';

type T = ReturnType<typeof useTranslation>['t'];

/** The localised inline message of a form check, its numbers in the language's format. */
export function fieldErrorText(
  t: T,
  e: FieldError | undefined,
  lang: Lang,
  quote: string,
): string | undefined {
  if (!e) return undefined;
  const f = (v: string | undefined) => (v === undefined ? '' : formatDecimal(v, lang));
  const v = e.values ?? {};
  return t(`tradeErrors.${e.key}` as const, {
    quote,
    tick: f(v.tick),
    step: f(v.step),
    min: f(v.min),
    max: f(v.max),
  });
}
