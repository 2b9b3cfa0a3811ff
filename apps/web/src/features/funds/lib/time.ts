import { dateLocale, type Lang } from '../../../lib/lang.ts';

export function formatDateTime(ms: number, lang: Lang): string {
  if (!Number.isFinite(ms)) return '--';
  return new Intl.DateTimeFormat(dateLocale(lang), { dateStyle: 'medium', timeStyle: 'short' }).format(ms);
}
