// /AIBuy wrote the available balance without decimals ("Available 6,850 USDC") and a flexible
// product's early-redemption fee as a bare "0": the balance now has at least 2 decimals (exact
// otherwise) and the fee is a rate like the fixed products' ("0 %" in de, "0%" in en); a rate range lines up
// (0.06 % – 0.10 %, not 0.06 % – 0.1 %).

import type { AiProduct } from '@ex/contract';
import { webCatalogues } from '@ex/i18n';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { openScreen } from './helpers/screen.tsx';

const flexible = {
  id: '1',
  name: 'AI Quant Flexible',
  coin: 'USDC',
  kind: 'current',
  days: 0,
  daily_rate_min_ppm: 200,
  daily_rate_max_ppm: 400,
  min_amount: '10.000000',
  max_amount: '50000.000000',
  early_fee_bp: 0,
  enabled: true,
} as AiProduct;

const fixed = {
  ...flexible,
  id: '2',
  name: 'AI Quant 7 days',
  kind: 'fixed',
  days: 7,
  daily_rate_min_ppm: 400,
  daily_rate_max_ppm: 700,
  min_amount: '50.000000',
  max_amount: '100000.000000',
  early_fee_bp: 100,
} as AiProduct;

const confirmDialog = vi.fn(async (_: { content: string }) => false);
vi.mock('../src/app/lazy-overlays.tsx', () => ({
  confirmDialog: (o: { content: string }) => confirmDialog(o),
}));

vi.mock('../src/features/ai/api/ai.ts', () => ({
  useAiProducts: () => ({ isPending: false, data: [flexible, fixed] }),
  useSpotBalances: () => ({ data: { spot: [{ coin: 'USDC', available: '6850.000000' }] } }),
  useAiSubscribe: () => ({ mutateAsync: vi.fn(), isPending: false }),
}));

const { default: AIBuy } = await import('../src/features/ai/routes/AIBuy.tsx');
const { rateRange } = await import('../src/features/ai/routes/AI.tsx');

describe('AI subscribe amounts', () => {
  afterEach(() => cleanup());

  it('shows the available balance with 2 decimals and a flexible fee as 0%', () => {
    openScreen([{ path: '/AIBuy', Component: AIBuy }], '/AIBuy?id=1');
    expect(screen.getByText('Available 6,850.00 USDC')).toBeTruthy();
    expect(screen.getByText('0%')).toBeTruthy();
  });

  it('writes both ends of a daily-rate range with at least 2 decimals', () => {
    const p = { ...flexible, daily_rate_min_ppm: 600, daily_rate_max_ppm: 1000 };
    expect(rateRange(p, 'en')).toBe('0.06% – 0.10%');
    expect(rateRange(p, 'de')).toBe('0,06\u00a0% – 0,10\u00a0%');
    expect(rateRange({ ...p, daily_rate_min_ppm: 125 }, 'en')).toBe('0.0125% – 0.10%');
    // Italian writes the sign close (CLDR), French and German with a no-break space (ADR 247).
    expect(rateRange(p, 'it')).toBe('0,06% – 0,10%');
  });

  it('in German', () => {
    openScreen([{ path: '/AIBuy', Component: AIBuy }], '/AIBuy?id=1', { lang: 'de' });
    expect(screen.getByText(/6\.850,00 USDC/)).toBeTruthy();
  });

  it('before an amount is typed: a bare dash for the expected yield, the fee rate alone (no "-- USDC")', () => {
    openScreen([{ path: '/AIBuy', Component: AIBuy }], '/AIBuy?id=2', { lang: 'de' });
    expect(screen.getByTestId('ai-expected').textContent).toBe('--');
    const fee = screen.getByText(webCatalogues.de.earn2.ai.fee).nextElementSibling;
    expect(fee?.textContent).toBe('1\u00a0%');
    expect(document.body.textContent).not.toContain('--\u00a0USDC');
  });

  it('writes the early-redemption fee and the confirmation amount with 2 decimals (0.60 USDC, 60.00 USDC)', async () => {
    openScreen([{ path: '/AIBuy', Component: AIBuy }], '/AIBuy?id=2');
    fireEvent.change(screen.getByPlaceholderText(/^50/), { target: { value: '60' } });
    // 60 x 0.04 % x 7 days = 0.168 exactly; 1 % of 60 = 0.6.
    expect(screen.getByTestId('ai-expected').textContent).toBe('0.168\u00a0USDC');
    expect(screen.getByText('1% (0.60 USDC)')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Confirm subscription' }));
    await waitFor(() => expect(confirmDialog).toHaveBeenCalled());
    expect(confirmDialog.mock.calls[0]![0].content).toBe('60.00\u00a0USDC · 7 days');
  });
});
