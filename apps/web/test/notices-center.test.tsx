// /Notices, the announcement centre: Home shows only the newest three notices and five news items,
// so an older announcement could not be found again. The screen lists them all, page by page, with
// the tab in the URL (?tab=news), a skeleton while loading, an empty state, a retry on failure and
// "load more".
import { webCatalogues } from '@ex/i18n';
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { openScreen } from './helpers/screen.tsx';

const de = webCatalogues.de;
const center = de.community.content.center;
const notices = vi.fn();
const news = vi.fn();
vi.mock('../src/lib/api.ts', () => ({
  api: { community: { notices: (q: unknown) => notices(q), news: (q: unknown) => news(q) } },
}));

const { default: Notices } = await import('../src/features/community/routes/Notices.tsx');

const HOUR_MS = 3_600_000;
function item(kind: 'notice' | 'news', n: number, agoMs = n * HOUR_MS) {
  return {
    id: String(n),
    kind,
    title: `${kind === 'notice' ? 'Ankündigung' : 'Meldung'} ${n}`,
    summary: `Zusammenfassung ${n}`,
    lang: 'de',
    published_at: Date.now() - agoMs,
  };
}
const page = (list: unknown[], total: number, p = 1, limit = 20) => ({ list, total, page: p, limit });

function open(path: string) {
  return openScreen(
    [
      { path: '/Notices', Component: Notices },
      { path: '/NoticeDetail', Component: () => <p>notice detail</p> },
      { path: '/NewsDetail', Component: () => <p>news detail</p> },
    ],
    path,
    { lang: 'de' },
  );
}

describe('/Notices title', () => {
  it('names the centre, not its first tab, in every language (de "Aktuelles" over "Ankündigungen")', () => {
    for (const [lang, c] of Object.entries(webCatalogues)) {
      expect(c.titles.notices, lang).not.toBe(c.community.content.notices);
      expect(c.titles.notices, lang).not.toBe(c.home.news);
    }
    expect(de.titles.notices).toBe('Aktuelles');
  });
});

describe('/Notices', () => {
  beforeEach(() => {
    notices.mockReset();
    news.mockReset();
  });
  afterEach(() => cleanup());

  it('shows skeleton rows while loading, then the notices newest first with their age, each opening its detail', async () => {
    let answer: (v: unknown) => void = () => {};
    notices.mockReturnValueOnce(new Promise((r) => (answer = r)));
    const router = open('/Notices');
    expect(screen.getByRole('heading', { name: de.titles.notices })).toBeTruthy();
    expect(screen.getByRole('status', { name: de.common.loading })).toBeTruthy();
    expect(notices).toHaveBeenCalledWith({ page: 1, limit: 20 });
    await act(async () => answer(page([item('notice', 1), item('notice', 2, 3 * 86_400_000)], 2)));
    const rows = await screen.findAllByRole('link');
    expect(rows.map((a) => a.getAttribute('href'))).toEqual(['/NoticeDetail?id=1', '/NoticeDetail?id=2']);
    expect(within(rows[0] as HTMLElement).getByText('vor 1 Std.')).toBeTruthy();
    expect(within(rows[1] as HTMLElement).getByText('vor 3 Tagen')).toBeTruthy();
    // Notices are titles only; the summary belongs to news rows.
    expect(screen.queryByText('Zusammenfassung 1')).toBeNull();
    // A list that fits one page says nothing about its end; the "that was all" line is for paging.
    expect(screen.queryByText(center.end)).toBeNull();
    expect(
      screen.getByRole('tab', { name: de.community.content.notices }).getAttribute('aria-selected'),
    ).toBe('true');
    fireEvent.click(rows[0] as HTMLElement);
    expect(await screen.findByText('notice detail')).toBeTruthy();
    expect(router.state.location.search).toBe('?id=1');
  });

  it('opens the tab the URL names and keeps the chosen tab in the URL', async () => {
    news.mockResolvedValue(page([item('news', 7)], 1));
    notices.mockResolvedValue(page([item('notice', 3)], 1));
    const router = open('/Notices?tab=news');
    expect(await screen.findByText('Meldung 7')).toBeTruthy();
    expect(screen.getByText('Zusammenfassung 7')).toBeTruthy();
    expect(screen.getByRole('tab', { name: de.home.news }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('link', { name: /Meldung 7/ }).getAttribute('href')).toBe('/NewsDetail?id=7');
    expect(notices).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole('tab', { name: de.community.content.notices }));
    expect(await screen.findByText('Ankündigung 3')).toBeTruthy();
    expect(router.state.location.search).toBe('');
    expect(screen.queryByText('Meldung 7')).toBeNull();

    fireEvent.click(screen.getByRole('tab', { name: de.home.news }));
    expect(await screen.findByText('Meldung 7')).toBeTruthy();
    expect(router.state.location.search).toBe('?tab=news');
  });

  it('says when nothing is published yet, per tab', async () => {
    news.mockResolvedValue(page([], 0));
    open('/Notices?tab=news');
    expect(await screen.findByText(center.emptyNews)).toBeTruthy();
    expect(screen.queryByText(center.end)).toBeNull();
  });

  it('shows a failed load with a retry instead of an empty list, and the notices after the retry', async () => {
    notices.mockRejectedValueOnce(new Error('offline'));
    open('/Notices');
    expect(await screen.findByText(center.failedNotices)).toBeTruthy();
    expect(screen.queryByText(center.emptyNotices)).toBeNull();
    notices.mockResolvedValueOnce(page([item('notice', 1)], 1));
    fireEvent.click(screen.getByRole('button', { name: de.common.retry }));
    expect(await screen.findByText('Ankündigung 1')).toBeTruthy();
  });

  it('loads the next page on "load more" until the server has no more, and retries a failed page', async () => {
    const first = Array.from({ length: 20 }, (_, i) => item('notice', i + 1));
    notices.mockResolvedValueOnce(page(first, 23));
    open('/Notices');
    expect(await screen.findByText('Ankündigung 20')).toBeTruthy();
    expect(screen.queryByText(center.end)).toBeNull();

    notices.mockRejectedValueOnce(new Error('offline'));
    fireEvent.click(screen.getByRole('button', { name: center.loadMore }));
    expect(await screen.findByRole('button', { name: de.common.retry })).toBeTruthy();
    expect(screen.getByText('Ankündigung 20')).toBeTruthy();

    notices.mockResolvedValueOnce(
      page(
        [21, 22, 23].map((n) => item('notice', n)),
        23,
        2,
      ),
    );
    fireEvent.click(screen.getByRole('button', { name: de.common.retry }));
    expect(await screen.findByText('Ankündigung 23')).toBeTruthy();
    expect(notices).toHaveBeenLastCalledWith({ page: 2, limit: 20 });
    expect(screen.getAllByRole('listitem')).toHaveLength(23);
    expect(screen.getByText(center.end)).toBeTruthy();
    expect(screen.queryByRole('button', { name: center.loadMore })).toBeNull();
  });
});
