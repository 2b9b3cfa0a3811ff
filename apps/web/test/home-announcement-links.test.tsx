// Home's ways to the announcement centre: the notices bar's chevron opens /Notices, the news
// section's "More" opens /Notices?tab=news (Home shows only the newest few of each).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { webCatalogues } from '@ex/i18n';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { openScreen } from './helpers/screen.tsx';

const de = webCatalogues.de;
const notice = {
  id: '1',
  kind: 'notice',
  title: 'Wartung am Sonntag',
  summary: '',
  lang: 'de',
  published_at: 0,
};
const newsItem = { ...notice, id: '2', kind: 'news', title: 'BTC auf Rekordhoch', summary: 'Kurz' };
vi.mock('../src/lib/api.ts', () => ({
  api: {
    community: {
      notices: async () => ({ list: [notice], total: 1, page: 1, limit: 3 }),
      news: async () => ({ list: [newsItem], total: 1, page: 1, limit: 5 }),
      unreadCount: async () => ({ unread: 0 }),
    },
  },
}));
vi.mock('../src/lib/queries.ts', () => ({
  useCoins: () => ({ data: [], isPending: false, isError: false, refetch: async () => ({}) }),
}));
vi.mock('../src/features/community/components/CheckinCard.tsx', () => ({ CheckinCard: () => null }));
vi.mock('../src/features/home/components/Shortcuts.tsx', () => ({ Shortcuts: () => null }));
vi.mock('../src/features/home/components/HomePositions.tsx', () => ({ HomePositions: () => null }));

const { default: Home } = await import('../src/features/home/routes/Home.tsx');

function NoticesStub() {
  return <p>notices centre</p>;
}

describe('Home links to the announcement centre', () => {
  afterEach(() => cleanup());

  it("opens /Notices from the notices bar's chevron", async () => {
    const router = openScreen(
      [
        { path: '/', Component: Home },
        { path: '/Notices', Component: NoticesStub },
      ],
      '/',
      { lang: 'de' },
    );
    const chevron = await screen.findByRole('link', { name: de.community.content.center.all });
    expect(chevron.getAttribute('href')).toBe('/Notices');
    // A 44 px target (--touch) each way, not just the icon's 16 px.
    const css = readFileSync(join(import.meta.dirname, '../src/features/community/community.css'), 'utf8');
    const rule = css.match(/\.cm-notices__all \{([^}]*)\}/)?.[1] ?? '';
    expect(rule).toMatch(/width: var\(--touch\)/);
    expect(rule).toMatch(/min-height: var\(--touch\)/);
    fireEvent.click(chevron);
    expect(await screen.findByText('notices centre')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/Notices');
  });

  it("opens the news tab from the news section's More", async () => {
    const router = openScreen(
      [
        { path: '/', Component: Home },
        { path: '/Notices', Component: NoticesStub },
      ],
      '/',
      { lang: 'de' },
    );
    expect(await screen.findByText('BTC auf Rekordhoch')).toBeTruthy();
    const section = screen.getByRole('region', { name: de.home.news });
    const more = section.querySelector('.section__head a');
    expect(more?.textContent).toBe(de.common.more);
    expect(more?.getAttribute('href')).toBe('/Notices?tab=news');
    fireEvent.click(more as Element);
    expect(await screen.findByText('notices centre')).toBeTruthy();
    expect(router.state.location.search).toBe('?tab=news');
  });
});
