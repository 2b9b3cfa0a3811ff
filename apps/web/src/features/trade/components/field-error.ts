import type { TFunction } from 'i18next';
import { formatDecimal } from '../../../lib/format.ts';
import type { Lang } from '../../../lib/lang.ts';
import type { FieldError } from '../form.ts';

/** The localised inline message of a form check, its numbers in the language's format. */
export function fieldErrorText(
  t: TFunction,
  e: FieldError | undefined,
  lang: Lang,
  quote: string,
): string | undefined {
  if (!e) return undefined;
  const values: Record<string, string> = { quote };
  for (const [k, v] of Object.entries(e.values ?? {})) values[k] = formatDecimal(v, lang);
  return t(`tradeErrors.${e.key}`, values);
}
