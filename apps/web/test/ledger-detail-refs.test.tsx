// ADR 244: the entry detail names what the entry belongs to (the order and its market, the funding
// round, the transfer, the deposit), links to where it can be seen, shows a short transaction id
// and keeps the raw reference behind a copy button for support.
import type { LedgerEntry } from '@ex/sdk';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { marketLabel, transactionId } from '../src/features/wallet/lib/ledger-ref.ts';
import { openEntry } from './helpers/ledger-screen.tsx';

vi.mock('../src/lib/api.ts', () => ({ api: { wallet: {} } }));

const BASE: LedgerEntry = {
  id: '361:1/contract/USDC',
  account: 'contract',
  coin: 'USDC',
  type: 'positionFee',
  amount: '-0.485000',
  balance_after: '999.515000',
  ref_id: '347:0:t',
  created_at: Date.UTC(2026, 10, 27, 9, 30),
};

const rowOf = (label: string) => screen.getByText(label).closest('.w-kv__row') as HTMLElement;

describe('ledger entry detail: what the entry belongs to', () => {
  afterEach(() => cleanup());

  it('names the order and its market, links to the market`s futures orders, and shows the short id', async () => {
    const writeText = vi.fn(async () => {});
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const router = await openEntry(
      {
        ...BASE,
        ref: { kind: 'order', order_id: '346', market: 'BTC_USDC_PERP', trade_id: '347:0' },
      },
      'en',
    );
    const link = await screen.findByRole('link', { name: 'Order #346 · BTC/USDC-Perp' });
    expect(link.getAttribute('href')).toBe('/ContractOrder?symbol=BTC_USDC_PERP');
    // The short transaction id, not the row key; the raw reference is not shown, only copied.
    expect(rowOf('Transaction ID').textContent).toContain('361');
    expect(screen.queryByText('361:1/contract/USDC')).toBeNull();
    expect(screen.queryByText('347:0:t')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Copy support reference' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith('347:0:t'));
    fireEvent.click(screen.getByRole('button', { name: 'Copy transaction ID' }));
    await waitFor(() => expect(writeText).toHaveBeenLastCalledWith('361'));
    fireEvent.click(link);
    await waitFor(() => expect(router.state.location.pathname).toBe('/ContractOrder'));
  });

  it('a spot order leads to the spot orders of its market', async () => {
    await openEntry(
      {
        ...BASE,
        id: '12:1/spot/USDC',
        account: 'spot',
        type: 'postingOrder',
        ref_id: '11',
        ref: { kind: 'order', order_id: '11', market: 'BTC_USDC' },
      },
      'en',
    );
    const link = await screen.findByRole('link', { name: 'Order #11 · BTC/USDC' });
    expect(link.getAttribute('href')).toBe('/SpotOrder?symbol=BTC_USDC');
  });

  it('funding names the market and the round, without a link', async () => {
    const at = new Date(2026, 10, 27, 8, 0).getTime();
    await openEntry(
      {
        ...BASE,
        type: 'system',
        ref_id: `funding:BTC_USDC_PERP:${at}`,
        ref: { kind: 'funding', market: 'BTC_USDC_PERP', at },
      },
      'en',
    );
    await screen.findByText('Belongs to');
    expect(rowOf('Belongs to').textContent).toMatch(/^Belongs toFunding · BTC\/USDC-Perp · .*08:00/);
    // Each part stays on one line; the cause wraps only at its dots.
    expect([...rowOf('Belongs to').querySelectorAll('.w-cause__part')].map((e) => e.textContent)).toEqual([
      'Funding',
      'BTC/USDC-Perp',
      expect.stringMatching(/08:00/),
    ]);
    expect(screen.queryByRole('link')).toBeNull();
  });

  it('a deposit links to the deposit history, a transfer to the transfer history (in German too)', async () => {
    await openEntry(
      {
        ...BASE,
        account: 'spot',
        type: 'deposit',
        ref_id: 'd-9',
        ref: { kind: 'deposit', deposit_id: 'd-9' },
      },
      'en',
    );
    expect((await screen.findByRole('link', { name: 'Deposit' })).getAttribute('href')).toBe(
      '/RechargeHistory',
    );
    cleanup();
    await openEntry(
      { ...BASE, type: 'transferIn', ref_id: 'tr-1', ref: { kind: 'transfer', transfer_id: 'tr-1' } },
      'de',
    );
    expect((await screen.findByRole('link', { name: 'Übertragung' })).getAttribute('href')).toBe(
      '/TransformHis',
    );
    expect(screen.getByText('Gehört zu')).toBeTruthy();
    expect(screen.getByText('Transaktions-ID')).toBeTruthy();
  });

  it('a liquidation and an ADL name the position and lead to the market`s futures orders (ADR 245)', async () => {
    await openEntry(
      {
        ...BASE,
        type: 'positionClose',
        ref_id: 'liq:7:BTC_USDC_PERP:isolated:long:#9',
        ref: {
          kind: 'liquidation',
          market: 'BTC_USDC_PERP',
          position_id: 'BTC_USDC_PERP:isolated:long',
          side: 'long',
          margin_mode: 'isolated',
          order_id: 'liq:57:0',
        },
      },
      'en',
    );
    const link = await screen.findByRole('link', { name: 'Liquidation · BTC/USDC-Perp long' });
    expect(link.getAttribute('href')).toBe('/ContractOrder?symbol=BTC_USDC_PERP');
    cleanup();
    await openEntry(
      {
        ...BASE,
        type: 'positionClose',
        ref_id: 'adl:ETH_USDC_PERP:7:cross:#12',
        ref: {
          kind: 'adl',
          market: 'ETH_USDC_PERP',
          side: 'short',
          margin_mode: 'cross',
          order_id: 'adl:60:1',
        },
      },
      'de',
    );
    expect(
      (await screen.findByRole('link', { name: 'Auto-Deleveraging · ETH/USDC-Perp Short' })).getAttribute(
        'href',
      ),
    ).toBe('/ContractOrder?symbol=ETH_USDC_PERP');
    cleanup();
    // Without a side (an older entry): the market, as before.
    await openEntry(
      { ...BASE, type: 'positionClose', ref: { kind: 'liquidation', market: 'BTC_USDC_PERP' } },
      'en',
    );
    expect(await screen.findByRole('link', { name: 'Liquidation · BTC/USDC-Perp' })).toBeTruthy();
  });

  it('a realised profit names the open position and the close that needed it', async () => {
    const realised = {
      kind: 'realised',
      market: 'BTC_USDC_PERP',
      position_id: 'BTC_USDC_PERP:cross:short',
      side: 'short',
      margin_mode: 'cross',
    } as const;
    await openEntry(
      {
        ...BASE,
        type: 'positionClose',
        ref_id: 'realise:7:BTC_USDC_PERP:short:#4',
        ref: { ...realised, cause: 'order', order_id: '88', trade_id: '88:0' },
      },
      'en',
    );
    const link = await screen.findByRole('link', {
      name: 'Realised profit · BTC/USDC-Perp short · Order #88',
    });
    expect(link.getAttribute('href')).toBe('/ContractOrder?symbol=BTC_USDC_PERP');
    cleanup();
    await openEntry({ ...BASE, type: 'positionClose', ref: { ...realised, cause: 'funding' } }, 'de');
    expect(
      await screen.findByRole('link', { name: 'Realisierter Gewinn · BTC/USDC-Perp Short · Finanzierung' }),
    ).toBeTruthy();
  });

  it('an entry without a ref (an unknown format) shows no cause but keeps the copy of the raw reference', async () => {
    await openEntry({ ...BASE, type: 'system', ref_id: 'earn:redeem:7' }, 'en');
    await screen.findByText('Transaction ID');
    expect(screen.queryByText('Belongs to')).toBeNull();
    expect(screen.getByRole('button', { name: 'Copy support reference' })).toBeTruthy();
  });

  it('formats markets and ids', () => {
    expect(marketLabel('ETH_USDC')).toBe('ETH/USDC');
    expect(marketLabel('ETH_USDC_PERP')).toBe('ETH/USDC-Perp');
    expect(transactionId('361:1/contract/USDC')).toBe('361');
    expect(transactionId('odd')).toBe('odd');
  });
});
