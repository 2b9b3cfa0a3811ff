import type { WebCatalogue } from '@ex/i18n';
import type { useTranslation } from 'react-i18next';
import { formatDecimal } from '../../../lib/format.ts';
import type { Lang } from '../../../lib/lang.ts';
import type { FieldError } from '../form.ts';

type T = ReturnType<typeof useTranslation>['t'];

// `t` with a template-literal key over the whole typed catalogue exceeds TypeScript's instantiation
// depth (TS2589), so this one call goes through a plain signature; the key stays checked because
// `FormErrorKey` must be a key of the catalogue's `tradeErrors` (the assignment below fails to compile
// otherwise).
type PlainT = (key: string, options: Record<string, string>) => string;
const keyIsInCatalogue = (k: FieldError['key']): keyof WebCatalogue['tradeErrors'] => k;

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
  return (t as unknown as PlainT)(`tradeErrors.${keyIsInCatalogue(e.key)}`, {
    quote,
    tick: f(v.tick),
    step: f(v.step),
    min: f(v.min),
    max: f(v.max),
  });
}
