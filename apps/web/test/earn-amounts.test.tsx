// The earn and history lists show money the way DESIGN.md "Numbers" says (ADR 238): a USDC amount
// in a list in 2 decimals ("25.50", de "25,50", "1,234.50", de "1.234,50"), another coin in its
// own precision, a limit or unit price exactly, and the redeem confirmation in full precision.

import type { AiOrder, AiProduct, DividendClaim, IeoApplication, OtcAd, OtcOrder } from '@ex/contract';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatExactAmount, formatListAmount } from '../src/features/wallet/lib/list-amount.ts';
import { T0, usdcStake } from './earn-fixtures.ts';
import { openScreen } from './helpers/screen.tsx';

const page = <T,>(list: T[]) => ({ list, total: list.length, page: 1, limit: 50 });

const claims: DividendClaim[] = [
  {
    id: '1',
    pool_id: '1',
    title: 'Q3',
    coin: 'USDC',
    amount: '25.5',
    status: 'claimable',
    created_at: T0,
    claimed_at: null,
  },
  {
    id: '2',
    pool_id: '2',
    title: 'Q4',
    coin: 'USDC',
    amount: '1234.5',
    status: 'claimable',
    created_at: T0,
    claimed_at: null,
  },
  {
    id: '3',
    pool_id: '3',
    title: 'BTC',
    coin: 'BTC',
    amount: '0.00012345',
    status: 'claimable',
    created_at: T0,
    claimed_at: null,
  },
];
const stakes = [
  usdcStake,
  {
    id: '2',
    product_id: '2',
    product_name: 'ETH Staking 60 days',
    coin: 'ETH',
    amount: '0.50000000',
    days: 60,
    daily_rate_ppm: 120,
    interest: '0.00360000',
    status: 'review' as const,
    reason: null,
    created_at: T0,
    due_at: null,
    settled_at: null,
  },
];
const order: AiOrder = {
  id: '1',
  product_id: '1',
  product_name: 'AI Quant 30 days',
  coin: 'USDC',
  kind: 'fixed',
  amount: '1234.567891',
  days: 30,
  daily_rate_ppm: 600,
  expected_interest: '22.2222',
  interest: '25.5',
  fee: '0',
  early_fee_bp: 50,
  status: 'active',
  started_at: T0,
  // Far ahead: redeeming now is early, so the dialog names the fee.
  maturity_at: 4_000_000_000_000,
  settled_at: null,
};
const applications: IeoApplication[] = [
  {
    id: '1',
    project_id: '1',
    coin: 'DOGE',
    name: 'DOGE Community Round',
    unit_price: '0.012500',
    quantity: '98760.00000000',
    amount: '1234.500000',
    allotted_quantity: '2040.00000000',
    paid: '25.500000',
    remaining: '1209.000000',
    status: 'completed',
    created_at: T0,
    settled_at: T0,
  },
];
const otcOrder: OtcOrder = {
  id: '1',
  ad_id: '1',
  side: 'buy',
  coin: 'USDC',
  fiat: 'CNY',
  quantity: '1234.5',
  price: '7.2',
  total: '8888.4',
  payment_method: 'Bank',
  remarks: '',
  bank: '',
  phone: '',
  broker_contact: null,
  status: 'completed',
  reason: null,
  created_at: T0,
  reviewed_at: T0,
};
const otcOrders: OtcOrder[] = [
  otcOrder,
  {
    ...otcOrder,
    id: '2',
    ad_id: '2',
    side: 'sell',
    coin: 'BTC',
    quantity: '0.0015',
    price: '698000',
    total: '1047',
    status: 'review',
    reviewed_at: null,
  },
];
const aiProducts: AiProduct[] = [
  {
    id: '1',
    name: 'AI Quant Flexible',
    coin: 'USDC',
    kind: 'current',
    days: 0,
    daily_rate_min_ppm: 200,
    daily_rate_max_ppm: 400,
    min_amount: '10.000000',
    max_amount: '1234.567891',
    early_fee_bp: 0,
    enabled: true,
  },
];
const ads: OtcAd[] = [
  {
    id: '1',
    side: 'buy',
    coin: 'USDC',
    fiat: 'CNY',
    price: '7.20',
    min: '100.000000',
    max: '50000.5',
    payment_methods: ['Bank'],
    broker_contact: 'broker',
    active: true,
    stats: { order_count: 3, success_rate: '100.00', amount: '1234.5' },
  },
];

