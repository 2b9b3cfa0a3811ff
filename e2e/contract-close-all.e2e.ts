// Close-all in a real browser (ADR 196/197), market maker on: the demo account holds a BTC long and
// an ETH short, taps "Close all" on the /ContractOpe positions panel, reads the confirmation sheet
// (both positions, their count, the estimated PnL), confirms, and has no position left.
import type { Position } from '@ex/contract';
import { webCatalogues } from '@ex/i18n';
import { describe, expect, it } from 'vitest';
import { api, fundFutures, phoneContext, screenshot, suite } from './harness.ts';

const tr = webCatalogues.en.trade;
const s = suite({ SEED_DEMO: '1', MARKET_MAKER: 'on' });

const positions = async () =>
  (await api<Position[]>(s.server.url, 'GET', '/api/app/contract/positions', undefined, s.token)).data;

const marketOrder = (symbol: string, action: string, quantity: string) =>
  api(
    s.server.url,
    'POST',
    '/api/app/contract/orders',
    { symbol, action, type: 'market', quantity, leverage: 10, margin_mode: 'cross' },
    s.token,
  );

describe('close all positions in the browser', () => {
  it('lists both positions in the sheet, closes them in one tap', async () => {
    await fundFutures(s.server.url, s.token);
    // The market maker quotes once prices arrive: retry until both positions are open.
    await expect
      .poll(
        async () => {
          const open = (await positions()).map((p) => p.symbol);
          if (!open.includes('BTC_USDC_PERP')) await marketOrder('BTC_USDC_PERP', 'open_long', '0.0002');
          if (!open.includes('ETH_USDC_PERP')) await marketOrder('ETH_USDC_PERP', 'open_short', '0.01');
          return (await positions()).length;
        },
        { timeout: 30_000, interval: 1_000 },
      )
      .toBe(2);

    const context = await phoneContext(s.browser, s.server.url);
    await context.addInitScript((t) => {
      localStorage.setItem('token', t);
      localStorage.setItem('lang', 'en');
    }, s.token);
    const page = await context.newPage();
    await page.goto('/ContractOpe?symbol=BTC_USDC_PERP');
    await page.locator('.order-list .order-card').nth(1).waitFor();

    await page.getByRole('button', { name: tr.closeAll, exact: true }).click();
    const sheet = page.getByRole('dialog', { name: tr.closeAllTitle });
    await sheet.waitFor();
    await expect.poll(() => sheet.textContent()).toContain('Long BTC/USDC Cross');
    const text = (await sheet.textContent()) ?? '';
    expect(text).toContain('Short ETH/USDC Cross');
    expect(text).toContain(`${tr.closeAllCount}2`);
    expect(text).toMatch(/\(USDC\)[+\u2212]?\d+\.\d\d/);
    await screenshot(page, 'contract-close-all-sheet');

    await sheet.getByRole('button', { name: tr.closeAll }).click();
    await page.getByText(tr.noPositions).waitFor({ timeout: 15_000 });
    expect(await positions()).toEqual([]);
    await screenshot(page, 'contract-close-all-done');
    await context.close();
  });
});
