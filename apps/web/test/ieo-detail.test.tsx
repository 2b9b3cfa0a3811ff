// The walk at 375 px (zh_CN, fr): the IEO's per-account limit read "10 – 100,000" with no coin under
// "1,000,000 SOL" issued and "50 USDC" a unit; a bare range leaves open whether it counts tokens or
// dollars. It is in the project's coin now, in the language's numbers.
// The fr walk: the list card said "1 000 000,00 SOL" and "50,00 USDC" where the detail said
// "1 000 000 SOL" and "50 USDC"; both show the exact figure with at least 2 decimals now (ADR 271).
// A project not yet open was "Pas commencé" on its chip under the heading "À venir": one word each.
import { LANGS, webCatalogues } from '@ex/i18n';
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { openScreen } from './helpers/screen.tsx';

const SOL = {
  id: '2',
  coin: 'SOL',
  name: 'SOL launch round',
  issue_amount: '1000000',
  unit_price: '50',
  price_range: '50 USDC',
  min_quantity: '10',
  max_quantity: '100000',
  subscribed: '0',
  progress: '0',
  start_at: Date.UTC(2026, 10, 26, 8, 24),
  end_at: Date.UTC(2026, 11, 10, 8, 24),
  listing_at: Date.UTC(2026, 11, 12, 8, 24),
  announcement_at: Date.UTC(2026, 10, 23, 8, 24),
  white_paper: '',
  expected_return: '',
  description: '',
  status: 'subscribing',
};

const BNB = {
  ...SOL,
  id: '1',
  coin: 'BNB',
  name: 'BNB Chain round',
  unit_price: '100',
  status: 'not_started',
};

vi.mock('../src/features/ieo/api/ieo.ts', () => ({
  useIeoProject: () => ({ data: SOL, isPending: false, isSuccess: true }),
  useIeoProjects: () => ({ data: [SOL, BNB], isPending: false, isSuccess: true }),
  useSubscribe: () => ({ mutateAsync: vi.fn(), isPending: false }),
}));

const { default: IEO } = await import('../src/features/ieo/routes/IEO.tsx');
const { formatPriceRange } = await import('../src/features/ieo/lib/price-range.ts');
const { default: NewB } = await import('../src/features/ieo/routes/NewB.tsx');

/** The figure beside a label of the detail's list or of a card. */
const figureBeside = (label: HTMLElement) => label.nextElementSibling?.textContent;

describe('/IEO?id= project detail', () => {
  afterEach(() => cleanup());

  it.each([
    ['zh_CN', '10.00 – 100,000.00\u00a0SOL'],
    ['fr', '10,00 – 100\u202f000,00\u00a0SOL'],
  ] as const)('%s: the per-account limit carries the coin', async (lang, limits) => {
    openScreen([{ path: '/IEO', Component: IEO }], '/IEO?id=2', { lang });
    const label = await screen.findByText(webCatalogues[lang].earn1.ieo.limits);
    expect(label.nextElementSibling?.textContent).toBe(limits);
  });

  it.each([
    ['en', '1,000,000.00\u00a0SOL', '50.00\u00a0USDC'],
    ['fr', '1\u202f000\u202f000,00\u00a0SOL', '50,00\u00a0USDC'],
  ] as const)('%s: issue amount and unit price read as on the list card', async (lang, issued, price) => {
    const { ieo } = webCatalogues[lang].earn1;
    openScreen([{ path: '/IEO', Component: IEO }], '/IEO?id=2', { lang });
    expect(figureBeside(await screen.findByText(ieo.issueAmount))).toBe(issued);
    expect(figureBeside(screen.getByText(ieo.unitPrice))).toBe(price);
    // The operator's price range ("50 USDC") in the same numbers (fr said "0.5 USDC" for XRP).
    expect(figureBeside(screen.getByText(ieo.priceRange))).toBe(price);
    cleanup();
    openScreen([{ path: '/IEO', Component: IEO }], '/IEO', { lang });
    const card = (await screen.findByText('SOL launch round')).closest('a') as HTMLElement;
    expect(figureBeside(within(card).getByText(ieo.issueAmount))).toBe(issued);
    expect(figureBeside(within(card).getByText(ieo.unitPrice))).toBe(price);
  });
});

describe('the price range, free text', () => {
  it('reads a figure or a range with a coin in the language, anything else as written', () => {
    expect(formatPriceRange('0.5 USDC', 'fr')).toBe('0,50\u00a0USDC');
    expect(formatPriceRange('0.4-0.6 USDC', 'fr')).toBe('0,40 – 0,60\u00a0USDC');
    expect(formatPriceRange('1200', 'de')).toBe('1.200,00');
    expect(formatPriceRange('about 0.5 USDC', 'fr')).toBe('about 0.5 USDC');
    expect(formatPriceRange('', 'fr')).toBe('--');
  });
});

describe('IEO states', () => {
  afterEach(() => cleanup());

  it('fr /NewB: the chip of a project not yet open says the heading\'s word, "À venir"', async () => {
    openScreen([{ path: '/NewB', Component: NewB }], '/NewB', { lang: 'fr' });
    const upcoming = await screen.findByRole('region', { name: 'À venir' });
    expect(within(upcoming).getByText('À venir', { selector: '.ieo-state' })).toBeTruthy();
    const current = screen.getByRole('region', { name: 'En souscription' });
    expect(within(current).getByText('En souscription', { selector: '.ieo-state' })).toBeTruthy();
  });

  it.each(LANGS)('%s: one word for a state on the chips and the /NewB headings', (lang) => {
    const { ieo } = webCatalogues[lang].earn1;
    expect(ieo.status.not_started).toBe(ieo.upcoming);
    expect(ieo.status.subscribing).toBe(ieo.current);
  });
});