vi.mock('../src/lib/api.ts', () => ({
  api: {
    dividend: { claims: async () => page(claims), claim: vi.fn() },
    staking: { stakes: async () => page(stakes) },
    ai: { orders: async () => ({ ...page([order]), limit: 20 }), products: async () => aiProducts },
    ieo: { applications: async () => page(applications) },
    otc: { orders: async () => page(otcOrders), ads: async () => ads },
  },
}));
const confirmDialog = vi.fn(async (_: { content: string }) => false);
vi.mock('../src/app/lazy-overlays.tsx', () => ({
  confirmDialog: (o: { content: string }) => confirmDialog(o),
  alertDialog: vi.fn(),
}));

const { default: RedPlan } = await import('../src/features/dividend/routes/RedPlan.tsx');
const { default: DefnHis } = await import('../src/features/staking/routes/DefnHis.tsx');
const { default: AIHis } = await import('../src/features/ai/routes/AIHis.tsx');
const { default: AI } = await import('../src/features/ai/routes/AI.tsx');
const { default: IEOHis } = await import('../src/features/ieo/routes/IEOHis.tsx');
const { default: OTCHis } = await import('../src/features/otc/routes/OTCHis.tsx');
const { default: OTC } = await import('../src/features/otc/routes/OTC.tsx');

/** The texts of the `dd`s of a definition list, in order. */
const values = (root: HTMLElement) => [...root.querySelectorAll('dd')].map((d) => d.textContent);

describe('formatListAmount / formatExactAmount', () => {
  it('USDC in 2 decimals, rounded half away from zero, with the language separators', () => {
    expect(formatListAmount('25.5', 'USDC', 'en')).toBe('25.50');
    expect(formatListAmount('1234.5', 'USDC', 'en')).toBe('1,234.50');
    expect(formatListAmount('1234.5', 'USDC', 'de')).toBe('1.234,50');
    expect(formatListAmount('11.110500', 'USDC', 'en')).toBe('11.11');
    expect(formatListAmount('0.005', 'USDC', 'en')).toBe('0.01');
    expect(formatListAmount('-0.004', 'USDC', 'en')).toBe('0.00');
    expect(formatListAmount('not a number', 'USDC', 'en')).toBe('--');
  });

  it("another coin in its own precision, at least 2 decimals (the wallet's CoinAmount)", () => {
    expect(formatListAmount('0.00012345', 'BTC', 'en')).toBe('0.00012345');
    expect(formatListAmount('0.5', 'ETH', 'de')).toBe('0,50');
    expect(formatListAmount('98760.00000000', 'DOGE', 'en')).toBe('98,760.00');
  });

  it('an exact figure is padded to 2 decimals and never rounded', () => {
    expect(formatExactAmount('10.000000', 'en')).toBe('10.00');
    expect(formatExactAmount('0.012500', 'en')).toBe('0.0125');
    expect(formatExactAmount('1234.567891', 'de')).toBe('1.234,567891');
  });
});

