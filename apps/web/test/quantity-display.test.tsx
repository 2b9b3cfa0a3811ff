// Quantities on the trade screens show at the market's step (DESIGN.md Numbers). BTC_USDC keeps five
// places in the engine (qty_scale 5) but trades in steps of 0.0001: the confirmation, the order
// cards and the position card said "0.01000 BTC" while the book said 4 decimals. Now 0.0100, a value
// finer than the step (a buy for a quote amount) keeps its digits, and the confirmation reads as a
// person would write it ("Buy 0.0100 BTC at 89,000.00 USDC."). What is sent is the typed quantity.
// Each figure and its unit are joined by a no-break space (written \u00a0 below): at 375 px a line
// broke between them ("96.938,76 / USDC", "0,89 / USDC Gebühr").
import { type Lang, webCatalogues } from '@ex/i18n';
import type { Coin, SpotOrder } from '@ex/sdk';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { openScreen } from './helpers/screen.tsx';
import { btcPerpPosition } from './perp-coin.ts';

const BTC_SPOT: Coin = {
  symbol: 'BTC_USDC',
  base: 'BTC',
  quote: 'USDC',
  kind: 'spot',
  last: '89000.00',
  change_pct: '0.00',
  high: '89000.00',
  low: '89000.00',
  volume: '1',
  amount: '1',
  price_scale: 2,
  qty_scale: 5,
  tick_size: '0.01',
  step_size: '0.0001',
  min_qty: '0.0001',
  max_qty: '100',
  min_notional: '5',
  maker_fee_rate: '0.001000',
  taker_fee_rate: '0.001000',
};
const BTC_PERP: Coin = { ...BTC_SPOT, symbol: 'BTC_USDC_PERP', kind: 'perp' };

const order = (over: Partial<SpotOrder>): SpotOrder => ({
  id: '1',
  symbol: 'BTC_USDC',
  side: 'buy',
  type: 'limit',
  price: '89000.00',
  quantity: '0.01000',
  quote_amount: null,
  filled: '0.00500',
  filled_value: '445.000000',
  avg_price: '89000.00',
  status: 'partially_filled',
  client_order_id: null,
  created_at: 1_764_000_000_000,
  updated_at: 1_764_000_000_000,
  ...over,
});
const HISTORY = [
  order({}),
  // A market buy for 1,100 USDC: the engine bought 0.01234 BTC, finer than the step.
  order({
    id: '2',
    type: 'market',
    price: null,
    quantity: '0.01234',
    quote_amount: '1100.000000',
    filled: '0.01234',
    filled_value: '1098.260000',
    status: 'filled',
  }),
];

const LONG = btcPerpPosition({
  size: '0.01000',
  entry_price: '89000.00',
  mark_price: '89000.00',
  margin: '89.00',
  notional: '890.00',
  unrealized_pnl: '0',
  pnl_rate: '0',
  margin_rate: '0',
});

const mutate = vi.fn();
const idle = { mutate: vi.fn(), mutateAsync: vi.fn(), isPending: false };
const pages = (list: unknown[]) => ({
  data: { pages: [{ list, total: list.length }] },
  isPending: false,
  hasNextPage: false,
  refetch: vi.fn(),
  fetchNextPage: vi.fn(),
});
vi.mock('../src/features/trade/api/spot.ts', () => ({
  useBalances: () => ({
    data: {
      spot: [
        { coin: 'USDC', available: '10000.000000', frozen: '0' },
        { coin: 'BTC', available: '0.50000000', frozen: '0' },
      ],
      contract: { coin: 'USDC', available: '1000', frozen: '0', free_collateral: '1000' },
    },
  }),
  usePlaceSpotOrder: () => ({ mutate, isPending: false }),
  useSpotHistory: () => pages(HISTORY),
}));
vi.mock('../src/features/trade/api/contract.ts', () => ({
  useContractHistory: () => pages([]),
  useOpenContractOrders: () => ({ data: { list: [], total: 0 } }),
  useCancelContractOrder: () => idle,
  useAmendContractOrder: () => idle,
  useCancelAllContract: () => idle,
  useAdjustMargin: () => idle,
  useSetTpsl: () => idle,
  useClosePosition: () => idle,
  usePlaceContractOrder: () => ({ mutate, isPending: false }),
}));
vi.mock('../src/features/trade/api/position-mode.ts', () => ({
  usePositionMode: () => ({ data: { mode: 'hedge', can_change: true } }),
}));
vi.mock('../src/lib/queries.ts', () => ({ useCoins: () => ({ data: [BTC_SPOT, BTC_PERP] }) }));

