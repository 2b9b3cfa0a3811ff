// The TP/SL sheet of a position: titled "Take profit / stop loss" in English (was "Profit/loss
// setting"), and its trigger choice has its own label over two tabs "Mark price" / "Last price"
// (the label was glued to the first tab: "Trigger by: Mark | Last").

import { webCatalogues } from '@ex/i18n';
import { type Coin, type Position, ValidationError } from '@ex/sdk';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { testQueryClient, WithI18n } from '../../../../test/helpers/screen.tsx';
import { LangProvider } from '../../../app/lang-context.tsx';
import { streamKeys } from '../../stream/hooks.ts';

// What Save sends (ADR 267: only the fields the user changed, an emptied one as null).
const setTpsl = vi.fn(async (_id: string, _body: unknown) => ({}));
vi.mock('../../../lib/api.ts', () => ({
  api: { contract: { setTpsl: (id: string, body: unknown) => setTpsl(id, body) } },
}));
const { TpslSheet } = await import('./PositionSheets.tsx');

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
  afterEach(() => {
    cleanup();
    setTpsl.mockClear();
  });

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

  const sheet = (p: Position, qc: QueryClient) => (
    <QueryClientProvider client={qc}>
      <LangProvider initial="en" catalogue={webCatalogues.en}>
        <WithI18n>
          <TpslSheet position={p} market={market} onClose={() => {}} />
        </WithI18n>
      </LangProvider>
    </QueryClientProvider>
  );
  const field = (name: string) => document.querySelector(`input[name=${name}]`) as HTMLInputElement;

  it('a TP/SL set a moment ago fills the fields the user has not touched as the position arrives', async () => {
    // Opened from a list older than the TP/SL just set: both fields read None.
    const stale = { ...position, tp_price: null, sl_price: null } as unknown as Position;
    const qc = testQueryClient();
    const view = render(sheet(stale, qc));
    await screen.findByRole('heading', { name: 'Take profit / stop loss' });
    await waitFor(() => expect(field('sl_price').value).toBe(''));
    // The user types a take profit; then the list catches up with the position's own TP and SL.
    fireEvent.change(field('tp_price'), { target: { value: '210' } });
    view.rerender(sheet(position, qc));
    // Saving now keeps the stop loss (a blank one would have cleared it) and the typed take profit.
    await waitFor(() => expect(field('sl_price').value).toBe('180.000'));
    expect(field('tp_price').value).toBe('210');
  });

  it('Save waits while the positions are being read afresh', async () => {
    const qc = testQueryClient();
    let answer: (v: Position[]) => void = () => {};
    const read = qc.fetchQuery({
      queryKey: streamKeys.positions,
      queryFn: () => new Promise<Position[]>((r) => (answer = r)),
    });
    render(sheet(position, qc));
    await screen.findByRole('heading', { name: 'Take profit / stop loss' });
    // While loading, antd's button shows a spinner instead of its text: found by its colour.
    const save = () => document.querySelector('button.adm-button-primary') as HTMLButtonElement;
    await waitFor(() => expect(save().disabled).toBe(true));
    await act(async () => {
      answer([position]);
      await read;
    });
    await waitFor(() => expect(save().disabled).toBe(false));
  });

  const saveButton = () => document.querySelector('button.adm-button-primary') as HTMLButtonElement;

  it('sends only the take profit the user changed, so a stop it never showed stays (ADR 267)', async () => {
    // Opened from a list older than the stop loss just set: the stop field reads None.
    const stale = { ...position, tp_price: null, sl_price: null } as unknown as Position;
    render(sheet(stale, testQueryClient()));
    await screen.findByRole('heading', { name: 'Take profit / stop loss' });
    fireEvent.change(field('tp_price'), { target: { value: '210' } });
    await waitFor(() => expect(saveButton().disabled).toBe(false));
    fireEvent.click(saveButton());
    await waitFor(() => expect(setTpsl).toHaveBeenCalledTimes(1));
    expect(setTpsl.mock.calls[0]).toEqual(['p1', { tp_price: '210' }]);
  });

  it('an emptied stop loss is sent as null (cleared); the untouched take profit is left out', async () => {
    render(sheet(position, testQueryClient()));
    await screen.findByRole('heading', { name: 'Take profit / stop loss' });
    await waitFor(() => expect(field('sl_price').value).toBe('180.000'));
    fireEvent.change(field('sl_price'), { target: { value: '' } });
    fireEvent.click(screen.getByRole('tab', { name: 'Last price' }));
    await waitFor(() => expect(saveButton().disabled).toBe(false));
    fireEvent.click(saveButton());
    await waitFor(() => expect(setTpsl).toHaveBeenCalledTimes(1));
    expect(setTpsl.mock.calls[0]).toEqual(['p1', { sl_price: null, trigger_by: 'last' }]);
  });

  it("the server's refusal marks the take profit field invalid and describes it with the error", async () => {
    setTpsl.mockRejectedValueOnce(
      new ValidationError({
        message: 'invalid',
        status: 422,
        errors: { tp_price: ['Take profit must be above the entry price'] },
      }),
    );
    render(sheet(position, testQueryClient()));
    await screen.findByRole('heading', { name: 'Take profit / stop loss' });
    fireEvent.change(field('tp_price'), { target: { value: '150' } });
    // Not invalid before anything was refused: no aria-invalid at all, no description.
    expect(field('tp_price').hasAttribute('aria-invalid')).toBe(false);
    await waitFor(() => expect(saveButton().disabled).toBe(false));
    fireEvent.click(saveButton());
    // The attributes sit on the <input> a screen reader reads, not on a wrapper.
    const tp = await screen.findByRole('textbox', { name: /Take profit/, description: /must be above/ });
    expect(tp).toBe(field('tp_price'));
    expect(tp.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(tp.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'Take profit must be above the entry price',
    );
    // The stop loss, which the server did not refuse, stays valid.
    expect(field('sl_price').hasAttribute('aria-invalid')).toBe(false);
    expect(field('sl_price').hasAttribute('aria-describedby')).toBe(false);
    // Typing a new price takes the error away again.
    fireEvent.change(field('tp_price'), { target: { value: '210' } });
    await waitFor(() => expect(field('tp_price').hasAttribute('aria-invalid')).toBe(false));
  });

  it('a partial TP/SL sends the prices shown with the quantity', async () => {
    render(sheet(position, testQueryClient()));
    await screen.findByRole('heading', { name: 'Take profit / stop loss' });
    await waitFor(() => expect(field('tp_price').value).toBe('200.000'));
    fireEvent.change(field('quantity'), { target: { value: '1.5' } });
    await waitFor(() => expect(saveButton().disabled).toBe(false));
    fireEvent.click(saveButton());
    await waitFor(() => expect(setTpsl).toHaveBeenCalledTimes(1));
    expect(setTpsl.mock.calls[0]).toEqual([
      'p1',
      { tp_price: '200', sl_price: '180', trigger_by: 'mark', quantity: '1.5' },
    ]);
  });
});
