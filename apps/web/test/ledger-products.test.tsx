// ADR 255: the money moves of the flash exchange, OTC, IEO, AI quant, staking and dividends are
// `system` (IEO: `ieo`) entries. The server names each one's product and step (`ref.kind ===
// 'product'`); the list and the entry detail read "Conversion", "OTC buy", "Staking interest", ...
// in every language instead of "System adjustment", and "Belongs to" leads to the product's history.
import { LEDGER_PRODUCT_STEPS, type LedgerProduct } from '@ex/contract';
import { LANGS, webCatalogues } from '@ex/i18n';
import type { LedgerEntry } from '@ex/sdk';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ledgerEntryKey } from '../src/features/wallet/lib/ledger.ts';
import { refLink } from '../src/features/wallet/lib/ledger-ref.ts';
import { ledgerApi, ledgerQueries, openEntry, openList, openStream } from './helpers/ledger-screen.tsx';

type ProductRef = Extract<NonNullable<LedgerEntry['ref']>, { kind: 'product' }>;

const move = (
  product: ProductRef['product'],
  step: ProductRef['step'],
  over: Partial<LedgerEntry> = {},
): LedgerEntry => ({
  id: `${over.ref_id ?? '40'}:1/spot/USDC`,
  account: 'spot',
  coin: 'USDC',
  type: product === 'ieo' ? 'ieo' : 'system',
  amount: '-100',
  balance_after: '900',
  ref_id: '40',
  ref: { kind: 'product', product, step, record_id: '7' },
  created_at: Date.now() - 60_000,
  ...over,
});

const ENTRIES: LedgerEntry[] = [
  move('flash', 'convert', { ref_id: '41', coin: 'BTC', amount: '0.002' }),
  move('flash', 'convert', { ref_id: '40' }),
  move('otc', 'buy', { ref_id: '42', coin: 'BTC', amount: '0.001' }),
  move('staking', 'interest', { ref_id: '43', amount: '2' }),
  move('ai', 'redeem', { ref_id: '44', amount: '100.5' }),
  // A system entry the server could not place keeps the type's name.
  { ...move('flash', 'convert', { ref_id: '45', amount: '1' }), ref: undefined },
];

vi.mock('../src/lib/api.ts', () => ledgerApi(ENTRIES));
vi.mock('../src/lib/queries.ts', () => ledgerQueries());
vi.mock('../src/features/stream/hooks.ts', () => openStream());

const PRODUCTS = Object.keys(LEDGER_PRODUCT_STEPS) as LedgerProduct[];
const steps = (p: LedgerProduct): readonly ProductRef['step'][] => LEDGER_PRODUCT_STEPS[p];

describe('product money moves in the ledger', () => {
  afterEach(() => cleanup());

  it('are named by product and step where the server named them, else by the type', () => {
    for (const p of PRODUCTS)
      for (const s of steps(p)) expect(ledgerEntryKey(move(p, s))).toBe(`wallet.products.${p}.${s}`);
    expect(ledgerEntryKey({ ...move('flash', 'convert'), ref: undefined })).toBe('wallet.types.system');
    // A step of another product, or a newer server's product, is not guessed at.
    const odd = (product: string, step: string) =>
      ledgerEntryKey({ type: 'system', ref_id: '1', ref: { kind: 'product', product, step } });
    expect(odd('flash', 'interest')).toBe('wallet.types.system');
    expect(odd('lottery', 'win')).toBe('wallet.types.system');
    expect(odd('__proto__', 'convert')).toBe('wallet.types.system');
    // Only a system or IEO entry is a product move; funding keeps its own name.
    expect(ledgerEntryKey({ ...move('otc', 'buy'), type: 'deposit' })).toBe('wallet.types.deposit');
    expect(ledgerEntryKey({ type: 'system', ref_id: 'funding:BTC_USDC_PERP:1' })).toBe(
      'wallet.types.funding',
    );
  });

  it('every language names each step apart from the others and from a system entry', () => {
    for (const lang of LANGS) {
      const w = webCatalogues[lang].wallet;
      for (const p of PRODUCTS) {
        expect(w.ledger.refs.product[p], `${lang} ${p}`).not.toBe('');
        const names = steps(p).map((s) => (w.products[p] as Record<string, string>)[s]);
        for (const n of names) {
          expect(n, `${lang} ${p}`).toBeTruthy();
          expect(n).not.toBe(w.types.system);
        }
        expect(new Set(names).size, `${lang} ${p}`).toBe(names.length);
      }
      if (lang !== 'en') expect(w.products).not.toEqual(webCatalogues.en.wallet.products);
    }
    const de = webCatalogues.de.wallet.products;
    expect([de.flash.convert, de.otc.buy, de.staking.interest, de.ai.redeem]).toEqual([
      'Umtausch',
      'OTC-Kauf',
      'Staking-Zinsen',
      'KI-Quant-Rücknahme',
    ]);
  });

  it('the spot records list them by product and step (de)', async () => {
    const de = webCatalogues.de.wallet;
    await openList('TradingOne', 'de');
    expect(await screen.findByText(de.products.otc.buy)).toBeTruthy();
    const titles = [...document.querySelectorAll('.w-row__title')].map((e) => e.textContent);
    expect(titles).toEqual([
      'Umtausch',
      'Umtausch',
      'OTC-Kauf',
      'Staking-Zinsen',
      'KI-Quant-Rücknahme',
      de.types.system,
    ]);
  });

  it('the detail names the step and links "Belongs to" to the product`s history', async () => {
    const router = await openEntry(move('staking', 'interest', { amount: '2' }), 'en');
    const link = await screen.findByRole('link', { name: 'Staking' });
    expect(link.getAttribute('href')).toBe('/DefnHis');
    // The head and the type row.
    expect(screen.getAllByText('Staking interest')).toHaveLength(2);
    expect(screen.queryByText('System adjustment')).toBeNull();
    const row = screen.getByText('Belongs to').closest('.w-kv__row') as HTMLElement;
    expect(row.textContent).toBe('Belongs toStaking');
    link.click();
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/DefnHis'));
  });

  it('each product leads to its own history screen', () => {
    const paths = PRODUCTS.map((p) =>
      refLink({ kind: 'product', product: p, step: steps(p)[0]!, record_id: '1' }, 'spot'),
    );
    expect(paths).toEqual(['/Transform', '/OTCHis', '/IEOHis', '/AIHis', '/DefnHis', '/RedPlan']);
    // A redeemed AI subscription is listed under /AIHis's settled tab.
    expect(refLink({ kind: 'product', product: 'ai', step: 'redeem', record_id: '1' }, 'spot')).toBe(
      '/AIHis?tab=settled',
    );
  });
});
