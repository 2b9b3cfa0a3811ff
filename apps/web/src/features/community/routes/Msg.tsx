import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLang } from '../../../app/lang-context.tsx';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { PageShell } from '../../../components/PageShell.tsx';
import { PullRefresh } from '../../../components/PullRefresh.tsx';
import { formatAgo } from '../../../lib/time.ts';
import { useMessages, useReadAll } from '../api/community.ts';
import '../community.css';
import { showToast } from '../../../lib/toast.ts';

/** /Msg: my messages, newest first, unread ones with a dot; "mark all read" in the nav bar. */
export default function Msg() {
  const { t } = useTranslation();
  const { lang } = useLang();
  const messages = useMessages();
  const readAll = useReadAll();
  const list = messages.data?.list ?? [];
  const anyUnread = list.some((m) => !m.read);
  const now = Date.now();
  const readAllButton = (
    <button
      type="button"
      className="cm-navbtn"
      disabled={!anyUnread || readAll.isPending}
      onClick={() => readAll.mutate(undefined, { onSuccess: () => showToast(t('community.msg.markedRead')) })}
    >
      {t('community.msg.readAll')}
    </button>
  );
  return (
    <PageShell title={t('titles.msg')}>
      <PullRefresh onRefresh={() => messages.refetch()}>
        {messages.isPending ? (
          <div className="cm-skeleton" aria-busy="true" />
        ) : messages.isError && !messages.data ? (
          // A failed load is not an empty inbox: say so and offer the retry.
          <EmptyState
            text={t('community.msg.loadFailed')}
            action={
              <button type="button" className="btn-ghost" onClick={() => void messages.refetch()}>
                {t('common.retry')}
              </button>
            }
          />
        ) : list.length === 0 ? (
          <EmptyState text={t('community.msg.empty')} />
        ) : (
          <>
            <div className="cm-toolbar">
              <span className="muted num" data-testid="unread-count">
                {t('community.msg.unreadCount', { n: list.filter((m) => !m.read).length })}
              </span>
              {readAllButton}
            </div>
            <ul className="cm-list">
              {list.map((m) => (
                <li key={m.id}>
                  <Link className={`cm-row ${m.read ? '' : 'cm-row--unread'}`} to={`/MsgDetail?id=${m.id}`}>
                    <span className="cm-row__title">
                      {!m.read && (
                        <span
                          className="cm-dot cm-dot--inline"
                          role="img"
                          aria-label={t('community.msg.unread')}
                        />
                      )}
                      {m.title}
                    </span>
                    <span className="cm-row__summary">{m.summary}</span>
                    <time className="cm-row__time" dateTime={new Date(m.created_at).toISOString()}>
                      {formatAgo(m.created_at, lang, now)}
                    </time>
                  </Link>
                </li>
              ))}
            </ul>
          </>
        )}
      </PullRefresh>
    </PageShell>
  );
}
