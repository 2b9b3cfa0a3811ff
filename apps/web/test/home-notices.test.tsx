// Home's notice strip cut a long title mid-word without an ellipsis (de: "USDC-TRC20-Einzahlungen
// und -Auszahlunge"): text-overflow does nothing on the flex link itself. The title now sits in a
// block of its own that carries the ellipsis.

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { webCatalogues } from '@ex/i18n';
import { cleanup, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LangProvider, useLang } from '../src/app/lang-context.tsx';

const list = [
  {
    id: '2',
    kind: 'notice',
    title: 'USDC-TRC20-Einzahlungen und -Auszahlungen',
    summary: '',
    lang: 'de',
    published_at: 1,
  },
  { id: '1', kind: 'notice', title: 'Willkommen an der Börse', summary: '', lang: 'de', published_at: 0 },
];
vi.mock('../src/features/community/api/community.ts', () => ({
  useContentList: () => ({ isPending: false, data: { list } }),
  useUnreadCount: () => ({ data: undefined }),
}));

const { HomeNotices } = await import('../src/features/community/components/HomeContent.tsx');

function WithI18n({ children }: { children: React.ReactNode }) {
  const { i18n } = useLang();
  return <I18nextProvider i18n={i18n}>{children}</I18nextProvider>;
}

describe('Home notices', () => {
  afterEach(() => cleanup());

  it('puts each title in its own ellipsis block inside the link to the notice', () => {
    const router = createMemoryRouter([{ path: '/', Component: HomeNotices }], { initialEntries: ['/'] });
    render(
      <LangProvider initial="de" catalogue={webCatalogues.de}>
        <WithI18n>
          <RouterProvider router={router} />
        </WithI18n>
      </LangProvider>,
    );
    const title = screen.getByText(list[0]?.title ?? '');
    expect(title.className).toBe('cm-notices__title');
    expect(title.closest('a')?.getAttribute('href')).toBe('/NoticeDetail?id=2');
    const css = readFileSync(join(import.meta.dirname, '../src/features/community/community.css'), 'utf8');
    const rule = css.match(/\.cm-notices__title \{([^}]*)\}/)?.[1] ?? '';
    expect(rule).toMatch(/text-overflow: ellipsis/);
    expect(rule).toMatch(/white-space: nowrap/);
    expect(rule).toMatch(/overflow: hidden/);
  });
});
