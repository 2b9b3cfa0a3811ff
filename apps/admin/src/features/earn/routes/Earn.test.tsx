import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeServer, mountPage, ok } from '../../../test/console.tsx';
import { Earn } from './Earn.tsx';

const PRODUCT = {
  id: '1',
  name: 'AI Quant 30 days',
  coin: 'USDC',
  kind: 'fixed',
  days: 30,
  daily_rate_min_ppm: 600,
  daily_rate_max_ppm: 1000,
  min_amount: '100.000000',
  max_amount: '200000.000000',
  early_fee_bp: 200,
  enabled: true,
};

const STAKE = {
  id: '7',
  user_id: '1001',
  product_id: '2',
  product_name: 'ETH Staking 60 days',
  coin: 'ETH',
  amount: '12.50000000',
  days: 60,
  daily_rate_ppm: 120,
  interest: '0.09000000',
  status: 'review',
  reason: null,
  created_at: Date.UTC(2030, 0, 1),
  due_at: null,
  settled_at: null,
};

describe('<Earn/>', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    sessionStorage.clear();
  });

  it('shows product limits and stakes grouped per DESIGN.md, right-aligned', async () => {
    fakeServer((s) =>
      s.url.includes('stak') ? ok({ list: [STAKE], total: 1, page: 1, limit: 20 }) : ok([PRODUCT]),
    );
    mountPage('/earn', <Earn />);
    const limits = await screen.findByText('100.00 – 200,000.00 USDC');
    expect(limits.closest('td')?.style.textAlign).toBe('right');
    fireEvent.click(screen.getByText('Staking'));
    const amount = await screen.findByText('12.50 ETH');
    expect(amount.closest('td')?.style.textAlign).toBe('right');
    expect(screen.getByText('0.09 ETH')).toBeTruthy();
    expect(screen.queryByText(/\.\d{8}/)).toBeNull();
  });

  it('sends the names per language a new product has, leaving empty tabs out (ADR 243)', async () => {
    const sent = fakeServer((s) =>
      s.method === 'POST' ? ok(PRODUCT) : ok([{ ...PRODUCT, name_i18n: { de: 'x' } }]),
    );
    mountPage('/earn', <Earn />);
    expect(await screen.findByText('de')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Name (text of record)'), {
      target: { value: 'AI Quant 30 days' },
    });
    fireEvent.change(screen.getByLabelText('Name (Deutsch)'), { target: { value: ' KI-Quant 30 Tage ' } });
    fireEvent.change(screen.getByLabelText('Name (Italiano)'), { target: { value: 'Quant IA 30 giorni' } });
    fireEvent.change(screen.getByLabelText('Daily rate min (ppm)'), { target: { value: '600' } });
    fireEvent.change(screen.getByLabelText('Daily rate max (ppm)'), { target: { value: '1000' } });
    fireEvent.change(screen.getByLabelText('Min amount'), { target: { value: '100' } });
    fireEvent.change(screen.getByLabelText('Max amount'), { target: { value: '200000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(sent.some((s) => s.method === 'POST')).toBe(true));
    const body = sent.find((s) => s.method === 'POST')!.body as { name: string; name_i18n: unknown };
    expect(body.name).toBe('AI Quant 30 days');
    expect(body.name_i18n).toEqual({ de: 'KI-Quant 30 Tage', it: 'Quant IA 30 giorni' });
  });
});
