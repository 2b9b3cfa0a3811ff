// USDC TRC20 in a real browser against the built server: the demo user sees their deposit address
// on /Recharge, the operator simulates an on-chain deposit through the admin API, the balance rises
// on /My, and a withdrawal (gates set up through the API) shows "Under review" in the history.
import { webCatalogues } from '@ex/i18n';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminToken, api, openSignedIn, screenshot, setUpWithdrawalGates, suite } from './harness.ts';

const en = webCatalogues.en;
const f = en.funds;
const DEMO = 'demo@exchange.local';
const TRADE_PW = 'trade-pass-1';

let admin: string;

const s = suite({ SEED_DEMO: '1', MARKET_MAKER: '0' });

beforeAll(async () => {
  admin = await adminToken(s.server.url);
});

const signedInPage = (): Promise<Page> => openSignedIn(s.browser, s.server.url, s.token);

async function spotUsdc(): Promise<string> {
  const r = await api<{ spot: { coin: string; available: string }[] }>(
    s.server.url,
    'GET',
    '/api/app/wallet/balances',
    undefined,
    s.token,
  );
  return r.data.spot.find((b) => b.coin === 'USDC')!.available;
}

/** The USDC row's amount as the assets list writes it: every decimal the balance has, 2 to 6. */
const usdcAmount = (v: string) =>
  new Intl.NumberFormat('en', { minimumFractionDigits: 2, maximumFractionDigits: 6 }).format(
    v as `${number}`,
  );

describe('funds in the browser', () => {
  let address = '';

  it('shows the deposit address with its QR code on /Recharge', async () => {
    const a = await api<{ address: string }>(
      s.server.url,
      'GET',
      '/api/app/wallet/deposit/address?coin=USDC&network=TRC20',
      undefined,
      s.token,
    );
    expect(a.code).toBe(0);
    address = a.data.address;
    expect(address).toMatch(/^T[1-9A-HJ-NP-Za-km-z]{33}$/);

    const page = await signedInPage();
    await page.goto('/Recharge');
    await page.getByTestId('deposit-address').getByText(address).waitFor();
    await page.getByRole('img', { name: f.recharge.qr }).waitFor();
    await page.getByText(f.recharge.warning).waitFor();
    await page.getByRole('button', { name: f.recharge.copyAddress }).waitFor();
    await screenshot(page, 'funds-recharge');
    await page.context().close();
  });

  it('credits a simulated on-chain deposit once; the balance rises on /My', async () => {
    const before = await spotUsdc();
    const txid = 'e2e'.padEnd(64, '7');
    const dep = await api<{ status: string }>(
      s.server.url,
      'POST',
      '/api/admin/chain/deposit',
      {
        address,
        amount: '250',
        txid,
      },
      admin,
    );
    expect(dep.data.status).toBe('received');
    // Replayed by the operator: nothing more.
    await api(s.server.url, 'POST', '/api/admin/chain/deposit', { address, amount: '250', txid }, admin);
    const after = await spotUsdc();
    const expected = (BigInt(before.replace('.', '')) + 250_000_000n).toString();
    expect(after.replace('.', '')).toBe(expected);

    const page = await signedInPage();
    await page.goto('/My?tab=spot');
    const usdcRow = page.locator('a.w-row', { hasText: 'USDC' }).first();
    await usdcRow.getByText(`${en.wallet.assets.available} ${usdcAmount(after)}`).waitFor();
    await screenshot(page, 'funds-my-after-deposit');

    await page.goto('/RechargeHistory');
    await page.getByText(f.depositStatus.received).first().waitFor();
    await page.getByText('+250.00').first().waitFor();
    await page.context().close();
  });

  it('requests a withdrawal through the confirmation sheet; history shows it under review', async () => {
    await setUpWithdrawalGates(s.server.url, s.token, DEMO, TRADE_PW);
    const before = await spotUsdc();
    const page = await signedInPage();
    await page.goto('/Withdrawal');
    await page.getByLabel(f.withdraw.address).fill('TNPeeaaFB7K9cmo4uQpcU32zGK8G1NYqeL');
    await page.getByLabel(f.withdraw.amount).fill('100');
    await page.getByTestId('receive-amount').getByText('99.00 USDC').waitFor();
    await page.getByLabel(f.withdraw.tradePassword).fill(TRADE_PW);
    await page.getByRole('button', { name: f.withdraw.submit, exact: true }).click();
    const sheet = page.locator('.f-confirm');
    await sheet.getByText(f.withdraw.confirmTitle).waitFor();
    await screenshot(page, 'funds-withdraw-confirm');
    await sheet.getByRole('button', { name: f.withdraw.confirm }).click();
    await page.waitForURL('**/WithdrawalHistory');
    const row = page.getByTestId('withdrawal-row').first();
    await row.getByText(f.withdrawStatus.under_review).waitFor();
    await row.getByText('−100.00').waitFor();
    await screenshot(page, 'funds-withdrawal-history');
    const after = await spotUsdc();
    expect(BigInt(before.replace('.', '')) - BigInt(after.replace('.', ''))).toBe(100_000_000n);
    await page.context().close();
  });
});
