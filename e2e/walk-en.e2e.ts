// An English user's walk through the money flows at 375 x 812 (the demo account, market maker on):
// a spot limit order placed and cancelled and a market order filled, an isolated 5x long with
// TP/SL opened and closed, a flash exchange, a withdrawal with its bad-input errors, an AI quant
// subscription and the daily check-in. What the walk found wrong stays fixed: the order sheet's
// table wrote its estimates with 6 decimals under a 2-decimal sentence, the TP/SL sheet was
// "Profit/loss setting" with "Trigger by: Mark | Last", the exchange sheet had no Cancel,
// "You receive" showed an amount the form refused, the AI fee read "(0.6 USDC)", an isolated
// long took a stop loss under its own liquidation price, the exchange's "You receive" stayed empty
// until Exchange was pressed, and a wrong transaction password was a toast with no field marked.
import { webCatalogues } from '@ex/i18n';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  api,
  DEMO_EMAIL,
  openSignedIn,
  pagesWiderThan,
  screenshot,
  setUpWithdrawalGates,
  suite,
} from './harness.ts';

const en = webCatalogues.en;
const tr = en.trade;
const s = suite({ SEED_DEMO: '1', MARKET_MAKER: '1' });

const page = (): Promise<Page> => openSignedIn(s.browser, s.server.url, s.token, 'en');
const get = async <T>(path: string): Promise<T> =>
  (await api<T>(s.server.url, 'GET', path, undefined, s.token)).data;
const dismissToast = (p: Page) => p.locator('.adm-toast-mask').waitFor({ state: 'detached' });

interface Position {
  symbol: string;
  margin_mode: string;
  leverage: number;
  tp_price: string | null;
  sl_price: string | null;
}

