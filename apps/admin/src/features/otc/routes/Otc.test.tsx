import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeServer, mountPage, ok } from '../../../test/console.tsx';
import { Otc } from './Otc.tsx';

const ORDER = {
  id: '3',
  ad_id: '1',
  user_id: '1001',
  side: 'buy',
  coin: 'BTC',
  fiat: 'CNY',
  quantity: '0.01250000',
  price: '698000.00',
  total: '8725.00',
  payment_method: 'Alipay',
  remarks: '',
  bank: '',
  phone: '',
  broker_contact: 'desk',
  status: 'review',
  reason: null,
  created_at: Date.UTC(2030, 0, 1),
  reviewed_at: null,
};

const AD = {
  id: '1',
  side: 'buy',
  coin: 'USDC',
  fiat: 'CNY',
  price: '7.20',
  min: '100.00000000',
  max: '50000.00000000',
  payment_methods: ['Alipay'],
  broker_contact: 'desk',
  active: true,
  stats: { order_count: 0, success_rate: '100.00', amount: '0' },
};

describe('<Otc/>', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    sessionStorage.clear();
  });

  it("shows orders, ads and the treasury grouped per DESIGN.md, not the API's raw decimals", async () => {
    fakeServer((s) => {
      if (s.url.includes('treasury'))
        return ok([
          { coin: 'USDC', available: '500000.999999' },
          { coin: 'BTC', available: '0.00012000' },
        ]);
      if (s.url.includes('ads')) return ok([AD]);
      return ok({ list: [ORDER], total: 1, page: 1, limit: 20 });
    });
    mountPage('/otc', <Otc />);
    // A quantity with 2 up to the coin's decimals; a fiat total with its own digits, grouped.
    expect(await screen.findByText('0.0125 BTC')).toBeTruthy();
    // The order's user opens that user's drawer (balances, ledger) on the Users page.
    expect(screen.getByRole('link', { name: '1001' }).getAttribute('href')).toBe('/users?user=1001');
    expect(screen.getByText('8,725.00 CNY')).toBeTruthy();
    expect(await screen.findByText('100.00 – 50,000.00 USDC')).toBeTruthy();
    // An ad nobody ordered from yet has no success rate.
    expect(screen.getByText('0 / —')).toBeTruthy();
    expect(screen.queryByText(/100\.00\s?%/)).toBeNull();
    expect(screen.getByText('7.20 CNY')).toBeTruthy();
    // Treasury balances are cut: never a cent more than there is.
    expect(await screen.findByText('500,000.99')).toBeTruthy();
    expect(screen.getByText('0.00012')).toBeTruthy();
    expect(screen.queryByText(/\d\.\d{8}/)).toBeNull();
  });

  it('names the treasury it shows and funds: the OTC pool, not the flash exchange one', async () => {
    const sent = fakeServer((s) => {
      if (s.url.includes('treasury')) return ok([{ coin: 'USDC', available: '10.000000' }]);
      if (s.url.includes('ads')) return ok([]);
      return ok({ list: [], total: 0, page: 1, limit: 20 });
    });
    mountPage('/otc', <Otc />);
    expect(await screen.findByText('Treasury for OTC payouts')).toBeTruthy();
    expect(screen.queryByText(/flash exchange and OTC/i)).toBeNull();
    expect(screen.getByText(/The flash exchange has its own pool/)).toBeTruthy();
    await screen.findByText('10.00');
    const reads = sent.filter((s) => s.url.includes('treasury'));
    expect(reads.every((s) => new URL(s.url, 'http://x').searchParams.get('purpose') === 'otc')).toBe(true);
  });

  it('says what an empty order list means under its filter', async () => {
    fakeServer((s) => (s.url.includes('orders') ? ok({ list: [], total: 0, page: 1, limit: 20 }) : ok([])));
    mountPage('/otc', <Otc />);
    expect(await screen.findByText('No order waits for review')).toBeTruthy();
    fireEvent.click(screen.getByText('Completed'));
    expect(await screen.findByText('No completed order')).toBeTruthy();
  });
});
