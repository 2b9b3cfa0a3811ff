// One-way position mode in a real browser against the built server (ADR 180): the demo account
// switches to one-way in the contract settings sheet (with its confirmation), the form then shows
// Buy/Long and Sell/Short without open/close tabs, a market sell opens a short and a larger market
// buy flips it into a long; the API agrees at each step. The mode is locked while the position is
// open.
import type { Position } from '@ex/contract';
import { webCatalogues } from '@ex/i18n';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { api, fundFutures, openSignedIn, screenshot, suite } from './harness.ts';

const tr = webCatalogues.en.trade;
const s = suite({ SEED_DEMO: '1', MARKET_MAKER: 'on' });

const positions = async () =>
  (await api<Position[]>(s.server.url, 'GET', '/api/app/contract/positions', undefined, s.token)).data.filter(
    (p) => p.symbol === 'BTC_USDC_PERP',
  );
const mode = async () =>
  (
    await api<{ mode: string; can_change: boolean }>(
      s.server.url,
      'GET',
      '/api/app/contract/position-mode',
      undefined,
      s.token,
    )
  ).data;

/** A market order of `qty` BTC through the form, confirmed in the confirmation sheet. */
async function marketOrder(page: Page, button: string, qty: string) {
  const form = page.locator('.tform');
  await form.getByRole('tab', { name: tr.market, exact: true }).click();
  await page.locator('input[name=quantity]').fill(qty);
  await form.getByRole('button', { name: button, exact: true }).click();
  const sheet = page.getByRole('dialog', { name: tr.confirmTitle });
  await sheet.waitFor();
  await screenshot(page, `contract-one-way-confirm-${qty}`);
  await sheet.getByRole('button', { name: button, exact: true }).click();
  await sheet.waitFor({ state: 'hidden' });
}

describe('one-way position mode in the browser', () => {
  it('switches in the settings sheet, then a buy flips a short into a long', async () => {
    await fundFutures(s.server.url, s.token, '2000');
    // The mode changes only with nothing open: clear what the demo world may have left.
    await api(s.server.url, 'POST', '/api/app/contract/orders/cancel-all', {}, s.token);
    await api(s.server.url, 'POST', '/api/app/contract/positions/close-all', {}, s.token);
    await expect.poll(async () => (await mode()).can_change, { timeout: 15_000 }).toBe(true);
    expect((await mode()).mode).toBe('hedge');

    const page = await openSignedIn(s.browser, s.server.url, s.token);
    await page.goto('/ContractOpe?symbol=BTC_USDC_PERP');
    await page.locator('.tform .intent-tabs').waitFor();

    // The settings sheet: choose one-way, confirm.
    await page.locator('.lev-chip').first().click();
    const sheet = page.getByRole('dialog', { name: tr.adjustLeverage });
    await sheet.waitFor();
    await sheet.getByRole('tab', { name: tr.oneWayMode }).click();
    const confirm = sheet.getByRole('alertdialog');
    await confirm.waitFor();
    expect(await confirm.textContent()).toContain(tr.oneWayMode);
    await screenshot(page, 'contract-position-mode-confirm');
    await confirm.getByRole('button', { name: tr.positionModeSwitch }).click();
    await expect.poll(async () => (await mode()).mode, { timeout: 15_000 }).toBe('one_way');
    await confirm.waitFor({ state: 'hidden' });
    await page.keyboard.press('Escape');
    await page.mouse.click(187, 40);
    await sheet.waitFor({ state: 'hidden' });

    // The form: Buy/Long and Sell/Short, no open/close tabs.
    const form = page.locator('.tform');
    await form.getByRole('button', { name: tr.buyLong, exact: true }).waitFor();
    expect(await form.locator('.intent-tabs').count()).toBe(0);
    expect(await form.getByRole('button', { name: tr.openLong, exact: true }).count()).toBe(0);
    await screenshot(page, 'contract-one-way-form');

    // Sell 0.002: a short.
    await marketOrder(page, tr.sellShort, '0.002');
    await expect
      .poll(async () => (await positions()).map((p) => [p.side, p.size]), { timeout: 15_000 })
      .toEqual([['short', '0.00200']]);
    // Buy 0.005: the short closes and a long of 0.003 opens.
    await marketOrder(page, tr.buyLong, '0.005');
    await expect
      .poll(async () => (await positions()).map((p) => [p.side, p.size]), { timeout: 15_000 })
      .toEqual([['long', '0.00300']]);
    expect(await mode()).toEqual({ mode: 'one_way', can_change: false });
    await page
      .locator('.tpanel')
      .getByRole('tab', { name: /Positions/ })
      .click()
      .catch(() => undefined);
    await screenshot(page, 'contract-one-way-flipped');

    // With the position open, the sheet shows the mode locked.
    await page.locator('.lev-chip').first().click();
    await sheet.waitFor();
    await sheet.getByText(tr.positionModeBusy).waitFor();
    await screenshot(page, 'contract-position-mode-locked');
  });
});
