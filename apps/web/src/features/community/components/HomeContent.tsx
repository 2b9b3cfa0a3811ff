import type { ContentKind } from '@ex/contract';
import { RightOutline, SoundOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLang } from '../../../app/lang-context.tsx';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { formatAgo } from '../../../lib/time.ts';
import { useContentList, useUnreadCount } from '../api/community.ts';
import '../community.css';

const DETAIL: Record<ContentKind, string> = { notice: '/NoticeDetail', news: '/NewsDetail' };

/** The newest announcements as one-line rows under the shortcuts. */
export function HomeNotices() {
  const { t } = useTranslation();
  const notices = useContentList('notice', 3);
  if (notices.isPending) return <div className="cm-notices cm-notices--loading" aria-busy="true" />;
  const list = notices.data?.list ?? [];
  if (list.length === 0) return null;
  return (
    <section className="cm-notices" aria-label={t('community.content.notices')}>
      <SoundOutline className="cm-notices__icon" aria-hidden />
      <ul>
        {list.map((n) => (
          <li key={n.id}>
            {/* The ellipsis needs a block box: on the flex link itself a long title was cut mid-word. */}
            <Link to={`${DETAIL.notice}?id=${n.id}`}>
              <span className="cm-notices__title">{n.title}</span>
            </Link>
          </li>
        ))}
      </ul>
      {/* Older notices live on /Notices; the chevron is the way there, a full touch target. */}
      <Link to="/Notices" className="cm-notices__all" aria-label={t('community.content.center.all')}>
        <RightOutline aria-hidden />
      </Link>
    </section>
  );
}

/** Home's news section body: title, summary and age per item. */
export function HomeNews() {
  const { t } = useTranslation();
  const { lang } = useLang();
  const news = useContentList('news', 5);
  if (news.isPending) return <div className="cm-skeleton" aria-busy="true" />;
  const list = news.data?.list ?? [];
  if (list.length === 0) return <EmptyState compact kind="news" text={t('home.newsEmpty')} />;
  const now = Date.now();
  return (
    <ul className="cm-list">
      {list.map((n) => (
        <li key={n.id}>
          <Link className="cm-row" to={`${DETAIL.news}?id=${n.id}`}>
            <span className="cm-row__title">{n.title}</span>
            <span className="cm-row__summary">{n.summary}</span>
            <time className="cm-row__time" dateTime={new Date(n.published_at).toISOString()}>
              {formatAgo(n.published_at, lang, now)}
            </time>
          </Link>
        </li>
      ))}
    </ul>
  );
}

/** The red dot on Home's bell while messages are unread. */
export function UnreadDot() {
  const { t } = useTranslation();
  const unread = useUnreadCount();
  const n = unread.data?.unread ?? 0;
  if (n === 0) return null;
  return (
    <span
      className="cm-dot"
      role="status"
      aria-label={t('community.msg.unreadCount', { n })}
      data-testid="unread-dot"
    />
  );
}
