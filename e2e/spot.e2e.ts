// Spot trading in a real browser against the built server, market maker on (prices move): the demo
// account places a limit buy through the form and its confirmation sheet, sees it under current
// orders, and cancels it.
import { webCatalogues } from '@ex/i18n';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  api,
  launchBrowser,
  loginToken,
  phoneContext,
  type RunningServer,
  screenshot,
  startServer,
} from './harness.ts';

const tr = webCatalogues.en.trade;
let server: RunningServer;
let browser: Browser;
let token: string;

beforeAll(async () => {
  server = await startServer({ SEED_DEMO: '1', MARKET_MAKER: '1' });
  browser = await launchBrowser();
  token = await loginToken(server.url);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

interface OrdersPage {
  list: { id: string; price: string | null; status: string }[];
  total: number;
}

const openOrders = async () =>
  (
    await api<OrdersPage>(
      server.url,
      'GET',
      '/api/app/spot/orders?status=open&symbol=BTC_USDC',
      undefined,
      token,
    )
  ).data;

describe('spot trading in the browser', () => {
  it('places a limit buy with confirmation, lists it under current orders, cancels it', async () => {
    const context = await phoneContext(browser, server.url);
    await context.addInitScript((t) => {
      localStorage.setItem('token', t);
      localStorage.setItem('lang', 'en');
    }, token);
    const page = await context.newPage();
    await page.goto('/SpotOpe?symbol=BTC_USDC');

    // Near the bottom of the allowed band (index - 10 %, ADR 112) so it rests on the book whatever
    // the bot does: 1 % above the band's floor, rounded up to whole hundreds.
    const band = await api<{ band: { min: string } | null }>(
      server.url,
      'GET',
      '/api/app/market/band?symbol=BTC_USDC',
    );
    expect(band.data.band).not.toBeNull();
    const floor = BigInt(band.data.band!.min.split('.')[0]!);
    const hundreds = (floor * 101n + 9_999n) / 10_000n;
    const whole = hundreds * 100n; // e.g. 87,400
    const group = (n: bigint) => n.toString().replace(/\B(?=(\d{3})+(?!\d))/g, ',');
    const priceText = `${group(whole)}.00`;
    // 0.001 BTC costs whole / 1,000 USDC: hundreds / 10, one decimal digit.
    const costText = `${hundreds / 10n}.${hundreds % 10n}0`;
    const price = page.locator('input[name=price]');
    await price.fill('');
    await price.fill(`${whole}.00`);
    await page.locator('input[name=quantity]').fill('0.0010');
    await page
      .locator('.tform')
      .getByRole('button', { name: tr.buyBase.replace('{{base}}', 'BTC') })
      .click();

    const sheet = page.getByRole('dialog', { name: tr.confirmTitle });
    await sheet.waitFor();
    // Figure and unit joined by a no-break space: a line never breaks between them.
    await expect.poll(() => sheet.textContent()).toContain(`Buy 0.0010\u00a0BTC at ${priceText}\u00a0USDC.`);
    await expect.poll(() => sheet.textContent()).toContain(`This costs about ${costText}\u00a0USDC`);
    await screenshot(page, 'spot-confirm');
    await sheet.getByRole('button', { name: tr.buyBase.replace('{{base}}', 'BTC') }).click();

    const card = page.locator('.order-list .order-card').filter({ hasText: priceText });
    await card.waitFor();
    expect((await openOrders()).total).toBe(1);
    await screenshot(page, 'spot-open-order');

    await card.getByRole('button', { name: tr.cancel }).click();
    await page.getByText(tr.noOrders).waitFor();
    expect((await openOrders()).total).toBe(0);
    await context.close();
  });
});
