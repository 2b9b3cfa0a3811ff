// Close-all on the positions panel (ADR 196/197): the button opens a confirmation sheet that lists
// every position with its size and estimated PnL, their count and the exact total; confirming sends
// one request; a position left open is named with the server's reason.
import { webCatalogues } from '@ex/i18n';
import type { ContractCloseAllResult } from '@ex/sdk';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LangProvider, useLang } from '../src/app/lang-context.tsx';
import { BTC_PERP_COIN, btcPerpPosition } from './perp-coin.ts';

const closeAll = vi.fn<(body: unknown) => Promise<ContractCloseAllResult>>();
vi.mock('../src/lib/api.ts', () => ({ api: { contract: { closeAll: (b: unknown) => closeAll(b) } } }));
// The panel's toasts go through showToast (ADR 235): what it is asked to show.
const toast = vi.fn();
vi.mock('../src/lib/toast.ts', () => ({ showToast: (content: string) => toast(content) }));
const idle = { mutate: vi.fn(), mutateAsync: vi.fn(), isPending: false };
vi.mock('../src/features/trade/api/contract.ts', () => ({
  useOpenContractOrders: () => ({ data: { list: [], total: 0 } }),
  useCancelContractOrder: () => idle,
  useAmendContractOrder: () => idle,
  useCancelAllContract: () => idle,
  useAdjustMargin: () => idle,
  useSetTpsl: () => idle,
  useClosePosition: () => idle,
}));

const { estimatedPnl } = await import('../src/features/trade/components/CloseAllPositions.tsx');
const { PositionsPanel } = await import('../src/features/trade/components/PositionsPanel.tsx');

const position = btcPerpPosition;
const LONG = position({ unrealized_pnl: '12.500000' });
const SHORT = position({
  side: 'short',
  margin_mode: 'isolated',
  size: '0.005',
  unrealized_pnl: '-2.250001',
});

function WithI18n({ children }: { children: React.ReactNode }) {
  const { i18n } = useLang();
  return <I18nextProvider i18n={i18n}>{children}</I18nextProvider>;
}

function open(lang: 'en' | 'de' | 'es' | 'fr') {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <LangProvider initial={lang} catalogue={webCatalogues[lang]}>
        <WithI18n>
          <MemoryRouter>
            <PositionsPanel coins={[BTC_PERP_COIN]} positions={[LONG, SHORT]} />
          </MemoryRouter>
        </WithI18n>
      </LangProvider>
    </QueryClientProvider>,
  );
}

const item = (id: string, status: 'closed' | 'not_closed', message: string | null = null) => ({
  position_id: id,
  symbol: 'BTC_USDC_PERP',
  side: id.endsWith('long') ? ('long' as const) : ('short' as const),
  margin_mode: id.includes('cross') ? ('cross' as const) : ('isolated' as const),
  size: '0.01000',
  closed_quantity: status === 'closed' ? '0.01000' : '0.00000',
  order_id: '7',
  status,
  code: message === null ? null : 2204,
  message,
});

describe('close all positions', () => {
  beforeEach(() => {
    window.localStorage.setItem('token', 'x');
  });
  afterEach(() => {
    cleanup();
    window.localStorage.clear();
    closeAll.mockReset();
    toast.mockReset();
  });

  it('sums PnL exactly, without floating point', () => {
    expect(estimatedPnl([LONG, SHORT])).toBe('10.249999');
    expect(estimatedPnl([position({ unrealized_pnl: '0.1' }), position({ unrealized_pnl: '0.2' })])).toBe(
      '0.3',
    );
    expect(estimatedPnl([])).toBe('0');
  });

  it('lists what will be closed, then closes all in one request', async () => {
    const en = webCatalogues.en.trade;
    closeAll.mockResolvedValue({
      closed: 2,
      not_closed: 0,
      positions: [item(LONG.id, 'closed'), item(SHORT.id, 'closed')],
    });
    open('en');
    fireEvent.click(screen.getByRole('button', { name: en.closeAll }));
    const sheet = await screen.findByRole('dialog', { name: en.closeAllTitle });
    const text = sheet.textContent ?? '';
    expect(text).toContain('Long BTC/USDC Cross');
    expect(text).toContain('0.010 · +12.50');
    expect(text).toContain('Short BTC/USDC Isolated');
    expect(text).toContain('0.005 · \u22122.25');
    expect(text).toContain(`${en.closeAllCount}2`);
    expect(text).toContain(`${en.closeAllPnl} (USDC)+10.25`);
    expect(text).toContain(en.closeAllProtection);
    expect(closeAll).not.toHaveBeenCalled();
    fireEvent.click(within(sheet).getByRole('button', { name: en.closeAll }));
    await vi.waitFor(() => expect(toast).toHaveBeenCalledWith('Positions closed: 2'));
    expect(closeAll).toHaveBeenCalledTimes(1);
    expect(closeAll).toHaveBeenCalledWith({});
  });

  it("names what stayed open with the server's reason, in the user's language", async () => {
    const de = webCatalogues.de.trade;
    const reason = 'Nicht vollständig geschlossen: zu wenig Volumen';
    closeAll.mockResolvedValue({
      closed: 1,
      not_closed: 1,
      positions: [item(LONG.id, 'closed'), item(SHORT.id, 'not_closed', reason)],
    });
    open('de');
    fireEvent.click(screen.getByRole('button', { name: de.closeAll }));
    const sheet = await screen.findByRole('dialog', { name: de.closeAllTitle });
    fireEvent.click(within(sheet).getByRole('button', { name: de.closeAll }));
    await vi.waitFor(() => expect(toast).toHaveBeenCalledWith(`Geschlossen: 1, noch offen: 1. ${reason}`));
  });

  it('asks before closing one position, in a sentence whose side agrees with it', async () => {
    const sentences = {
      // The size and its coin are joined by a no-break space: the line never breaks between them.
      en: ['Close the long position of 0.010\u00a0BTC', 'Close the short position of 0.005\u00a0BTC'],
      es: ['¿Cerrar la posición larga de 0,010\u00a0BTC', '¿Cerrar la posición corta de 0,005\u00a0BTC'],
      fr: ['Fermer la position longue de 0,010\u00a0BTC', 'Fermer la position courte de 0,005\u00a0BTC'],
    } as const;
    for (const [lang, [long, short]] of Object.entries(sentences) as [
      keyof typeof sentences,
      readonly string[],
    ][]) {
      open(lang);
      const closes = screen.getAllByRole('button', { name: webCatalogues[lang].trade.closePosition });
      fireEvent.click(closes[0]!);
      expect((await screen.findByRole('dialog')).textContent).toContain(long);
      fireEvent.click(await screen.findByRole('button', { name: webCatalogues[lang].common.cancel }));
      await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      fireEvent.click(closes[1]!);
      expect((await screen.findByRole('dialog')).textContent).toContain(short);
      fireEvent.click(await screen.findByRole('button', { name: webCatalogues[lang].common.cancel }));
      await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      cleanup();
    }
  });
});
