// /OTC and /OTCHis as a German user meets them: the buttons say "USDC kaufen" (not "Kaufen USDC"),
// both lists show skeleton cards while loading and a retry when the request fails, and the order
// list refreshes on a pull (the operator's decision arrives later). The row of what the reader has
// already bought on an ad said "Menge 0,00 USDC", read as "nothing left to buy": it says "Gehandelt".
import type { OtcAd, OtcOrder } from '@ex/contract';
import { webCatalogues } from '@ex/i18n';
import { ApiError } from '@ex/sdk';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { openScreen } from './helpers/screen.tsx';

const de = webCatalogues.de;
const T0 = Date.UTC(2026, 0, 2, 3, 4, 5);
const ad: OtcAd = {
  id: '1',
  side: 'buy',
  coin: 'USDC',
  fiat: 'CNY',
  price: '7.20',
  min: '100',
  max: '50000',
  payment_methods: ['Bank'],
  broker_contact: 'broker',
  active: true,
  stats: { order_count: 3, success_rate: '100.00', amount: '1234.5' },
};
const order: OtcOrder = {
  id: '1',
  ad_id: '1',
  side: 'buy',
  coin: 'USDC',
  fiat: 'CNY',
  quantity: '150',
  price: '7.2',
  total: '1080',
  payment_method: 'Bank',
  remarks: '',
  bank: '',
  phone: '',
  broker_contact: null,
  status: 'review',
  reason: null,
  created_at: T0,
  reviewed_at: null,
};

const ads = vi.fn();
const orders = vi.fn();
const place = vi.fn();
vi.mock('../src/lib/api.ts', () => ({
  api: { otc: { ads: () => ads(), orders: () => orders(), place: (...a: unknown[]) => place(...a) } },
}));

const { default: OTC } = await import('../src/features/otc/routes/OTC.tsx');
const { default: OTCHis } = await import('../src/features/otc/routes/OTCHis.tsx');

const page = <T,>(list: T[]) => ({ list, total: list.length, page: 1, limit: 50 });

function touch(el: Element, type: string, y?: number) {
  const event = new Event(type, { bubbles: true, cancelable: true });
  Object.defineProperty(event, 'touches', { value: y === undefined ? [] : [{ clientY: y }] });
  act(() => {
    el.dispatchEvent(event);
  });
}

