// Perpetual trading in a real browser against the built server, market maker on (prices move): the
// demo account funds its futures account through the API, opens a small long at market through the
// /ContractOpe form and its confirmation sheet, sees the position with real entry, mark and
// liquidation prices, closes it, and finds both orders in /ContractOrder.
import type { Position } from '@ex/contract';
import { webCatalogues } from '@ex/i18n';
import { describe, expect, it } from 'vitest';
import { api, fundFutures, phoneContext, screenshot, suite } from './harness.ts';

const en = webCatalogues.en;
const tr = en.trade;
const s = suite({ SEED_DEMO: '1', MARKET_MAKER: 'on' });

const positions = async () =>
  (await api<Position[]>(s.server.url, 'GET', '/api/app/contract/positions', undefined, s.token)).data;

/** "96977.52" -> "96,977.52" as the screen shows a 2-decimal price in English. */
const price2 = (v: string) =>
  new Intl.NumberFormat('en', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(
    v as `${number}`,
  );

describe('perpetual trading in the browser', () => {
  it('opens a market long with confirmation, shows it with real prices, closes it, lists it in history', async () => {
    await fundFutures(s.server.url, s.token);
    // The demo world opens two positions (ADR 219): this test starts from none.
    await api(s.server.url, 'POST', '/api/app/contract/positions/close-all', {}, s.token);
    await expect.poll(async () => (await positions()).length, { timeout: 15_000 }).toBe(0);

    const context = await phoneContext(s.browser, s.server.url);
    await context.addInitScript((t) => {
      localStorage.setItem('token', t);
      localStorage.setItem('lang', 'en');
    }, s.token);
    const page = await context.newPage();
    await page.goto('/ContractOpe?symbol=BTC_USDC_PERP');

    // Isolated: a cross position this small against 500 USDC has no liquidation price at all.
    await page.locator('.lev-chip').first().click();
    const levSheet = page.getByRole('dialog', { name: tr.adjustLeverage });
    await levSheet.getByRole('tab', { name: tr.isolated }).click();
    await levSheet.getByRole('button', { name: en.common.confirm }).click();
    await expect.poll(() => page.locator('.lev-chip').first().textContent()).toBe(tr.isolated);

    const form = page.locator('.tform');
    await form.getByRole('tab', { name: tr.market, exact: true }).click();
    await page.locator('input[name=quantity]').fill('0.0001');
    await form.getByRole('button', { name: tr.openLong }).click();

    const sheet = page.getByRole('dialog', { name: tr.confirmTitle });
    await sheet.waitFor();
    // At the step (0.0001), joined to its coin by a no-break space.
    await expect.poll(() => sheet.textContent()).toContain('0.0001\u00a0BTC');
    await screenshot(page, 'contract-confirm');
    await sheet.getByRole('button', { name: tr.openLong }).click();

    await expect.poll(async () => (await positions()).length, { timeout: 15_000 }).toBe(1);
    const [position] = await positions();
    if (!position) throw new Error('no position');
    expect(position.side).toBe('long');
    expect(position.margin_mode).toBe('isolated');
    expect(position.size).toBe('0.00010');
    expect(position.liquidation_price).not.toBeNull();

    const card = page.locator('.order-list .order-card').filter({ hasText: tr.long });
    await card.waitFor();
    await expect.poll(() => card.textContent()).toContain(price2(position.entry_price));
    await expect.poll(() => card.textContent()).toContain(price2(position.liquidation_price ?? ''));
    const cells = await card.locator('dd').allTextContents();
    // Size, entry, mark, liq. price and margin are numbers; only an unset TP/SL may show dashes.
    expect(cells.slice(0, 5).every((c) => /\d/.test(c) && !c.includes('--'))).toBe(true);
    await expect.poll(() => card.locator('.pos-pnl').textContent()).toMatch(/\d+\.\d\d%/);
    await screenshot(page, 'contract-position');

    await card.getByRole('button', { name: tr.closePosition }).click();
    await page.getByRole('dialog').getByRole('button', { name: tr.closePosition }).click();
    await page.getByText(tr.noPositions).waitFor();
    expect(await positions()).toEqual([]);

    await page.goto('/ContractOrder');
    const rows = page.locator('.order-list .order-card');
    // This test's orders (the demo world's are larger), at the market's step: 0.0001, not 0.00010.
    const ours = rows.filter({ hasText: '0.0001 / 0.0001' });
    await ours.filter({ hasText: tr.closeLong }).waitFor();
    await ours.filter({ hasText: tr.openLong }).waitFor();
    const closeRow = await ours.filter({ hasText: tr.closeLong }).textContent();
    expect(closeRow).toContain('0.0001 / 0.0001');
    expect(closeRow).toContain(en.orders.statuses.filled);
    expect(closeRow).not.toContain('--');
    await screenshot(page, 'contract-history');
    await context.close();
  });
});
