import type { Lang } from '@ex/i18n';
import { useTranslation } from 'react-i18next';
import { useLang } from '../../../app/lang-context.tsx';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { formatDateTime } from '../../../lib/time.ts';

interface Props {
  pending: boolean;
  item: { title: string; body: string; lang: Lang; time: number } | undefined;
  notFound: string;
}

/** One notice, news item or message: title, absolute time, plain-text body with its paragraphs. */
export function Article({ pending, item, notFound }: Props) {
  const { t } = useTranslation();
  const { lang } = useLang();
  if (pending) return <div className="cm-skeleton" aria-busy="true" />;
  if (!item) return <EmptyState text={notFound} />;
  return (
    <article className="cm-article">
      <h2 className="cm-article__title">{item.title}</h2>
      <div className="cm-article__meta">
        <time dateTime={new Date(item.time).toISOString()}>{formatDateTime(item.time, lang)}</time>
        {item.lang !== lang && (
          <span className="cm-article__fallback">{t('community.content.fallback')}</span>
        )}
      </div>
      {/* Plain text from the operator: rendered as text (never HTML), paragraphs kept. */}
      <div className="cm-article__body">{item.body}</div>
    </article>
  );
}