describe('OTC screens in German', () => {
  beforeEach(() => {
    ads.mockReset();
    orders.mockReset();
  });
  afterEach(() => cleanup());

  it('/OTC: the ad button and the order sheet say "USDC kaufen", the coin first', async () => {
    ads.mockResolvedValue([
      ad,
      {
        ...ad,
        id: '2',
        side: 'sell',
        coin: 'BTC',
        stats: { order_count: 0, success_rate: '100.00', amount: '0' },
      },
    ]);
    openScreen([{ path: '/OTC', Component: OTC }], '/OTC', { lang: 'de' });
    const buy = await screen.findByRole('button', { name: 'USDC kaufen' });
    expect(screen.queryByText(/Kaufen USDC/)).toBeNull();
    fireEvent.click(buy);
    expect(await screen.findByRole('heading', { name: /^USDC kaufen · 7,20\u00a0CNY$/ })).toBeTruthy();
    // 3 orders: the success rate shows; a new ad with none shows no rate at all.
    expect(buy.closest('article')?.textContent).toContain(`${de.earn1.otc.successRate} 100,00\u00a0%`);
    fireEvent.click(screen.getByRole('button', { name: de.earn1.otc.sell }));
    const sell = await screen.findByRole('button', { name: 'BTC verkaufen' });
    expect(sell.closest('article')?.textContent).not.toContain(de.earn1.otc.successRate);
  });

  it('/OTC: the amount the reader has traded on an ad is "Gehandelt", not a "Menge" left to buy', async () => {
    ads.mockResolvedValue([ad]);
    openScreen([{ path: '/OTC', Component: OTC }], '/OTC', { lang: 'de' });
    const card = (await screen.findByRole('button', { name: 'USDC kaufen' })).closest('article')!;
    const row = [...card.querySelectorAll('.ieo-kv')].map((el) => el.textContent);
    expect(row).toContain('Gehandelt1.234,50\u00a0USDC');
    expect(card.textContent).not.toContain('Menge');
    for (const lang of ['es', 'it'] as const) {
      expect(webCatalogues[lang].earn1.otc.volume).not.toMatch(/^(Volumen|Volume|Cantidad|Quantità)$/);
    }
  });

  it("/OTC opens on the reader's currency and the chips switch to another", async () => {
    const eur = { ...ad, id: '3', fiat: 'EUR', price: '0.96', payment_methods: ['sepa'] };
    const twd = { ...ad, id: '4', fiat: 'TWD', price: '32.60' };
    ads.mockResolvedValue([ad, eur, twd]);
    openScreen([{ path: '/OTC', Component: OTC }], '/OTC', { lang: 'de' });
    const chips = await screen.findByRole('group', { name: de.earn1.otc.fiat });
    expect([...chips.querySelectorAll('button')].map((b) => b.textContent)).toEqual(['CNY', 'EUR', 'TWD']);
    expect(screen.getByRole('button', { name: 'EUR' }).getAttribute('aria-pressed')).toBe('true');
    // One offer per side and currency: only the euro one shows.
    expect(screen.getAllByRole('button', { name: 'USDC kaufen' })).toHaveLength(1);
    expect(screen.getByText('0,96 EUR')).toBeTruthy();
    expect(screen.queryByText('7,20 CNY')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'CNY' }));
    expect(await screen.findByText('7,20 CNY')).toBeTruthy();
    expect(screen.queryByText('0,96 EUR')).toBeNull();
    cleanup();
    // A Taiwanese reader starts on TWD; a language whose currency no ad has starts on the first.
    openScreen([{ path: '/OTC', Component: OTC }], '/OTC', { lang: 'zh_TW' });
    expect((await screen.findByRole('button', { name: 'TWD' })).getAttribute('aria-pressed')).toBe('true');
    cleanup();
    ads.mockResolvedValue([ad, eur]);
    openScreen([{ path: '/OTC', Component: OTC }], '/OTC', { lang: 'en' });
    expect((await screen.findByRole('button', { name: 'CNY' })).getAttribute('aria-pressed')).toBe('true');
    cleanup();
    // A desk with one currency shows no chips.
    ads.mockResolvedValue([ad]);
    openScreen([{ path: '/OTC', Component: OTC }], '/OTC', { lang: 'de' });
    await screen.findByRole('button', { name: 'USDC kaufen' });
    expect(screen.queryByRole('group', { name: de.earn1.otc.fiat })).toBeNull();
  });

  it("/OTC: the desk's refusal and a call without an answer show in the sheet (the call is quiet)", async () => {
    ads.mockResolvedValue([ad]);
    // A refusal comes with its HTTP status (kind 'http'); the sheet took only kind 'api' before,
    // so only a toast said it.
    place.mockRejectedValueOnce(
      new ApiError({ code: 3011, message: 'Nicht genug Bestand am Schalter', status: 400, kind: 'http' }),
    );
    openScreen([{ path: '/OTC', Component: OTC }], '/OTC', { lang: 'de' });
    fireEvent.click(await screen.findByRole('button', { name: 'USDC kaufen' }));
    const input = document.querySelector('.fx-sheet input') as HTMLInputElement;
    fireEvent.change(input, { target: { value: '150' } });
    fireEvent.click(screen.getByRole('button', { name: de.earn1.otc.place }));
    expect(await screen.findByText('Nicht genug Bestand am Schalter')).toBeTruthy();
    expect(place).toHaveBeenCalledWith(expect.objectContaining({ ad_id: '1', quantity: '150' }), {
      quiet: true,
    });
    place.mockRejectedValueOnce(
      new ApiError({ code: -1, message: 'Netzwerkfehler', status: 0, kind: 'network' }),
    );
    fireEvent.click(screen.getByRole('button', { name: de.earn1.otc.place }));
    expect(await screen.findByText('Netzwerkfehler')).toBeTruthy();
    // What was typed stays.
    expect(input.value).toBe('150');
  });

  it('/OTC: the quantity field is named by its label and, out of range, marked invalid with its error', async () => {
    ads.mockResolvedValue([ad]);
    openScreen([{ path: '/OTC', Component: OTC }], '/OTC', { lang: 'de' });
    fireEvent.click(await screen.findByRole('button', { name: 'USDC kaufen' }));
    const input = screen.getByLabelText(new RegExp(de.earn1.otc.quantity)) as HTMLInputElement;
    expect(input.tagName).toBe('INPUT');
    expect(input.hasAttribute('aria-invalid')).toBe(false);
    fireEvent.change(input, { target: { value: '5' } });
    await waitFor(() => expect(input.getAttribute('aria-invalid')).toBe('true'));
    const error = document.getElementById(input.getAttribute('aria-describedby') ?? '');
    expect(error?.textContent).toBe(de.earn1.otc.rangeError);
    fireEvent.change(input, { target: { value: '150' } });
    await waitFor(() => expect(input.hasAttribute('aria-invalid')).toBe(false));
  });

  it('/OTC: skeleton cards while the offers load, then a retry when they fail', async () => {
    let fail: (e: Error) => void = () => {};
    ads.mockReturnValueOnce(new Promise((_, reject) => (fail = reject)));
    openScreen([{ path: '/OTC', Component: OTC }], '/OTC', { lang: 'de' });
    expect(screen.getByRole('status', { name: de.common.loading })).toBeTruthy();
    fail(new Error('offline'));
    expect(await screen.findByText(de.earn1.otc.adsFailed)).toBeTruthy();
    ads.mockResolvedValue([ad]);
    fireEvent.click(screen.getByRole('button', { name: de.common.retry }));
    expect(await screen.findByRole('button', { name: 'USDC kaufen' })).toBeTruthy();
    expect(screen.queryByText(de.earn1.otc.adsFailed)).toBeNull();
  });

  it('/OTCHis: skeleton while loading, a retry on failure, and a pull refreshes the list', async () => {
    let fail: (e: Error) => void = () => {};
    orders.mockReturnValueOnce(new Promise((_, reject) => (fail = reject)));
    openScreen([{ path: '/OTCHis', Component: OTCHis }], '/OTCHis', { lang: 'de' });
    expect(screen.getByRole('status', { name: de.common.loading })).toBeTruthy();
    fail(new Error('offline'));
    expect(await screen.findByText(de.earn1.otc.ordersFailed)).toBeTruthy();
    orders.mockResolvedValue(page([order]));
    fireEvent.click(screen.getByRole('button', { name: de.common.retry }));
    expect(await screen.findByText(de.earn1.otc.status.review)).toBeTruthy();
    // The operator completes the order; a pull shows it without leaving the screen.
    orders.mockResolvedValue(page([{ ...order, status: 'completed', reviewed_at: T0 }]));
    const calls = orders.mock.calls.length;
    const list = document.querySelector('.fx')!;
    touch(list, 'touchstart', 0);
    touch(list, 'touchmove', 300);
    touch(list, 'touchend');
    await waitFor(() => expect(orders.mock.calls.length).toBeGreaterThan(calls));
    expect(await screen.findByText(de.earn1.otc.status.completed)).toBeTruthy();
  });

  it('/OTCHis with no orders: the illustrated empty state of the other earn histories, not a bare line', async () => {
    orders.mockResolvedValue(page([]));
    openScreen([{ path: '/OTCHis', Component: OTCHis }], '/OTCHis', { lang: 'de' });
    const text = await screen.findByText(de.earn1.otc.noOrders);
    expect(text.closest('.empty')?.querySelector('svg.illustration')).toBeTruthy();
  });

  it("payment method codes read in the reader's language; text an operator typed shows as typed", async () => {
    ads.mockResolvedValue([{ ...ad, payment_methods: ['bank_transfer', 'wechat_pay', 'Hausbank Nord'] }]);
    openScreen([{ path: '/OTC', Component: OTC }], '/OTC', { lang: 'de' });
    const buy = await screen.findByRole('button', { name: 'USDC kaufen' });
    expect(buy.closest('article')?.textContent).toContain('Banküberweisung · WeChat Pay · Hausbank Nord');
    fireEvent.click(buy);
    expect(await screen.findByRole('button', { name: 'Banküberweisung' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Hausbank Nord' })).toBeTruthy();
    expect(screen.queryByText('bank_transfer')).toBeNull();
    cleanup();
    orders.mockResolvedValue(page([{ ...order, payment_method: 'wechat_pay' }]));
    openScreen([{ path: '/OTCHis', Component: OTCHis }], '/OTCHis', { lang: 'en' });
    expect(await screen.findByText('WeChat Pay')).toBeTruthy();
  });
});