describe('the English walk at 375 px', () => {
  it('/SpotOpe: a limit buy placed and cancelled, a market buy whose sheet writes each estimate at one precision', async () => {
    const p = await page();
    await p.goto('/SpotOpe?symbol=BTC_USDC');
    const form = p.locator('.tform');
    const buy = form.getByRole('button', { name: 'Buy BTC', exact: true });
    // Bad input: letters never reach the field; an empty amount is refused under the field.
    const qty = p.locator('input[name=quantity]');
    await qty.click();
    await p.keyboard.type('abc');
    expect(await qty.inputValue()).toBe('');
    await buy.click();
    expect(await p.getByRole('dialog', { name: tr.confirmTitle }).count()).toBe(0);

    // A limit buy 10 % under the market rests on the book; cancel it from the list.
    const band = await get<{ band: { min: string } | null }>('/api/app/market/band?symbol=BTC_USDC');
    const price = `${(BigInt(band.band!.min.split('.')[0]!) * 102n) / 100n}.00`;
    await p.locator('input[name=price]').fill(price);
    await qty.fill('0.001');
    await buy.click();
    const sheet = p.getByRole('dialog', { name: tr.confirmTitle });
    await sheet.getByRole('button', { name: 'Buy BTC', exact: true }).click();
    const card = p.locator('.order-list .order-card');
    await card.first().waitFor();
    await screenshot(p, 'walk-en-spot-open-order');
    await card.first().getByRole('button', { name: tr.cancel, exact: true }).click();
    await p.getByText(tr.noOrders).waitFor();
    await dismissToast(p);

    // A market buy: the sentence and the table say the same cost and fee.
    await form.getByRole('tab', { name: tr.market, exact: true }).click();
    await qty.fill('0.002');
    await buy.click();
    await sheet.waitFor();
    await screenshot(p, 'walk-en-spot-market-confirm');
    const row = async (label: string) =>
      (await sheet.locator('.kv').filter({ hasText: label }).locator('dd').textContent()) ?? '';
    const cost = await row(tr.estCost);
    const fee = await row(tr.estFee);
    // "≈", the figure and its unit are joined by no-break spaces (one piece on a narrow line).
    expect(cost).toMatch(/^≈\u00a0[\d,]+\.\d{2}\u00a0USDC$/);
    expect(fee).toMatch(/^≈\u00a0\d+\.\d{2}\u00a0USDC$/);
    const text = (await sheet.textContent()) ?? '';
    expect(text).toContain(`This costs about ${cost.slice(2)} plus a fee of about ${fee.slice(2)}.`);
    await sheet.getByRole('button', { name: 'Buy BTC', exact: true }).click();
    await p.getByText(tr.placed).waitFor();
    await p.context().close();
  });

  it('/ContractOpe: an isolated 5x long with TP/SL, its TP/SL sheet, closed at market', async () => {
    const p = await page();
    await p.goto('/ContractOpe?symbol=SOL_USDC_PERP');
    await p.getByRole('button', { name: tr.cross, exact: true }).click();
    const lev = p.getByRole('dialog', { name: tr.adjustLeverage });
    await lev.getByRole('tab', { name: tr.isolated, exact: true }).click();
    await lev.getByRole('button', { name: '5x', exact: true }).click();
    await lev.getByRole('button', { name: en.common.confirm, exact: true }).click();
    await p.getByRole('button', { name: tr.isolated, exact: true }).waitFor();
    await dismissToast(p);

    const funding = await get<{ mark_price: string }>('/api/app/contract/funding?symbol=SOL_USDC_PERP');
    const mark = Number.parseFloat(funding.mark_price);
    const tp = (Math.round(mark * 1.2 * 1000) / 1000).toFixed(3);
    const sl = (Math.round(mark * 0.9 * 1000) / 1000).toFixed(3);
    const form = p.locator('.tform');
    await form.getByRole('tab', { name: tr.market, exact: true }).click();
    await p.locator('input[name=quantity]').fill('1');
    await form.getByText('TP/SL', { exact: true }).click();
    await p.locator('input[name=tp_price]').fill(tp);
    // A stop under the isolated 5x long's liquidation (about 80 % of the entry) would never fire.
    await p.locator('input[name=sl_price]').fill((Math.round(mark * 0.7 * 1000) / 1000).toFixed(3));
    await form.getByRole('button', { name: tr.openLong, exact: true }).click();
    await p.getByText(/^Stop loss must be above the liquidation price \([\d,.]+\)$/).waitFor();
    const sheet = p.getByRole('dialog', { name: tr.confirmTitle });
    expect(await sheet.count()).toBe(0);
    await p.locator('input[name=sl_price]').fill(sl);
    await form.getByRole('button', { name: tr.openLong, exact: true }).click();
    await sheet.waitFor();
    expect(await sheet.textContent()).toContain('Isolated 5x');
    const fee = await sheet.locator('.kv').filter({ hasText: tr.estFee }).locator('dd').textContent();
    expect(fee).toMatch(/^≈\u00a0\d+\.\d{2}\u00a0USDC$/);
    await screenshot(p, 'walk-en-contract-confirm');
    await sheet.getByRole('button', { name: tr.openLong, exact: true }).click();

    await expect
      .poll(async () =>
        (await get<Position[]>('/api/app/contract/positions')).find((x) => x.symbol === 'SOL_USDC_PERP'),
      )
      .toMatchObject({ margin_mode: 'isolated', leverage: 5, tp_price: tp, sl_price: sl });

    const card = p
      .locator('.pos-card, li')
      .filter({ hasText: 'SOL/USDC' })
      .filter({ hasText: tr.closePosition });
    await card.last().getByRole('button', { name: tr.tpsl, exact: true }).click();
    const tpsl = p.getByRole('dialog', { name: 'Take profit / stop loss' });
    await tpsl.waitFor();
    const tabs = tpsl.getByRole('tablist', { name: tr.triggerBy });
    expect(await tabs.getByRole('tab').allTextContents()).toEqual(['Mark price', 'Last price']);
    const save = await tpsl.getByRole('button', { name: tr.save }).boundingBox();
    const tabBox = await tabs.boundingBox();
    expect(tabBox!.y + tabBox!.height).toBeLessThanOrEqual(save!.y);
    await screenshot(p, 'walk-en-tpsl-sheet');
    await p
      .locator('.adm-mask')
      .last()
      .click({ position: { x: 10, y: 10 } });
    await tpsl.waitFor({ state: 'detached' });

    await card.last().getByRole('button', { name: tr.closePosition, exact: true }).click();
    await p.locator('.adm-dialog').getByRole('button', { name: tr.closePosition, exact: true }).click();
    await expect
      .poll(async () =>
        (await get<Position[]>('/api/app/contract/positions')).some((x) => x.symbol === 'SOL_USDC_PERP'),
      )
      .toBe(false);
    // The choice outlives the position and the visit: the next order starts from Isolated 5x again.
    await p.reload();
    await p.getByRole('button', { name: tr.isolated, exact: true }).waitFor();
    expect(await p.getByRole('button', { name: `${tr.leverage} 5x`, exact: true }).count()).toBe(1);
    await p.context().close();
  });

  it('/Transform: the exchange sheet can be cancelled, then the exchange goes through', async () => {
    const p = await page();
    await p.goto('/Transform');
    const amount = p.getByPlaceholder('0', { exact: true });
    await amount.fill('abc');
    await p.getByText(en.earn1.exchange.amountInvalid).waitFor();
    // "You receive" is '--' for a refused amount and a live estimate as soon as typing pauses
    // (it stayed empty until Exchange was pressed).
    const estimate = p.getByTestId('fx-estimate');
    expect(await estimate.textContent()).toBe('--');
    await amount.fill('0.01');
    await expect.poll(() => estimate.textContent()).toMatch(/^\d{1,3}(,\d{3})*\.\d{2}$/);
    await screenshot(p, 'walk-en-exchange-estimate');
    await p.getByRole('button', { name: en.earn1.exchange.submit, exact: true }).click();
    const title = p.getByRole('heading', { name: en.earn1.exchange.confirmTitle });
    await title.waitFor();
    await screenshot(p, 'walk-en-exchange-confirm');
    await p.getByRole('button', { name: en.common.cancel, exact: true }).click();
    await title.waitFor({ state: 'detached' });
    await p.getByRole('button', { name: en.earn1.exchange.submit, exact: true }).click();
    await p.getByRole('button', { name: en.earn1.exchange.confirm, exact: true }).click();
    await p.getByText(en.earn1.exchange.done).waitFor();
    await p.context().close();
  });

  it('/Withdrawal: a bad TRC20 address, an amount over the balance (nothing arrives), then a confirmed withdrawal', async () => {
    await setUpWithdrawalGates(s.server.url, s.token, DEMO_EMAIL, 'Trade-pass-1');
    const p = await page();
    await p.goto('/Withdrawal');
    const address = p.getByPlaceholder('TRON address starting with T');
    await address.fill('0x1234567890abcdef');
    await p.getByPlaceholder(/^Minimum/).fill('50000');
    await p.getByPlaceholder('Enter your transaction password').fill('Trade-pass-1');
    await p.getByRole('button', { name: 'Withdraw', exact: true }).click();
    await p.getByText('Not a valid TRC20 address (starts with T, 34 characters)').waitFor();
    await p.getByText('More than your available balance').waitFor();
    expect(await p.getByTestId('receive-amount').textContent()).toBe('--');
    await screenshot(p, 'walk-en-withdraw-errors');
    expect(await p.getByRole('dialog').count()).toBe(0);

    await address.fill('TNPeeaaFB7K9cmo4uQpcU32zGK8G1NYqeL');
    await p.getByPlaceholder(/^Minimum/).fill('20');
    expect(await p.getByTestId('receive-amount').textContent()).toBe('19.00\u00a0USDC');
    // A wrong transaction password is marked under its field (it was a toast alone), the rest of
    // the form kept.
    const password = p.getByPlaceholder('Enter your transaction password');
    await password.fill('Wrong-pass-9');
    await p.getByRole('button', { name: 'Withdraw', exact: true }).click();
    await p.getByRole('button', { name: en.common.confirm, exact: true }).click();
    await p
      .locator('.f-input:has(input[type=password]) + .f-field-error', {
        hasText: 'The transaction password is wrong',
      })
      .waitFor();
    expect(await p.locator('.f-input--error:has(input[type=password])').count()).toBe(1);
    expect(await address.inputValue()).toBe('TNPeeaaFB7K9cmo4uQpcU32zGK8G1NYqeL');
    expect(await p.locator('.adm-toast-mask').count()).toBe(0);
    await screenshot(p, 'walk-en-withdraw-wrong-password');
    await password.fill('Trade-pass-1');
    await p.getByRole('button', { name: 'Withdraw', exact: true }).click();
    await p.getByText(/^Send 19\.00\u00a0USDC to TNPeea/).waitFor();
    await p.getByRole('button', { name: en.common.confirm, exact: true }).click();
    await p.waitForURL(/\/WithdrawalHistory$/);
    await p.context().close();
  });

  it('/AIBuy and the check-in: the fee and the confirmation with 2 decimals; a check-in answers', async () => {
    const p = await page();
    await p.goto('/AI');
    await p.getByRole('button', { name: 'Subscribe' }).nth(1).click();
    await p.waitForURL(/\/AIBuy\?id=/);
    await p.locator('input[name=amount]').fill('60');
    await p.getByText(/^1% \(0\.60\sUSDC\)$/).waitFor();
    await p.getByRole('button', { name: 'Confirm subscription' }).click();
    await p.locator('.adm-dialog').getByText('60.00 USDC · 7 days').waitFor();
    await p.locator('.adm-dialog').getByRole('button', { name: 'Subscribe' }).click();
    await p.waitForURL(/\/AIHis$/);

    await p.goto('/');
    await p.getByRole('button', { name: 'Check in', exact: true }).click();
    await p.getByRole('button', { name: 'Checked in', exact: true }).waitFor();
    await p.context().close();
  });

  it('no screen of the walk scrolls sideways at 375 px', async () => {
    const p = await page();
    const wide = await pagesWiderThan(p, [
      '/SpotOpe',
      '/ContractOpe',
      '/Transform',
      '/Withdrawal',
      '/TransformTwo',
      '/AI',
      '/AIHis',
      '/Defn',
      '/SpotOrder',
      '/ContractOrder',
      '/TradingOne',
      '/TradingTwo',
      '/Msg',
      '/Notices',
    ]);
    expect(wide).toEqual([]);
    await p.context().close();
  });
});
