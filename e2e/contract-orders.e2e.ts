// Issue 8 in a real browser against the built server: the demo account places a stop-limit order
// with post-only through the /ContractOpe form (trigger on the mark), finds it waiting in the open
// orders, amends its trigger and price in the amend sheet, places a plain limit order, and cancels
// everything with cancel-all; the API agrees at each step.
import type { ContractOrder, Page as PageOf } from '@ex/contract';
import { webCatalogues } from '@ex/i18n';
import { describe, expect, it } from 'vitest';
import { api, fundFutures, openSignedIn, screenshot, suite } from './harness.ts';

const en = webCatalogues.en;
const tr = en.trade;
const s = suite({ SEED_DEMO: '1', MARKET_MAKER: 'on' });

const openOrders = async () =>
  (
    await api<PageOf<ContractOrder>>(
      s.server.url,
      'GET',
      '/api/app/contract/orders?status=open&limit=100',
      undefined,
      s.token,
    )
  ).data.list;

describe('contract order types in the browser', () => {
  it('stop-limit with post-only: placed, waiting in open orders, amended, cancelled with cancel-all', async () => {
    await fundFutures(s.server.url, s.token);
    const funding = await api<{ mark_price: string }>(
      s.server.url,
      'GET',
      '/api/app/contract/funding?symbol=BTC_USDC_PERP',
    );
    const mark = Number(funding.data.mark_price);
    // A buy stop well above the mark (it waits), its limit a little above the trigger.
    const trigger = (Math.round(mark * 1.02 * 10) / 10).toFixed(1);
    const limit = (Math.round(mark * 1.021 * 10) / 10).toFixed(1);

    const page = await openSignedIn(s.browser, s.server.url, s.token);
    await page.goto('/ContractOpe?symbol=BTC_USDC_PERP');

    const form = page.locator('.tform');
    await form.getByRole('tab', { name: tr.stop, exact: true }).click();
    await form.getByRole('tab', { name: tr.stopLimit }).click();
    await page.locator('input[name=trigger_price]').fill(trigger);
    await page.locator('input[name=price]').fill(limit);
    await page.locator('input[name=quantity]').fill('0.001');
    await form.locator('select[name=time_in_force]').selectOption('POST_ONLY');
    await screenshot(page, 'contract-stop-form');
    await form.getByRole('button', { name: tr.openLong }).click();
    const sheet = page.getByRole('dialog', { name: tr.confirmTitle });
    await sheet.waitFor();
    await expect.poll(() => sheet.textContent()).toContain(tr.stopLimit);
    await expect.poll(() => sheet.textContent()).toContain(tr.postOnly);
    await sheet.getByRole('button', { name: tr.openLong }).click();

    await expect.poll(async () => (await openOrders()).length, { timeout: 15_000 }).toBe(1);
    const [stop] = await openOrders();
    expect(stop).toMatchObject({
      type: 'stop_limit',
      time_in_force: 'POST_ONLY',
      trigger_by: 'mark',
      triggered: false,
      action: 'open_long',
    });

    await page
      .locator('.tpanel')
      .getByRole('tab', { name: /Open orders/ })
      .click();
    const card = page.locator('.order-list .order-card').filter({ hasText: tr.stopLimit });
    await card.waitFor();
    await expect.poll(() => card.textContent()).toContain(tr.waiting);
    await screenshot(page, 'contract-stop-open');

    // Amend: trigger and limit 10 USDC higher.
    const newTrigger = (Number(trigger) + 10).toFixed(1);
    const newLimit = (Number(limit) + 10).toFixed(1);
    await card.getByRole('button', { name: tr.amend }).click();
    const amend = page.getByRole('dialog', { name: tr.amendTitle });
    await amend.waitFor();
    await amend.locator('input[name=trigger_price]').fill(newTrigger);
    await amend.locator('input[name=price]').fill(newLimit);
    await screenshot(page, 'contract-stop-amend');
    await amend.getByRole('button', { name: tr.amend }).click();
    await expect
      .poll(async () => (await openOrders())[0]?.trigger_price, { timeout: 15_000 })
      .toBe(Number(newTrigger).toFixed(2));
    expect((await openOrders())[0]?.price).toBe(Number(newLimit).toFixed(2));

    // A second, resting order; then cancel-all takes both.
    const rest = await api(
      s.server.url,
      'POST',
      '/api/app/contract/orders',
      {
        symbol: 'BTC_USDC_PERP',
        action: 'open_long',
        type: 'limit',
        price: (Math.round(mark * 0.98 * 10) / 10).toFixed(1),
        quantity: '0.001',
        leverage: 10,
        margin_mode: 'cross',
        time_in_force: 'GTC',
      },
      s.token,
    );
    expect(rest.code).toBe(0);
    await expect.poll(async () => (await openOrders()).length, { timeout: 15_000 }).toBe(2);
    await page
      .locator('.tpanel')
      .getByRole('tab', { name: /Open orders/ })
      .click();
    await page.locator('.tpanel__bar').getByRole('button', { name: tr.cancelAll }).click();
    await page.getByRole('dialog').getByRole('button', { name: tr.cancelAll }).click();
    await expect.poll(async () => (await openOrders()).length, { timeout: 15_000 }).toBe(0);
    await page.getByText(tr.noOrders).waitFor();
    await page.context().close();
  });
});
