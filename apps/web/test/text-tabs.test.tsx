// ADR 248: /Notices, the auth screens and the trade screens each drew their own text tabs
// (.cm-tabs__tab, .auth-tabs__tab, .text-tabs__tab) in three sizes and two underlines. They now
// render the one TextTabs component, styled once in styles/app.css.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { webCatalogues } from '@ex/i18n';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { openScreen } from './helpers/screen.tsx';

vi.mock('../src/lib/api.ts', () => ({
  api: {
    community: {
      notices: async () => ({ list: [], total: 0, page: 1, limit: 20 }),
      news: async () => ({ list: [], total: 0, page: 1, limit: 20 }),
    },
  },
}));

const { default: Notices } = await import('../src/features/community/routes/Notices.tsx');
const { AccountTypeTabs } = await import('../src/features/auth/components/AccountTypeTabs.tsx');
const { TextTabs } = await import('../src/components/TextTabs.tsx');

const de = webCatalogues.de;

function Auth() {
  const [type, setType] = useState<'email' | 'phone'>('email');
  return <AccountTypeTabs value={type} onChange={setType} />;
}

const tabClasses = () => screen.getAllByRole('tab').map((tab) => tab.className.trim());

describe('one text-tab row', () => {
  afterEach(() => cleanup());

  it('/Notices renders the shared tabs, each naming the panel it controls', async () => {
    openScreen([{ path: '/Notices', Component: Notices }], '/Notices', { lang: 'de' });
    const list = screen.getByRole('tablist', { name: de.titles.notices });
    expect(list.className).toBe('text-tabs cm-tabs');
    expect(tabClasses()).toEqual(['text-tabs__tab is-on', 'text-tabs__tab']);
    const panel = await screen.findByRole('tabpanel');
    const on = screen.getByRole('tab', { selected: true });
    expect(on.getAttribute('aria-controls')).toBe(panel.id);
    expect(panel.getAttribute('aria-labelledby')).toBe(on.id);
  });

  it('the auth switch renders the shared tabs with a named tab list', () => {
    openScreen([{ path: '/', Component: Auth }], '/', { lang: 'de' });
    expect(screen.getByRole('tablist', { name: de.auth.accountType }).className).toBe('text-tabs auth-tabs');
    expect(tabClasses()).toEqual(['text-tabs__tab is-on', 'text-tabs__tab']);
    fireEvent.click(screen.getByRole('tab', { name: de.auth.phone }));
    expect(screen.getByRole('tab', { name: de.auth.phone }).getAttribute('aria-selected')).toBe('true');
    expect(tabClasses()).toEqual(['text-tabs__tab', 'text-tabs__tab is-on']);
  });

  it('the dense rows (order form, chart intervals) are the same tabs in a smaller type', () => {
    openScreen(
      [
        {
          path: '/',
          Component: () => (
            <TextTabs
              dense
              label="Interval"
              value="1m"
              onChange={() => {}}
              options={[{ value: '1m', label: '1m' }]}
            />
          ),
        },
      ],
      '/',
    );
    expect(screen.getByRole('tablist', { name: 'Interval' }).className).toBe('text-tabs text-tabs--dense');
    // The label is kept for the bold-width reservation in CSS.
    expect(screen.getByRole('tab').getAttribute('data-label')).toBe('1m');
  });

  it('styles the tabs in one place: no feature CSS draws its own tab', () => {
    const root = join(import.meta.dirname, '../src');
    const css: { path: string; text: string }[] = [];
    const walk = (dir: string) => {
      for (const name of readdirSync(dir)) {
        const path = join(dir, name);
        if (statSync(path).isDirectory()) walk(path);
        else if (name.endsWith('.css'))
          css.push({ path: path.slice(root.length + 1), text: readFileSync(path, 'utf8') });
      }
    };
    walk(root);
    const all = css.map((f) => f.text).join('\n');
    expect(all).not.toMatch(/\.(cm|auth)-tabs__tab/);
    // The look (colour, underline, type) lives in app.css; a feature may only place the row.
    const looks = css.filter((f) =>
      /\.text-tabs__tab[^{]*\{[^}]*(color|border|font-size|font-weight|background)/.test(f.text),
    );
    expect(looks.map((f) => f.path)).toEqual(['styles/app.css']);
  });
});
