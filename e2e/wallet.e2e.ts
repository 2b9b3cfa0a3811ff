// The wallet in a real browser against the built server with the funded demo account: the balance
// on /My, a 100 USDC transfer spot -> futures through the confirmation sheet, both balances moving,
// and the entry on the futures ledger (/TradingTwo).
import { webCatalogues } from '@ex/i18n';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { api, openSignedIn, screenshot, suite } from './harness.ts';

const en = webCatalogues.en;
const w = en.wallet;

interface Balances {
  spot: { coin: string; available: string; frozen: string }[];
  contract: { available: string; equity: string; wallet_balance: string };
}

// No market maker: its orders would move the demo balances while we read them.
const s = suite({ SEED_DEMO: '1', MARKET_MAKER: '0' });

async function balances(): Promise<Balances> {
  const res = await api<Balances>(s.server.url, 'GET', '/api/app/wallet/balances', undefined, s.token);
  expect(res.code).toBe(0);
  return res.data;
}

const signedInPage = (): Promise<Page> => openSignedIn(s.browser, s.server.url, s.token);

/** "10000.000000" -> "10,000.00" (en, 2 decimals as the overview shows USDC). */
const usdc2 = (v: string) =>
  new Intl.NumberFormat('en', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(
    v as `${number}`,
  );

/**
 * A coin row's amount as the assets list writes it: at least 2 decimals and every decimal the
 * balance has, up to USDC's 6 ("7977.089020" -> "7,977.08902"; the demo's flash conversions leave
 * such a balance).
 */
const usdcRow = (v: string) =>
  new Intl.NumberFormat('en', { minimumFractionDigits: 2, maximumFractionDigits: 6 }).format(
    v as `${number}`,
  );

describe('wallet in the browser', () => {
  it('shows the funded balance, transfers 100 USDC spot -> futures with confirmation, and lists it', async () => {
    const before = await balances();
    const spotUsdc = before.spot.find((b) => b.coin === 'USDC')?.available ?? '0';
    expect(spotUsdc).not.toMatch(/^0(\.0+)?$/);

    const page = await signedInPage();
    await page.goto('/My?tab=spot');
    const usdcLine = page.locator('a.w-row', { hasText: 'USDC' }).first();
    await usdcLine.getByText(`${w.assets.available} ${usdcRow(spotUsdc)}`).waitFor();
    await screenshot(page, 'wallet-my-spot');

    // Into the transfer from the assets page, as a user would.
    await page.getByRole('button', { name: en.my.transfer }).click();
    await page.waitForURL('**/TransformTwo');
    await page.getByRole('button', { name: `${w.transfer.from}: ${w.accounts.spotAccount}` }).waitFor();
    await page.getByRole('button', { name: `${w.transfer.to}: ${w.accounts.contractAccount}` }).waitFor();
    await page.getByLabel(w.transfer.amount).fill('100');
    await page.getByRole('button', { name: w.transfer.submit, exact: true }).click();
    const sheet = page.locator('.w-confirm');
    await sheet
      .getByText(
        w.transfer.confirmText
          // The figure and its unit in one placeholder, joined by a no-break space (ADR 273).
          .replace('{{amount}}', '100.00\u00a0USDC')
          .replace('{{from}}', w.accounts.spotInText)
          .replace('{{to}}', w.accounts.contractInText),
      )
      .waitFor();
    await screenshot(page, 'wallet-confirm');
    await sheet.getByRole('button', { name: en.common.confirm }).click();
    await page.waitForURL('**/My**');

    const after = await balances();
    const spotAfter = after.spot.find((b) => b.coin === 'USDC')?.available ?? '';
    expect(BigInt(spotAfter.replace('.', ''))).toBe(BigInt(spotUsdc.replace('.', '')) - 100_000_000n);
    // The demo world moved 3,000 USDC in already (ADR 219): the transfer adds 100 to that.
    expect(BigInt(after.contract.available.replace('.', ''))).toBe(
      BigInt(before.contract.available.replace('.', '')) + 100_000_000n,
    );

    expect(BigInt(after.contract.wallet_balance.replace('.', ''))).toBe(
      BigInt(before.contract.wallet_balance.replace('.', '')) + 100_000_000n,
    );

    // Both sides on screen: the futures wallet balance 100 more (2 decimals, as every figure on the
    // card; ADR 221), spot USDC 100 less.
    await page.goto('/My?tab=contract');
    await page
      .locator('.w-contract [data-figure="wallet"] dd')
      .getByText(usdc2(after.contract.wallet_balance), { exact: true })
      .waitFor();
    await page.goto('/My?tab=spot');
    await page
      .locator('a.w-row', { hasText: 'USDC' })
      .first()
      .getByText(`${w.assets.available} ${usdcRow(spotAfter)}`)
      .waitFor();

    // The entry on the futures ledger, signed and typed, and its detail.
    await page.goto('/TradingTwo');
    const entry = page.locator('a.w-row', { hasText: w.types.transferIn }).first();
    await entry.getByText('+100.00').waitFor();
    await screenshot(page, 'wallet-trading-two');
    await entry.click();
    await page.waitForURL('**/FinancialDetail**');
    await page.getByText(w.accounts.contractAccount).waitFor();
    await page.getByText(w.ledger.completed).waitFor();

    // The transfer history lists it too.
    await page.goto('/TransformHis');
    await page.locator('.w-row', { hasText: '100.00' }).first().waitFor();
    await page.context().close();
  });

  it('refuses the same account on both sides before any request, in the chosen language', async () => {
    const page = await signedInPage();
    await page.addInitScript(() => localStorage.setItem('lang', 'de'));
    await page.goto('/TransformTwo?from=contract&to=contract');
    await page.getByText(webCatalogues.de.wallet.transfer.sameAccount).waitFor();
    expect(
      await page
        .getByRole('button', { name: webCatalogues.de.wallet.transfer.submit, exact: true })
        .isDisabled(),
    ).toBe(true);
    await page.context().close();
  });
});