describe('earn and history lists', () => {
  afterEach(() => {
    cleanup();
    confirmDialog.mockClear();
  });

  it('/RedPlan shows 25.50 and 1,234.50 USDC in en, a BTC dividend in BTC precision', async () => {
    openScreen([{ path: '/RedPlan', Component: RedPlan }], '/RedPlan');
    const rows = await screen.findAllByTestId('dividend');
    expect(rows.map((r) => r.querySelector('.ai-rate')?.textContent)).toEqual([
      '25.50\u00a0USDC',
      '1,234.50\u00a0USDC',
      '0.00012345\u00a0BTC',
    ]);
  });

  it('/RedPlan in de: 25,50 and 1.234,50 USDC', async () => {
    openScreen([{ path: '/RedPlan', Component: RedPlan }], '/RedPlan', { lang: 'de' });
    const rows = await screen.findAllByTestId('dividend');
    expect(rows.map((r) => r.querySelector('.ai-rate')?.textContent)).toEqual([
      '25,50\u00a0USDC',
      '1.234,50\u00a0USDC',
      '0,00012345\u00a0BTC',
    ]);
  });

  it('/DefnHis: a USDC stake and its interest in 2 decimals, an ETH stake in ETH precision', async () => {
    openScreen([{ path: '/DefnHis', Component: DefnHis }], '/DefnHis', { lang: 'de' });
    const [usdc, eth] = await screen.findAllByTestId('stake');
    expect(values(usdc!)).toContain('1.234,50\u00a0USDC');
    expect(values(usdc!)).toContain('11,11\u00a0USDC');
    expect(values(eth!)).toContain('0,50\u00a0ETH');
    expect(values(eth!)).toContain('0,0036\u00a0ETH');
  });

  it('/AIHis: the card in 2 decimals, the redeem dialog with the exact amount and fee', async () => {
    openScreen([{ path: '/AIHis', Component: AIHis }], '/AIHis');
    const card = await screen.findByTestId('ai-order');
    expect(values(card)).toEqual(
      expect.arrayContaining(['1,234.57\u00a0USDC', '22.22\u00a0USDC', '25.50\u00a0USDC', '0.00\u00a0USDC']),
    );
    fireEvent.click(within(card).getByRole('button'));
    await vi.waitFor(() => expect(confirmDialog).toHaveBeenCalledOnce());
    const { content } = confirmDialog.mock.calls[0]![0];
    expect(content).toContain('Redeem 1,234.567891\u00a0USDC');
    // 0.5 % of 1,234.567891, rounded up to the coin's 6 decimals as the server takes it.
    expect(content).toContain('a fee of 6.17284\u00a0USDC');
  });

  it('/AIHis?tab=settled opens on the settled tab (a redemption in the ledger links there), and a tab click keeps the address', async () => {
    const router = openScreen([{ path: '/AIHis', Component: AIHis }], '/AIHis?tab=settled');
    const [active, settled] = await screen.findAllByRole('tab');
    expect(settled!.getAttribute('aria-selected')).toBe('true');
    expect(active!.getAttribute('aria-selected')).toBe('false');
    fireEvent.click(active!);
    await vi.waitFor(() => expect(router.state.location.search).toBe(''));
    expect(active!.getAttribute('aria-selected')).toBe('true');
  });

  it('/AI: the limits exactly, padded to 2 decimals', async () => {
    openScreen([{ path: '/AI', Component: AI }], '/AI', { lang: 'de' });
    const card = await screen.findByTestId('ai-product');
    expect(values(card)).toContain('10,00 – 1.234,567891\u00a0USDC');
  });

  it('/IEOHis: USDC amounts in 2 decimals, the token in its precision, the unit price exactly', async () => {
    openScreen([{ path: '/IEOHis', Component: IEOHis }], '/IEOHis');
    const list = (await screen.findByText('DOGE Community Round')).closest('article')!;
    expect(values(list).slice(0, 6)).toEqual([
      '0.0125\u00a0USDC',
      '98,760.00\u00a0DOGE',
      '1,234.50\u00a0USDC',
      '2,040.00\u00a0DOGE',
      '25.50\u00a0USDC',
      '1,209.00\u00a0USDC',
    ]);
  });

  it('/IEOHis in de', async () => {
    openScreen([{ path: '/IEOHis', Component: IEOHis }], '/IEOHis', { lang: 'de' });
    const list = (await screen.findByText('DOGE Community Round')).closest('article')!;
    expect(values(list).slice(0, 3)).toEqual([
      '0,0125\u00a0USDC',
      '98.760,00\u00a0DOGE',
      '1.234,50\u00a0USDC',
    ]);
  });

  it('/OTCHis: the quantity in the coin (USDC 2 decimals, BTC its precision), fiat unchanged', async () => {
    openScreen([{ path: '/OTCHis', Component: OTCHis }], '/OTCHis', { lang: 'de' });
    await screen.findAllByText(/CNY/);
    const [usdc, btc] = [...document.querySelectorAll('article')];
    expect(values(usdc!).slice(0, 3)).toEqual(['1.234,50\u00a0USDC', '7,20\u00a0CNY', '8.888,40\u00a0CNY']);
    expect(values(btc!)[0]).toBe('0,0015\u00a0BTC');
  });

  it('/OTC: the volume in 2 decimals, the limits exactly', async () => {
    openScreen([{ path: '/OTC', Component: OTC }], '/OTC');
    const ad = (await screen.findByText('1,234.50 USDC')).closest('article')!;
    expect(ad.textContent).toContain('100.00 – 50,000.50\u00a0USDC');
  });
});