const { SpotForm } = await import('../src/features/trade/components/SpotForm.tsx');
const { OrderHistory } = await import('../src/features/orders/components/OrderHistory.tsx');
const { PositionsPanel } = await import('../src/features/trade/components/PositionsPanel.tsx');
const { ContractForm } = await import('../src/features/trade/components/ContractForm.tsx');

const Form = () => <SpotForm market={BTC_SPOT} depth={undefined} pickedPrice={null} />;
const History = () => <OrderHistory kind="spot" symbol="" onSymbol={() => {}} />;
const Perp = () => (
  <ContractForm
    market={BTC_PERP}
    depth={undefined}
    pickedPrice={null}
    leverage={10}
    mode="cross"
    mark="89000.00"
    positions={[]}
  />
);
const Positions = () => <PositionsPanel coins={[BTC_PERP]} positions={[LONG]} />;

async function confirmBuy(lang: Lang, quantity: string) {
  const tr = webCatalogues[lang].trade;
  openScreen([{ path: '/SpotOpe', Component: Form }], '/SpotOpe?symbol=BTC_USDC', { lang });
  fireEvent.change(document.querySelector('input[name="quantity"]')!, { target: { value: quantity } });
  fireEvent.click(screen.getByRole('button', { name: tr.buyBase.replace('{{base}}', 'BTC') }));
  return screen.findByRole('dialog', { name: tr.confirmTitle });
}

