import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeServer, json, mountPage, ok, type Sent } from '../../../test/console.tsx';
import { Markets, parseLeverages, rateFromPercent, validClearancePercent } from './Markets.tsx';

const market = (symbol: string, paused: boolean) => ({
  symbol,
  kind: symbol.endsWith('_PERP') ? 'perp' : 'spot',
  paused,
  paused_at: paused ? Date.UTC(2030, 0, 1) : null,
  reason: paused ? 'incident' : null,
  leverages: symbol.endsWith('_PERP') ? [1, 5, 10] : [],
  max_leverage: symbol.endsWith('_PERP') ? 50 : 0,
  maker_fee_rate: '0.001000',
  taker_fee_rate: '0.000500',
  ...(symbol.endsWith('_PERP') ? { liquidation_fee_rate: '0.012500' } : {}),
});

describe('<Markets/>', () => {
  let sent: Sent[];
  let answer: (s: Sent) => Response;
  beforeEach(() => {
    answer = (s) =>
      s.url === '/api/admin/markets'
        ? ok([market('BTC_USDC', false), market('ETH_USDC_PERP', true)])
        : ok(market('BTC_USDC', true));
    sent = fakeServer((s) => answer(s));
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    sessionStorage.clear();
  });

  it('lists pause state, fee rates as percent and leverage steps', async () => {
    mountPage('/markets', <Markets />);
    expect(await screen.findByText('BTC_USDC')).toBeTruthy();
    expect(screen.getAllByText('0.1%').length).toBe(2);
    expect(screen.getAllByText('0.05%').length).toBe(2);
    expect(screen.getByText('1x 5x 10x')).toBeTruthy();
    expect(screen.getByText('Paused')).toBeTruthy();
  });

  it('pauses only with a reason, and sends it', async () => {
    mountPage('/markets', <Markets />);
    await screen.findByText('BTC_USDC');
    fireEvent.click(screen.getByRole('button', { name: 'Pause' }));
    const ok = await screen.findAllByRole('button', { name: 'Pause' });
    fireEvent.click(ok[ok.length - 1]!);
    expect(await screen.findByText('Enter a reason (at most 200 characters)')).toBeTruthy();
    expect(sent.some((s) => s.url.endsWith('/pause'))).toBe(false);
    fireEvent.change(screen.getByLabelText('Reason'), { target: { value: ' chain halt ' } });
    fireEvent.click(ok[ok.length - 1]!);
    await waitFor(() =>
      expect(sent.find((s) => s.url === '/api/admin/markets/BTC_USDC/pause')?.body).toEqual({
        reason: 'chain halt',
      }),
    );
  });

  it('shows the server refusal for a role that may not change markets', async () => {
    answer = (s) =>
      s.url === '/api/admin/markets'
        ? ok([market('ETH_USDC_PERP', true)])
        : json(403, {
            code: 1090,
            data: null,
            message: 'Your operator role (reviewer) does not allow this action',
          });
    mountPage('/markets', <Markets />);
    fireEvent.click(await screen.findByRole('button', { name: 'Resume' }));
    const buttons = await screen.findAllByRole('button', { name: 'Resume' });
    fireEvent.click(buttons[buttons.length - 1]!);
    await waitFor(() =>
      expect(sent.some((s) => s.url === '/api/admin/markets/ETH_USDC_PERP/resume')).toBe(true),
    );
    expect(screen.queryByText('Resumed')).toBeNull();
  });

  it('edits fees in percent and the leverage list, sending only what changed', async () => {
    mountPage('/markets', <Markets />);
    await screen.findByText('ETH_USDC_PERP');
    fireEvent.click(screen.getByRole('button', { name: 'Edit fees and leverage of ETH_USDC_PERP' }));
    const taker = await screen.findByLabelText('Taker fee (%)');
    expect((taker as HTMLInputElement).value).toBe('0.05');
    fireEvent.change(taker, { target: { value: '0.08' } });
    const list = screen.getByLabelText('Leverage list');
    expect((list as HTMLInputElement).value).toBe('1, 5, 10');
    // Above the market's ceiling: refused in the form, nothing sent.
    fireEvent.change(list, { target: { value: '1, 5, 75' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Whole numbers in rising order, at most 50x')).toBeTruthy();
    fireEvent.change(list, { target: { value: '1 2 5 10x' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(sent.find((s) => s.url === '/api/admin/markets/ETH_USDC_PERP/params')?.body).toEqual({
        taker_fee_rate: '0.0008',
        leverages: [1, 2, 5, 10],
      }),
    );
    expect(sent.filter((s) => s.url.endsWith('/params'))).toHaveLength(1);
  });

  it('moves the point as text: percent to fraction, leverage lists', () => {
    expect(rateFromPercent('0.05')).toBe('0.0005');
    expect(rateFromPercent('0.1')).toBe('0.001');
    expect(rateFromPercent('1')).toBe('0.01');
    expect(rateFromPercent('0')).toBe('0');
    expect(rateFromPercent('0.0125')).toBe('0.000125');
    expect(parseLeverages('1, 2,5 10x')).toEqual([1, 2, 5, 10]);
    expect(parseLeverages('1, 2.5')).toBeNull();
    expect(parseLeverages('  ')).toBeNull();
  });

  it('shows and edits the liquidation fee of a perpetual in percent (0 to 5, or 100), sending only it', async () => {
    mountPage('/markets', <Markets />);
    await screen.findByText('ETH_USDC_PERP');
    expect(screen.getByText('1.25%')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Edit fees and leverage of ETH_USDC_PERP' }));
    const fee = await screen.findByLabelText('Liquidation fee (%)');
    expect((fee as HTMLInputElement).value).toBe('1.25');
    fireEvent.change(fee, { target: { value: '7' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('A percent from 0 to 5 (at most 4 decimals), or 100')).toBeTruthy();
    expect(sent.some((s) => s.url.endsWith('/params'))).toBe(false);
    fireEvent.change(fee, { target: { value: '0.5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(sent.find((s) => s.url === '/api/admin/markets/ETH_USDC_PERP/params')?.body).toEqual({
        liquidation_fee_rate: '0.005',
      }),
    );
  });

  it('a spot market has no liquidation fee to edit', async () => {
    mountPage('/markets', <Markets />);
    await screen.findByText('BTC_USDC');
    fireEvent.click(screen.getByRole('button', { name: 'Edit fees and leverage of BTC_USDC' }));
    await screen.findByLabelText('Taker fee (%)');
    expect(screen.queryByLabelText('Liquidation fee (%)')).toBeNull();
  });

  it('checks a clearance fee as the core does', () => {
    for (const ok of ['0', '0.01', '1.25', '5', '5.0000', '100', '100.0'])
      expect(validClearancePercent(ok), ok).toBe(true);
    for (const bad of ['5.0001', '6', '99', '100.0001', '-1', '1,5', '', '0.00001', '1e2'])
      expect(validClearancePercent(bad), bad).toBe(false);
    expect(rateFromPercent('100')).toBe('1');
    expect(rateFromPercent('1.25')).toBe('0.0125');
  });
});
