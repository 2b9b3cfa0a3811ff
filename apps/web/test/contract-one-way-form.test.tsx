// ADR 180/184: the one-way order form. A buy against a short first reduces it: the margin estimate
// and the funds check count only the part that opens. "Reduce only" sends close_short / close_long,
// never an opening action. The pure part (checkOneWay, contractAction) is checked on its own too.
import { webCatalogues } from '@ex/i18n';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LangProvider, useLang } from '../src/app/lang-context.tsx';
import { checkOneWay, contractAction } from '../src/features/trade/components/one-way.ts';
import type { PerpInput } from '../src/features/trade/form.ts';
import { BTC_PERP_COIN, btcPerpPosition } from './perp-coin.ts';

const COIN = { ...BTC_PERP_COIN, liquidation_fee_rate: '0.012500' };

const mutate = vi.fn();
const state = { mode: 'one_way' as 'one_way' | 'hedge' };
vi.mock('../src/features/trade/api/contract.ts', () => ({
  usePlaceContractOrder: () => ({ mutate, isPending: false }),
}));
vi.mock('../src/features/trade/api/position-mode.ts', () => ({
  usePositionMode: () => ({ data: { mode: state.mode, can_change: false } }),
}));
vi.mock('../src/features/trade/api/spot.ts', () => ({
  useBalances: () => ({
    data: { spot: [], contract: { coin: 'USDC', available: '9000', frozen: '0', free_collateral: '2000' } },
  }),
}));

const { ContractForm } = await import('../src/features/trade/components/ContractForm.tsx');

const SHORT = btcPerpPosition({
  side: 'short',
  size: '0.3',
  entry_price: '97000',
  mark_price: '97000',
  margin: '2910',
  notional: '29100',
  unrealized_pnl: '0',
  pnl_rate: '0',
  margin_rate: '0',
});

function WithI18n({ children }: { children: React.ReactNode }) {
  const { i18n } = useLang();
  return <I18nextProvider i18n={i18n}>{children}</I18nextProvider>;
}

function open(lang: 'en' | 'de' = 'en') {
  const Form = () => (
    <ContractForm
      market={COIN}
      depth={undefined}
      pickedPrice={null}
      leverage={10}
      mode="cross"
      mark="97000.00"
      positions={[SHORT]}
    />
  );
  const router = createMemoryRouter([{ path: '/ContractOpe', Component: Form }], {
    initialEntries: ['/ContractOpe?symbol=BTC_USDC_PERP'],
  });
  return render(
    <LangProvider initial={lang} catalogue={webCatalogues[lang]}>
      <WithI18n>
        <RouterProvider router={router} />
      </WithI18n>
    </LangProvider>,
  );
}

const en = webCatalogues.en.trade;
const setQuantity = (container: HTMLElement, v: string) =>
  fireEvent.change(container.querySelector('input[name="quantity"]')!, { target: { value: v } });
const margin = () => screen.getByText(en.estMargin).parentElement!.textContent!;
const sentBody = () => mutate.mock.calls.at(-1)![0].body as Record<string, unknown>;

