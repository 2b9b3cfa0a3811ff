// The fr walk (375 px): /DetailPage's book headed its columns with the Buy/Sell verbs ("Acheter",
// "Vendre") of the buttons under it; the headers and the lists' names are the book's sides now,
// nouns (detail.bookBids / detail.bookAsks: "Achat", "Vente").

import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { DepthTable } from '../src/features/detail/components/DepthTable.tsx';
import { openScreen } from './helpers/screen.tsx';

const MARKET = {
  symbol: 'BTC_USDC',
  base: 'BTC',
  quote: 'USDC',
  kind: 'spot',
  last: '97000',
  change_pct: '0',
  high: '97000',
  low: '97000',
  volume: '1',
  amount: '1',
  price_scale: 2,
  qty_scale: 4,
} as const;
const DEPTH = { bids: [['96950', '0.0309']], asks: [['97000', '0.0308']] } as never;

describe('/DetailPage order book headers', () => {
  afterEach(() => cleanup());

  it('fr heads the columns Achat / Vente and names the two lists so', async () => {
    openScreen([{ path: '/', Component: () => <DepthTable market={MARKET as never} depth={DEPTH} /> }], '/', {
      lang: 'fr',
    });
    expect(await screen.findByRole('list', { name: 'Achat' })).toBeTruthy();
    expect(screen.getByRole('list', { name: 'Vente' })).toBeTruthy();
    const head = document.querySelector('.dbook__head')?.textContent;
    expect(head).toBe('AchatPrix (USDC)Vente');
    expect(head).not.toMatch(/Acheter|Vendre/);
  });
});
