import type { ContentKind } from '@ex/contract';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageShell } from '../../../components/PageShell.tsx';
import { useContentItem } from '../api/community.ts';
import { Article } from './Article.tsx';
import '../community.css';

/** /NoticeDetail?id= and /NewsDetail?id=. */
export function ContentDetailPage({ kind }: { kind: ContentKind }) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const q = useContentItem(kind, id);
  return (
    <PageShell title={t(kind === 'notice' ? 'titles.noticeDetail' : 'titles.newsDetail')}>
      <Article
        pending={id !== '' && q.isPending}
        item={
          q.data && { title: q.data.title, body: q.data.body, lang: q.data.lang, time: q.data.published_at }
        }
        notFound={t('community.content.notFound')}
      />
    </PageShell>
  );
}