describe('one-way order form', () => {
  afterEach(() => {
    cleanup();
    mutate.mockReset();
    window.localStorage.clear();
    state.mode = 'one_way';
  });

  it('a buy against a 0.3 BTC short: the margin counts only the 0.2 that opens, and it is sent as open_long', async () => {
    window.localStorage.setItem('token', 'x');
    const { container } = open();
    setQuantity(container, '0.5');
    // 0.2 x 97,000 / 10 = 1,940 (the whole 0.5 would need 4,850, more than the 2,000 available).
    expect(margin()).toContain('1,940.00');
    // "Available" is the engine's free collateral (ADR 221), not the ledger's 9,000.
    expect(screen.getByText('2,000.00 USDC')).toBeTruthy();
    // The market's clearance fee is told before a liquidation charges it (ADR 183).
    expect(screen.getByText(en.liqFee).parentElement!.textContent).toContain('1.25%');
    fireEvent.click(screen.getByRole('button', { name: en.buyLong }));
    const sheet = await screen.findByRole('dialog');
    // Each figure keeps its unit on its line: joined by a no-break space.
    expect(sheet.textContent).toContain(
      'Closes 0.300\u00a0BTC of your Short position first and opens 0.200\u00a0BTC',
    );
    // Not "open a long of 0.5": part of it closes the short.
    expect(sheet.textContent).toContain('Buy 0.500\u00a0BTC at 97,000.00\u00a0USDC with 10x leverage.');
    expect(sheet.textContent).not.toContain('Open a');
    fireEvent.click(within(sheet).getByRole('button', { name: en.buyLong }));
    expect(sentBody()).toMatchObject({ action: 'open_long', quantity: '0.5' });
  });

  it('reduce only: the buttons say so, no margin estimate or TP/SL, and Buy sends close_short', async () => {
    window.localStorage.setItem('token', 'x');
    const { container } = open();
    fireEvent.click(screen.getByText(en.reduceOnly));
    expect(screen.getByText(en.reduceOnlyHint)).toBeTruthy();
    expect(screen.queryByText(en.estMargin)).toBeNull();
    expect(screen.queryByText(en.tpsl)).toBeNull();
    setQuantity(container, '0.1');
    fireEvent.click(screen.getByRole('button', { name: en.buyReduce }));
    const sheet = await screen.findByRole('dialog');
    fireEvent.click(within(sheet).getByRole('button', { name: en.buyReduce }));
    expect(sentBody()).toMatchObject({ action: 'close_short', quantity: '0.1' });
    expect(sentBody().tp_price).toBeUndefined();
    // Sell, reduce only, closes a long.
    fireEvent.click(screen.getByRole('button', { name: en.sellReduce }));
    const again = await screen.findByRole('dialog');
    fireEvent.click(within(again).getByRole('button', { name: en.sellReduce }));
    expect(sentBody()).toMatchObject({ action: 'close_long' });
  });

  it('in German, and hedge mode has no reduce-only box (its Close tab does that)', async () => {
    window.localStorage.setItem('token', 'x');
    open('de');
    expect(screen.getByText(webCatalogues.de.trade.reduceOnly)).toBeTruthy();
    expect(screen.getByText(webCatalogues.de.trade.liqFee).parentElement!.textContent).toContain(
      '1,25\u00a0%',
    );
    cleanup();
    state.mode = 'hedge';
    open('en');
    expect(screen.queryByText(en.reduceOnly)).toBeNull();
  });
});

describe('checkOneWay and contractAction', () => {
  const input = (over: Partial<PerpInput> = {}): PerpInput => ({
    side: 'long',
    type: 'limit',
    price: '97000',
    quantity: '0.5',
    leverage: 10,
    mode: 'cross',
    available: '2000',
    marketPrice: undefined,
    tp: '',
    sl: '',
    ...over,
  });

  it('splits the quantity into the reduced and the opening part', () => {
    const c = checkOneWay(input(), COIN, '0.3');
    expect([c.reduce, c.open, c.margin]).toEqual(['0.3', '0.2', '1940.000000']);
    // The fee is the whole order's: 0.5 x 97,000 x 0.05 % = 24.25.
    expect(c.fee).toBe('24.250000');
    expect(c.errors.quantity).toBeUndefined();
    expect(c.liquidation).not.toBeNull();
  });

  it('no opposite position: as before, the whole quantity opens (and 4,850 is more than 2,000)', () => {
    const c = checkOneWay(input(), COIN, undefined);
    expect([c.reduce, c.open, c.margin]).toEqual(['0', '0.5', '4850.000000']);
    expect(c.errors.quantity?.key).toBe('insufficient');
  });

  it('an order that only reduces needs no margin, even with nothing available', () => {
    const c = checkOneWay(input({ quantity: '0.3', available: '0' }), COIN, '0.5');
    expect([c.reduce, c.open, c.margin, c.liquidation]).toEqual(['0.3', '0', '0', null]);
    expect(c.errors).toEqual({});
  });

  it('the opening part still has to be paid for', () => {
    const c = checkOneWay(input({ quantity: '0.6' }), COIN, '0.3');
    // 0.3 opens: 2,910 margin + 14.55 fee > 2,000.
    expect(c.errors.quantity?.key).toBe('insufficient');
    // a bad quantity is refused as it is, whatever it reduces
    expect(checkOneWay(input({ quantity: '0.0005' }), COIN, '0.3').errors.quantity?.key).toBe('qtyStep');
  });

  it('a buy closing sends close_short, a sell closing close_long', () => {
    expect(contractAction('long', false)).toBe('open_long');
    expect(contractAction('short', false)).toBe('open_short');
    expect(contractAction('long', true)).toBe('close_short');
    expect(contractAction('short', true)).toBe('close_long');
  });
});