describe('quantities at the step of the market', () => {
  beforeEach(() => window.localStorage.setItem('token', 'x'));
  afterEach(() => {
    cleanup();
    window.localStorage.clear();
    mutate.mockReset();
  });

  it('the spot confirmation says "Buy 0.0100 BTC at 89,000.00 USDC." and sends the typed 0.01', async () => {
    const sheet = await confirmBuy('en', '0.01');
    const text = sheet.textContent ?? '';
    expect(text).toContain('Buy 0.0100\u00a0BTC at 89,000.00\u00a0USDC.');
    expect(text).toContain(`${webCatalogues.en.trade.quantity}0.0100\u00a0BTC`);
    expect(text).not.toContain('0.01000');
    expect(text).not.toContain('You ');
    fireEvent.click(within(sheet).getByRole('button', { name: 'Buy BTC' }));
    expect(mutate.mock.calls.at(-1)![0].body).toMatchObject({ quantity: '0.01', price: '89000' });
  });

  it('in German the same order reads "0,0100 BTC zu 89.000,00 USDC kaufen."', async () => {
    const sheet = await confirmBuy('de', '0.01');
    expect(sheet.textContent).toContain('0,0100\u00a0BTC zu 89.000,00\u00a0USDC kaufen.');
    expect(sheet.textContent).not.toContain('0,01000');
  });

  it('a market order names the market price; a quantity finer than the step is not rounded', async () => {
    const tr = webCatalogues.en.trade;
    openScreen([{ path: '/SpotOpe', Component: Form }], '/SpotOpe?symbol=BTC_USDC');
    fireEvent.click(screen.getByRole('tab', { name: tr.market }));
    fireEvent.change(document.querySelector('input[name="quantity"]')!, { target: { value: '0.1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Buy BTC' }));
    const sheet = await screen.findByRole('dialog', { name: tr.confirmTitle });
    expect(sheet.textContent).toContain(
      'Buy 0.1000\u00a0BTC at the market price (now about 89,000.00\u00a0USDC).',
    );
  });

  it('the perpetual confirmation: "Open a 10x long position of 0.0100 BTC at 89,000.00 USDC."', async () => {
    const tr = webCatalogues.en.trade;
    openScreen([{ path: '/ContractOpe', Component: Perp }], '/ContractOpe?symbol=BTC_USDC_PERP');
    fireEvent.change(document.querySelector('input[name="quantity"]')!, { target: { value: '0.01' } });
    fireEvent.click(screen.getByRole('button', { name: tr.openLong }));
    const sheet = await screen.findByRole('dialog', { name: tr.confirmTitle });
    expect(sheet.textContent).toContain(
      'Open a 10x long position of 0.0100\u00a0BTC at 89,000.00\u00a0USDC.',
    );
    expect(sheet.textContent).toContain(`${tr.quantity}0.0100\u00a0BTC`);
    expect(sheet.textContent).not.toContain('0.01000');
  });

  it('the order history card shows filled / quantity at the step, a quote-amount buy in full', () => {
    openScreen([{ path: '/SpotOrder', Component: History }], '/SpotOrder');
    const cards = document.querySelectorAll('.order-card');
    expect(cards).toHaveLength(2);
    expect(cards[0]!.textContent).toContain('0.0050 / 0.0100');
    expect(cards[1]!.textContent).toContain('0.01234 / 0.01234');
    expect(document.body.textContent).not.toContain('0.00500');
  });

  it('the history card in German: 0,0050 / 0,0100', () => {
    openScreen([{ path: '/SpotOrder', Component: History }], '/SpotOrder', { lang: 'de' });
    expect(document.querySelector('.order-card')!.textContent).toContain('0,0050 / 0,0100');
  });

  it('the position card and its close question show the size at the step', async () => {
    const tr = webCatalogues.en.trade;
    openScreen([{ path: '/ContractOpe', Component: Positions }], '/ContractOpe');
    const card = document.querySelector('.order-card')!;
    expect(card.textContent).toContain(`${tr.size} (BTC)0.0100`);
    fireEvent.click(within(card as HTMLElement).getByRole('button', { name: tr.closePosition }));
    expect((await screen.findByRole('dialog')).textContent).toContain(
      'Close the long position of 0.0100\u00a0BTC at the market price?',
    );
  });

  // Every "<figure> <unit>" of the confirmation: the sentences, the cost and fee, the rows.
  const joined = (text: string) => text.match(/[\d.,]+[ \u00a0](BTC|USDC)/g) ?? [];

  it('the spot confirmation joins every figure to its unit with a no-break space (en)', async () => {
    const sheet = await confirmBuy('en', '0.01');
    const text = sheet.textContent ?? '';
    expect(text).toContain('This costs about 890.00\u00a0USDC plus a fee of about 0.89\u00a0USDC.');
    for (const row of [
      '89,000.00\u00a0USDC',
      '0.0100\u00a0BTC',
      '≈\u00a0890.00\u00a0USDC',
      '≈\u00a00.89\u00a0USDC',
    ])
      expect(text).toContain(row);
    expect(joined(text).length).toBeGreaterThanOrEqual(8);
    expect(joined(text).filter((m) => m.includes(' '))).toEqual([]);
  });

  it('and in German: "0,89\u00a0USDC Gebühr" cannot break before its unit', async () => {
    const sheet = await confirmBuy('de', '0.01');
    const text = sheet.textContent ?? '';
    expect(text).toContain('Das kostet etwa 890,00\u00a0USDC plus etwa 0,89\u00a0USDC Gebühr.');
    expect(joined(text).length).toBeGreaterThanOrEqual(8);
    expect(joined(text).filter((m) => m.includes(' '))).toEqual([]);
  });

  it('the perpetual confirmation joins its quantity, price, margin and fee to their units (de)', async () => {
    openScreen([{ path: '/ContractOpe', Component: Perp }], '/ContractOpe?symbol=BTC_USDC_PERP', {
      lang: 'de',
    });
    const tr = webCatalogues.de.trade;
    fireEvent.change(document.querySelector('input[name="quantity"]')!, { target: { value: '0.01' } });
    fireEvent.click(screen.getByRole('button', { name: tr.openLong }));
    const text = (await screen.findByRole('dialog', { name: tr.confirmTitle })).textContent ?? '';
    expect(text).toContain('Margin etwa 89,00\u00a0USDC (Cross), Gebühr etwa 0,89\u00a0USDC.');
    expect(text).toContain('Long-Position über 0,0100\u00a0BTC zu 89.000,00\u00a0USDC');
    expect(joined(text).filter((m) => m.includes(' '))).toEqual([]);
  });

  it('a too small order says "at least 5\u00a0USDC" on the amount field, announced invalid with it', () => {
    openScreen([{ path: '/SpotOpe', Component: Form }], '/SpotOpe?symbol=BTC_USDC');
    const price = document.querySelector<HTMLInputElement>('input[name="price"]')!;
    const qty = document.querySelector<HTMLInputElement>('input[name="quantity"]')!;
    fireEvent.change(price, { target: { value: '100' } });
    fireEvent.change(qty, { target: { value: '0.0001' } });
    fireEvent.click(screen.getByRole('button', { name: 'Buy BTC' }));
    expect(qty.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(qty.getAttribute('aria-describedby')!)?.textContent).toBe(
      'The order value must be at least 5\u00a0USDC',
    );
    expect(price.hasAttribute('aria-invalid')).toBe(false);
  });
});
