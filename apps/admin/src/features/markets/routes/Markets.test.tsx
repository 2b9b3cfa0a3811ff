import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeServer, json, mountPage, ok, type Sent } from '../../../test/console.tsx';
import { Markets } from './Markets.tsx';

const market = (symbol: string, paused: boolean) => ({
  symbol,
  kind: symbol.endsWith('_PERP') ? 'perp' : 'spot',
  paused,
  paused_at: paused ? Date.UTC(2030, 0, 1) : null,
  reason: paused ? 'incident' : null,
  leverages: symbol.endsWith('_PERP') ? [1, 5, 10] : [],
  maker_fee_rate: '0.001000',
  taker_fee_rate: '0.000500',
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
    expect(screen.getAllByText('0.1 %').length).toBe(2);
    expect(screen.getAllByText('0.05 %').length).toBe(2);
    expect(screen.getByText('1x 5x 10x')).toBeTruthy();
    expect(screen.getByText('paused')).toBeTruthy();
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
});
