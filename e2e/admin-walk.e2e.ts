// The operator's jobs end to end on a seeded server (the demo world has a stake under review and an
// open ticket): a refused notice says why, closing a ticket and disabling a product ask first and
// say when done, a product says whether it is on, a stake's user opens that user's drawer, and each
// decision is in the audit log.
import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { adminToken, api, consoleSignIn, screenshot, suite } from './harness.ts';

const s = suite({
  SEED_DEMO: '1',
  MARKET_MAKER: '0',
  RATE_LIMIT_PER_MINUTE: '100000',
  ACCOUNT_RATE_LIMIT_PER_MINUTE: '100000',
});

const signIn = (browser: Browser, width = 1280): Promise<Page> => consoleSignIn(browser, s.server.url, width);

/** The audit log's actions for one target, newest first. */
async function auditOf(targetType: string, targetId: string): Promise<string[]> {
  const res = await api<{ list: { action: string }[] }>(
    s.server.url,
    'GET',
    `/api/admin/audit?target_type=${targetType}&target_id=${targetId}&page=1&limit=20`,
    undefined,
    await adminToken(s.server.url),
  );
  return res.data.list.map((e) => e.action);
}

describe('the operator walk', () => {
  it('a notice saved with nothing filled says what is missing; one in English is published', async () => {
    const page = await signIn(s.browser);
    await page.goto('/admin/content');
    await page.getByRole('button', { name: 'New' }).click();
    const drawer = page.locator('.ant-drawer-content');
    await drawer.getByRole('button', { name: 'Save' }).click();
    await drawer.getByText('Fill in the title and body of at least one language.').waitFor();
    // Only an English body, German open: the English tab comes forward with its field's message.
    await drawer.getByRole('tab', { name: 'English' }).click();
    await drawer.locator('#translations_en_body').fill('The exchange is down for maintenance.');
    await drawer.getByRole('tab', { name: 'Deutsch' }).click();
    await drawer.getByRole('button', { name: 'Save' }).click();
    await drawer.getByRole('tab', { name: /English/, selected: true }).waitFor();
    await drawer.getByLabel('has errors').waitFor();
    await screenshot(page, 'admin-walk-content-error');
    await drawer.locator('#translations_en_title').fill('Maintenance on Sunday');
    await drawer.locator('.ant-switch').click();
    await drawer.getByRole('button', { name: 'Save' }).click();
    await page
      .locator('.ant-table-row', { hasText: 'Maintenance on Sunday' })
      .getByText('Published')
      .waitFor();
    await page.context().close();
  });

  it('closing a ticket asks first, then the ticket is closed and in the audit log', async () => {
    const page = await signIn(s.browser);
    await page.goto('/admin/support');
    await page.locator('.ant-table-row').first().click();
    const drawer = page.locator('.ant-drawer-content');
    await drawer.getByRole('button', { name: 'Close ticket' }).click();
    const confirm = page.locator('.ant-modal-confirm');
    await confirm.getByText('cannot be reopened').waitFor();
    await screenshot(page, 'admin-walk-close-ticket');
    await confirm.getByRole('button', { name: 'Close ticket' }).click();
    await page.getByText(/^Ticket #\d+ closed$/).waitFor();
    await drawer.locator('.ant-tag', { hasText: 'Closed' }).waitFor();
    // The open ticket is in the URL: a reload shows it again.
    const id = new URL(page.url()).searchParams.get('ticket');
    expect(id).toMatch(/^\d+$/);
    await page.reload();
    await page.locator('.ant-drawer-content .ant-tag', { hasText: 'Closed' }).waitFor();
    expect((await auditOf('support', id!)).some((a) => a.endsWith('/close'))).toBe(true);
    await page.context().close();
  });

  it("a product says it is disabled after a confirmed Disable; a stake's user opens their drawer", async () => {
    const page = await signIn(s.browser);
    await page.goto('/admin/earn?tab=staking');
    const products = page.locator('.ant-card', { hasText: 'DeFi staking products' });
    const row = products.locator('.ant-table-row', { hasText: 'USDC Stable 30 days' });
    await row.getByText('Enabled').waitFor();
    await row.getByRole('button', { name: 'Disable' }).click();
    const confirm = page.locator('.ant-modal-confirm');
    await confirm
      .locator('.ant-modal-confirm-title', { hasText: 'Disable “USDC Stable 30 days”?' })
      .waitFor();
    await confirm.getByRole('button', { name: 'Disable' }).click();
    await page.getByText('“USDC Stable 30 days” disabled').waitFor();
    await row.getByText('Disabled').waitFor();
    await row.getByRole('button', { name: 'Enable' }).waitFor();
    await screenshot(page, 'admin-walk-earn');
    // The seeded stake under review: its user's id is a link to the Users page's drawer.
    const review = page.locator('.ant-card', { hasText: 'DeFi staking review' });
    const stake = review.locator('.ant-table-row', { hasText: 'Under review' }).first();
    const user = stake.getByRole('link');
    const id = (await user.textContent()) ?? '';
    await user.click();
    await page.waitForURL((u) => u.pathname.endsWith('/users') && u.searchParams.get('user') === id);
    await page.locator('.ant-drawer-title', { hasText: `User ${id}` }).waitFor();
    await page.locator('.ant-drawer-content').getByRole('tab', { name: 'Ledger' }).waitFor();
    await page.context().close();
  });
});
