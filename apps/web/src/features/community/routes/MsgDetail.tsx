import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageShell } from '../../../components/PageShell.tsx';
import { useMessage } from '../api/community.ts';
import { Article } from '../components/Article.tsx';
import '../community.css';

/** /MsgDetail?id=: one of my messages; opening it marks it read. */
export default function MsgDetail() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const m = useMessage(id);
  return (
    <PageShell title={t('titles.msgDetail')} fallback="/Msg">
      <Article
        pending={id !== '' && m.isPending}
        item={
          m.data && { title: m.data.title, body: m.data.body, lang: m.data.lang, time: m.data.created_at }
        }
        notFound={t('community.msg.notFound')}
      />
    </PageShell>
  );
}
