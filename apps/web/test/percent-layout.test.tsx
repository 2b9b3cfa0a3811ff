import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { webCatalogues } from '@ex/i18n';
import { cleanup, getDefaultNormalizer, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LangProvider, useLang } from '../src/app/lang-context.tsx';
import { PercentSlider } from '../src/features/trade/components/PercentSlider.tsx';
import { formatChangePercent, formatPercent } from '../src/lib/format.ts';
import { LANGS, type Lang } from '../src/lib/lang.ts';

// ADR 247: the trade slider wrote "25%" in every language while earn wrote "0,02 %" in Italian;
// both now go through lib/format's percent, and no screen writes its own " %".

const COINS = [
  { base: 'BTC', last: '67234.51', change_pct: '2.31' },
  { base: 'ETH', last: '3456.78', change_pct: '-0.32' },
].map(({ base, last, change_pct }) => ({
  symbol: `${base}_USDC`,
  base,
  quote: 'USDC',
  kind: 'spot',
  last,
  change_pct,
  high: last,
  low: last,
  volume: '1',
  amount: '1000',
  price_scale: 2,
  qty_scale: 4,
}));

vi.mock('../src/lib/queries.ts', () => ({
  useCoins: () => ({ data: COINS, isPending: false, isError: false, refetch: async () => ({}) }),
}));

const { default: Transaction } = await import('../src/features/market/routes/Transaction.tsx');

// Keep the no-break space: the default normalizer would turn "25\u00a0%" into "25 %".
const exact = getDefaultNormalizer({ trim: false, collapseWhitespace: false });

function WithI18n({ children }: { children: React.ReactNode }) {
  const { i18n } = useLang();
  return <I18nextProvider i18n={i18n}>{children}</I18nextProvider>;
}

function inLang(lang: Lang, ui: React.ReactNode) {
  render(
    <LangProvider initial={lang} catalogue={webCatalogues[lang]}>
      <WithI18n>{ui}</WithI18n>
    </LangProvider>,
  );
}

describe('one percent layout across the web app', () => {
  afterEach(() => {
    cleanup();
    window.localStorage.clear();
  });

  it('the trade slider labels its stops with the language percent (fr and de "25 %", it "25%")', () => {
    for (const lang of LANGS) {
      inLang(lang, <PercentSlider value={25} onChange={() => {}} tone="up" />);
      const labels = [...document.querySelectorAll('.pct__label')].map((n) => n.textContent);
      expect(labels, lang).toEqual([0, 25, 50, 75, 100].map((p) => formatPercent(p, lang)));
      // The accessible name carries the same text: "25 % des Verfügbaren", not "25 % %".
      const stop = document.querySelectorAll('.pct__stop')[1];
      expect(stop?.getAttribute('aria-label'), lang).toContain(formatPercent(25, lang));
      expect(stop?.getAttribute('aria-label'), lang).not.toMatch(/%.*%/);
      cleanup();
    }
    inLang('fr', <PercentSlider value={0} onChange={() => {}} tone="up" />);
    expect(screen.getAllByText('25\u00a0%', { normalizer: exact })).toHaveLength(1);
  });

  it('the markets list writes the change with the same formatter (it "−0,32%", de "−0,32 %")', async () => {
    for (const lang of ['it', 'de', 'fr'] as const) {
      const router = createMemoryRouter([{ path: '/Transaction', Component: Transaction }], {
        initialEntries: ['/Transaction?tab=spot'],
      });
      inLang(lang, <RouterProvider router={router} />);
      const pill = (v: string) => formatChangePercent(v, lang).text;
      expect(await screen.findByText(pill('-0.32'), { normalizer: exact }), lang).toBeTruthy();
      expect(screen.getByText(pill('2.31'), { normalizer: exact }), lang).toBeTruthy();
      cleanup();
    }
    expect(formatChangePercent('-0.32', 'it').text).toBe('\u22120,32%');
    expect(formatChangePercent('-0.32', 'de').text).toBe('\u22120,32\u00a0%');
  });

  it('no screen writes a percent sign after a number by hand', () => {
    const root = join(import.meta.dirname, '../src');
    const files: string[] = [];
    const walk = (dir: string) => {
      for (const name of readdirSync(dir)) {
        const path = join(dir, name);
        if (statSync(path).isDirectory()) walk(path);
        else if (/\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name)) files.push(path);
      }
    };
    walk(root);
    // `${x} %`, `${x}\u00a0%`, `{x}&nbsp;%`, `{x}%</span>`, `'\u00a0%'`; CSS widths (`${w}%` in a
    // style) are not text and are skipped.
    const handWritten = /(\$\{[^}]*\}|\})(\\u00a0|&nbsp;| )?%(?!\))|'\\u00a0%'/;
    const found = files.flatMap((path) =>
      readFileSync(path, 'utf8')
        .split('\n')
        .map((line, i) => ({ path, line: i + 1, text: line }))
        .filter(({ text }) => handWritten.test(text) && !/width|height|translate/.test(text))
        .map(({ path: p, line }) => `${p.slice(root.length + 1)}:${line}`),
    );
    expect(found).toEqual([]);
  });
});
