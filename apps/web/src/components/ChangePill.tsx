import { useLang } from '../app/lang-context.tsx';
import { formatChangePercent } from '../lib/format.ts';

/** 24h change as a coloured pill; the sign carries the meaning too (colour is never the only signal). */
export function ChangePill({ value, solid = true }: { value: string; solid?: boolean }) {
  const { lang } = useLang();
  const { text, tone } = formatChangePercent(value, lang);
  return <span className={`pill pill--${tone} ${solid ? 'pill--solid' : ''} num`}>{text}</span>;
}
