// The TP/SL sheet of a position: titled "Take profit / stop loss" in English (was "Profit/loss
// setting"), and its trigger choice has its own label over two tabs "Mark price" / "Last price"
// (the label was glued to the first tab: "Trigger by: Mark | Last").

import { webCatalogues } from '@ex/i18n';
import type { Coin, Position } from '@ex/sdk';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { testQueryClient, WithI18n } from '../../../../test/helpers/screen.tsx';
import { LangProvider } from '../../../app/lang-context.tsx';
import { TpslSheet } from './PositionSheets.tsx';

const market = {
  symbol: 'SOL_USDC_PERP',
  base: 'SOL',
  quote: 'USDC',
  price_scale: 3,
  qty_scale: 2,
  tick_size: '0.001',
  step_size: '0.01',
} as Coin;
const position = {
  id: 'p1',
  symbol: 'SOL_USDC_PERP',
  side: 'long',
  entry_price: '190.228',
  mark_price: '189.786',
  tp_price: '200.000',
  sl_price: '180.000',
  tpsl_by: 'mark',
} as unknown as Position;

describe('TpslSheet', () => {
  afterEach(() => cleanup());

  it('is titled "Take profit / stop loss" and labels its trigger tabs on their own', async () => {
    render(
      <QueryClientProvider client={testQueryClient()}>
        <LangProvider initial="en" catalogue={webCatalogues.en}>
          <WithI18n>
            <TpslSheet position={position} market={market} onClose={() => {}} />
          </WithI18n>
        </LangProvider>
      </QueryClientProvider>,
    );
    expect(await screen.findByRole('heading', { name: 'Take profit / stop loss' })).toBeTruthy();
    const tabs = screen.getByRole('tablist', { name: 'Trigger by' });
    const names = Array.from(tabs.querySelectorAll('[role=tab]')).map((b) => b.textContent);
    expect(names).toEqual(['Mark price', 'Last price']);
    expect(screen.queryByText(/Trigger by:/)).toBeNull();
    fireEvent.click(screen.getByRole('tab', { name: 'Last price' }));
    expect(screen.getByRole('tab', { name: 'Last price' }).getAttribute('aria-selected')).toBe('true');
  });
});
