import type { ContentKind, ContentSummary } from '@ex/contract';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useLang } from '../../../app/lang-context.tsx';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { LoadFailed } from '../../../components/LoadFailed.tsx';
import { PageShell } from '../../../components/PageShell.tsx';
import { PullRefresh } from '../../../components/PullRefresh.tsx';
import { TextTabs } from '../../../components/TextTabs.tsx';
import { formatAgo } from '../../../lib/time.ts';
import { useContentPages } from '../api/community.ts';
import '../community.css';

type Tab = 'notices' | 'news';
const TABS: readonly Tab[] = ['notices', 'news'];
const KIND: Record<Tab, ContentKind> = { notices: 'notice', news: 'news' };
const DETAIL: Record<ContentKind, string> = { notice: '/NoticeDetail', news: '/NewsDetail' };
const tabId = (tab: Tab) => `cm-tab-${tab}`;
const PANEL_ID = 'cm-center-panel';

/**
 * /Notices (`?tab=news`): every published notice and news item, newest first, page by page, so an
 * announcement that has left Home's three (or news' five) rows can be found again. The tab lives in
 * the URL so a link, a reload and back from a detail land on the same tab; switching replaces the
 * entry (as /OrderHis and /My do), so the nav bar's back leaves the screen instead of toggling tabs.
 */
export default function Notices() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const tab: Tab = params.get('tab') === 'news' ? 'news' : 'notices';
  const label: Record<Tab, string> = { notices: t('community.content.notices'), news: t('home.news') };
  return (
    <PageShell title={t('titles.notices')}>
      <TextTabs<Tab>
        className="cm-tabs"
        label={t('titles.notices')}
        value={tab}
        onChange={(v) => setParams(v === 'notices' ? {} : { tab: v }, { replace: true })}
        options={TABS.map((v) => ({ value: v, label: label[v] }))}
        tabId={tabId}
        panelId={PANEL_ID}
      />
      {/* A fresh feed per tab: its own query, scroll sentinel and "load more" state. */}
      <ContentFeed key={tab} tab={tab} />
    </PageShell>
  );
}

function ContentFeed({ tab }: { tab: Tab }) {
  const { t } = useTranslation();
  const kind = KIND[tab];
  const q = useContentPages(kind);
  const items = q.data?.pages.flatMap((p) => p.list) ?? [];
  const now = Date.now();
  return (
    <PullRefresh onRefresh={() => q.refetch()}>
      <div role="tabpanel" id={PANEL_ID} aria-labelledby={tabId(tab)}>
        {q.isPending ? (
          <div role="status" aria-label={t('common.loading')}>
            {[0, 1, 2, 3, 4, 5].map((i) => (
              <div key={i} className="cm-row cm-row--skeleton" aria-hidden="true">
                <span className="sk sk--w40" />
                <span className="sk cm-sk--time" />
                {kind === 'news' && <span className="sk cm-sk--summary" />}
              </div>
            ))}
          </div>
        ) : q.isError && items.length === 0 ? (
          // A failed load is not "nothing published": say so and offer the retry.
          <LoadFailed
            text={t(
              tab === 'news'
                ? 'community.content.center.failedNews'
                : 'community.content.center.failedNotices',
            )}
            onRetry={() => void q.refetch()}
          />
        ) : items.length === 0 ? (
          <EmptyState
            kind="news"
            text={t(
              tab === 'news' ? 'community.content.center.emptyNews' : 'community.content.center.emptyNotices',
            )}
          />
        ) : (
          <>
            <ul className="cm-list">
              {items.map((item) => (
                <li key={item.id}>
                  <ContentRow item={item} now={now} />
                </li>
              ))}
            </ul>
            <MoreFooter
              hasMore={Boolean(q.hasNextPage)}
              paged={(q.data?.pages.length ?? 0) > 1}
              loading={q.isFetchingNextPage}
              failed={q.isFetchNextPageError}
              loadMore={() => void q.fetchNextPage({ cancelRefetch: false })}
            />
          </>
        )}
      </div>
    </PullRefresh>
  );
}

function ContentRow({ item, now }: { item: ContentSummary; now: number }) {
  const { lang } = useLang();
  return (
    <Link className="cm-row" to={`${DETAIL[item.kind]}?id=${item.id}`}>
      <span className="cm-row__title">{item.title}</span>
      {item.kind === 'news' && item.summary !== '' && <span className="cm-row__summary">{item.summary}</span>}
      <time className="cm-row__time" dateTime={new Date(item.published_at).toISOString()}>
        {formatAgo(item.published_at, lang, now)}
      </time>
    </Link>
  );
}

/**
 * The list's end: the next page loads by itself when this comes near the screen (infinite scroll),
 * and the button does the same for anyone who cannot or does not scroll (keyboard, screen reader, a
 * browser without IntersectionObserver); after a failed page it is the retry.
 */
function MoreFooter({
  hasMore,
  paged,
  loading,
  failed,
  loadMore,
}: {
  hasMore: boolean;
  /** More than one page was loaded: only then is "that was all" news (a short list shows it all). */
  paged: boolean;
  loading: boolean;
  failed: boolean;
  loadMore(): void;
}) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDivElement>(null);
  const live = useRef(loadMore);
  live.current = loadMore;
  const auto = hasMore && !loading && !failed;
  useEffect(() => {
    const el = ref.current;
    if (!auto || !el || typeof IntersectionObserver === 'undefined') return;
    const io = new IntersectionObserver(
      (entries) => entries.some((e) => e.isIntersecting) && live.current(),
      {
        rootMargin: '200px 0px',
      },
    );
    io.observe(el);
    return () => io.disconnect();
  }, [auto]);
  if (!hasMore && !paged) return null;
  if (!hasMore)
    return (
      <div className="cm-more">
        <span className="muted">{t('community.content.center.end')}</span>
      </div>
    );
  return (
    <div ref={ref} className="cm-more" aria-live="polite">
      {failed && <span className="muted">{t('common.loadFailed')}</span>}
      <button type="button" className="btn-ghost" disabled={loading} onClick={loadMore}>
        {loading
          ? t('community.content.center.loadingMore')
          : failed
            ? t('common.retry')
            : t('community.content.center.loadMore')}
      </button>
    </div>
  );
}
