// Identity verification in a real browser against the built server: a new user fills /RealName
// (country picker, names, document, three uploads with previews), submits, sees "Under review";
// the operator approves through the admin API; after a reload the user sees "Verified", and
// /user/info says verified. Then the user binds a bank card in their verified name.
import { webCatalogues } from '@ex/i18n';
import { describe, expect, it } from 'vitest';
import { adminToken, api, DOC_PNG, phoneContext, registerViaApi, screenshot, suite } from './harness.ts';

const k = webCatalogues.en.kyc;
const s = suite({ MARKET_MAKER: '0' });

describe('identity verification in the browser', () => {
  it('submits KYC with uploads, the operator approves, the user sees "Verified" and binds a card', async () => {
    const server = s.server;
    const token = await registerViaApi(server.url, 'kyc-e2e@example.com');
    const context = await phoneContext(s.browser, server.url);
    await context.addInitScript((t) => {
      localStorage.setItem('token', t);
      localStorage.setItem('lang', 'en');
    }, token);
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));

    await page.goto('/RealName');
    await page.getByText(k.form.intro).waitFor();
    await page.getByText(k.form.countryPlaceholder).click();
    await page.getByPlaceholder(k.form.countrySearch).fill('Germ');
    await page.getByText('Germany', { exact: true }).click();
    await page.getByLabel(k.form.familyName).fill('Muster');
    await page.getByLabel(k.form.givenName).fill('Erika');
    await page.getByLabel(k.form.documentNumber).fill('L01X00T47');
    await page.getByRole('button', { name: k.form.next }).click();

    await page
      .getByLabel(k.form.front)
      .setInputFiles({ name: 'front.png', mimeType: 'image/png', buffer: DOC_PNG });
    await page
      .getByLabel(k.form.back)
      .setInputFiles({ name: 'back.png', mimeType: 'image/png', buffer: DOC_PNG });
    await page
      .getByLabel(k.form.face)
      .setInputFiles({ name: 'face.png', mimeType: 'image/png', buffer: DOC_PNG });
    // Each tile shows its local preview and, once stored, the "Replace" badge.
    await expect.poll(() => page.getByText(k.form.replace).count(), { timeout: 15_000 }).toBe(3);
    await page.getByRole('button', { name: k.form.next }).click();
    await page.getByText(k.form.confirmTitle).waitFor();
    await page.getByRole('button', { name: k.form.submit }).click();
    await page.getByText(k.status.under_audit, { exact: true }).waitFor();
    await screenshot(page, 'kyc-under-review');

    const admin = await adminToken(server.url);
    const list = await api<{ list: { id: string; account: string; front_url: string }[] }>(
      server.url,
      'GET',
      '/api/admin/kyc?status=under_audit',
      undefined,
      admin,
    );
    const application = list.data.list.find((a) => a.account === 'kyc-e2e@example.com');
    expect(application).toBeDefined();
    // Identity images are private (ADR 061): the operator reads them with its token, nobody without.
    const imageUrl = server.url + application!.front_url;
    const image = await fetch(imageUrl, { headers: { authorization: `Bearer ${admin}` } });
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');
    expect(image.headers.get('cache-control')).toBe('private, no-store');
    expect((await fetch(imageUrl)).status).toBe(401);
    const ok = await api(server.url, 'POST', `/api/admin/kyc/${application!.id}/approve`, {}, admin);
    expect(ok.code).toBe(0);

    await page.reload();
    await page.getByText(k.status.passed, { exact: true }).waitFor();
    await page.getByText(k.status.passedText).waitFor();
    await screenshot(page, 'kyc-passed');
    const info = await api<{ verified: boolean }>(server.url, 'GET', '/api/app/user/info', undefined, token);
    expect(info.data.verified).toBe(true);

    await page.getByRole('button', { name: k.status.bindCard }).click();
    await page.getByRole('button', { name: k.bank.add }).click();
    await page.getByLabel(k.bank.holder).fill('Erika Muster');
    await page.getByLabel(k.bank.bankName).fill('Sparkasse');
    await page.getByLabel(k.bank.cardNumber).fill('4111111111111111');
    await page.getByRole('button', { name: k.form.next }).click();
    await page.getByRole('button', { name: k.bank.confirm }).click();
    await page.getByText('**** **** **** 1111').waitFor();
    await screenshot(page, 'bank-list');
    expect(errors).toEqual([]);
    await context.close();
  });
});
