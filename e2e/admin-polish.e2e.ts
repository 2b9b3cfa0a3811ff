// The operator console at desktop widths (ADR 239): every column of the sized lists readable at
// 1280 and 1440 px (none under a pinned column or past the table's box, the IEO list's end date in
// particular, and the OTC orders' status beside their pinned buttons), codes shown as words in their colours, and the user drawer's records matching the
// contract types the console reads them through.
import { UserDetailRecords } from '@ex/contract';
import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { adminToken, api, consoleSignIn, DEMO_EMAIL, screenshot, submitKyc, suite } from './harness.ts';

const s = suite({
  SEED_DEMO: '1',
  MARKET_MAKER: '0',
  RATE_LIMIT_PER_MINUTE: '100000',
  ACCOUNT_RATE_LIMIT_PER_MINUTE: '100000',
});

const signIn = (browser: Browser, width: number): Promise<Page> =>
  consoleSignIn(browser, s.server.url, width);

async function open(page: Page, path: string): Promise<void> {
  await page.goto(`/admin/${path}`);
  await page.locator('.ant-layout-content .ant-table-row').first().waitFor();
  await page.waitForLoadState('networkidle');
  await page.waitForFunction(() => !document.querySelector('.ant-spin-spinning, .ant-skeleton-active'));
}

/**
 * Every cell of the page's tables, as the page first shows it (not scrolled): one that ends past
 * its table's scroll box, or that a pinned (fixed) cell of its row overlaps, is not readable.
 */
async function hiddenCells(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    for (const wrapper of Array.from(
      document.querySelectorAll<HTMLElement>('.ant-layout-content .ant-table-wrapper'),
    )) {
      if (wrapper.getClientRects().length === 0) continue;
      const box = wrapper
        .querySelector<HTMLElement>('.ant-table-content, .ant-table-body')
        ?.getBoundingClientRect();
      if (!box) continue;
      for (const tr of Array.from(
        wrapper.querySelectorAll<HTMLElement>('thead tr, tbody tr.ant-table-row'),
      )) {
        const cells = Array.from(tr.children) as HTMLElement[];
        const pinned = cells.filter((c) => /ant-table-cell-fix-(left|right)/.test(c.className));
        for (const cell of cells) {
          const r = cell.getBoundingClientRect();
          if (r.width === 0) continue;
          const what = `"${cell.textContent?.trim().slice(0, 30)}"`;
          if (r.right > box.right + 0.5 || r.left < box.left - 0.5) {
            found.push(`${what} runs ${Math.round(r.right - box.right)} px past the table's box`);
            continue;
          }
          if (pinned.includes(cell)) continue;
          for (const p of pinned) {
            const q = p.getBoundingClientRect();
            const over = Math.min(r.right, q.right) - Math.max(r.left, q.left);
            if (over > 0.5) found.push(`${what} is ${Math.round(over)} px under a pinned column`);
          }
        }
      }
    }
    return found;
  });
}

describe('operator console at desktop widths', () => {
  for (const width of [1280, 1440]) {
    it(`the IEO list's end date is visible and not covered at ${width} px`, async () => {
      const page = await signIn(s.browser, width);
      await open(page, 'ieo');
      await screenshot(page, `admin-polish-ieo-${width}`);
      const end = await page
        .locator('.ant-table thead th')
        .evaluateAll((ths) => ths.findIndex((th) => th.textContent === 'End'));
      expect(end).toBeGreaterThan(0);
      const rows = page.locator('.ant-table tbody tr.ant-table-row');
      expect(await rows.count()).toBeGreaterThan(0);
      for (const row of await rows.all()) {
        const cell = row.locator('td').nth(end);
        const seen = await cell.evaluate((td) => {
          const r = td.getBoundingClientRect();
          const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
          // The text's own right edge too: the old list showed "12/12/20", the rest under Settle.
          const range = document.createRange();
          range.selectNodeContents(td);
          const text = range.getBoundingClientRect();
          const atEnd = document.elementFromPoint(text.right - 2, text.top + text.height / 2);
          return {
            centre: hit !== null && (hit === td || td.contains(hit)),
            textEnd: atEnd !== null && (atEnd === td || td.contains(atEnd)),
            text: td.textContent ?? '',
          };
        });
        // A date and time, on one line or two.
        expect(seen.text).toMatch(/^\d{2}\/\d{2}\/\d{4}(, )?\d{2}:\d{2}:\d{2}$/);
        expect(seen.centre).toBe(true);
        expect(seen.textEnd).toBe(true);
      }
      // A long project name is cut with an ellipsis and shown whole on hover, with the languages it
      // has its own name in (ADR 243).
      const name = page.locator('.ant-table tbody td.ant-table-cell-ellipsis').first();
      const full = (await name.textContent()) ?? '';
      await name.locator('span').first().hover();
      await expect
        .poll(() => page.locator('.ant-tooltip-inner').first().textContent())
        .toMatch(new RegExp(`^${full.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} \\((de|record only)`));
      await page.context().close();
    });

    it(`IEO, withdrawals, KYC, reserves and OTC have every column readable at ${width} px`, async () => {
      // A published snapshot for the reserves list (a fresh server has none before the daily one;
      // the server takes at most one a minute, so the second width reuses the first's).
      await api(s.server.url, 'POST', '/api/admin/reserves/snapshots', {}, await adminToken(s.server.url));
      // OTC orders under review with a long remark and a long bank name (the first width places them),
      // on the seeded CNY desk's USDC offers (ADR 264: the desks are EUR 1-4, USD 5-8, CNY 9-12).
      if (width === 1280) {
        const orders = [
          {
            ad_id: '9',
            quantity: '1234.5',
            payment_method: 'bank_transfer',
            remarks: 'Paying from my company account, please confirm quickly',
          },
          {
            ad_id: '11',
            quantity: '150',
            payment_method: 'bank_transfer',
            bank: 'Industrial and Commercial Bank of China',
            phone: '+86 138 0013 8000',
          },
        ];
        for (const body of orders)
          expect((await api(s.server.url, 'POST', '/api/app/otc/orders', body, s.token)).code).toBe(0);
      }
      const page = await signIn(s.browser, width);
      const problems: string[] = [];
      for (const path of ['ieo', 'withdrawals?status=all', 'kyc?status=all', 'reserves', 'otc']) {
        await open(page, path);
        await screenshot(page, `admin-polish-${path.replace('?status=all', '')}-${width}`);
        for (const p of await hiddenCells(page)) problems.push(`${path}: ${p}`);
      }
      await page.context().close();
      expect(problems).toEqual([]);
    });
  }

  it('codes show as words in their colours at 1280 px: market kinds, sides, IEO states', async () => {
    const page = await signIn(s.browser, 1280);
    await open(page, 'markets');
    await screenshot(page, 'admin-polish-markets-1280');
    const kind = (symbol: string) =>
      page
        .locator('.ant-table-row', { hasText: new RegExp(`^${symbol}`) })
        .first()
        .locator('.ant-tag')
        .first();
    expect(await kind('BTC_USDC(?!_)').textContent()).toBe('Spot');
    expect(await kind('BTC_USDC_PERP').textContent()).toBe('Perpetual');
    const text = (await page.locator('.ant-layout-content .ant-table').textContent()) ?? '';
    expect(text).not.toMatch(/\b(spot|perp|paused|open)\b/);

    await open(page, 'otc');
    await screenshot(page, 'admin-polish-otc-1280');
    const sides = page.locator('.ant-table-row .ant-tag', { hasText: /^(Buy|Sell|buy|sell)$/ });
    expect(await sides.count()).toBeGreaterThan(0);
    for (const tag of await sides.all()) {
      const [label, cls] = [await tag.textContent(), (await tag.getAttribute('class')) ?? ''];
      expect(label).toMatch(/^(Buy|Sell)$/);
      expect(cls).toContain(label === 'Buy' ? 'ant-tag-green' : 'ant-tag-red');
    }

    await open(page, 'ieo');
    const states = await page.locator('.ant-table-row .ant-tag').allTextContents();
    expect(states).toContain('Upcoming');
    for (const st of states) expect(st).toMatch(/^[A-Z][a-z]+( [a-z]+)?$/);
    await page.context().close();
  });

  it("the user detail API's records parse as the contract's UserDetailRecords the drawer reads", async () => {
    const base = s.server.url;
    // An application under review, so the KYC records carry one to check.
    await submitKyc(base, s.token, {
      family_name: 'Muster',
      given_name: 'Demo',
      document_type: 'passport',
      document_number: 'C01X00T47',
    });
    const admin = await adminToken(base);
    const users = await api<{ list: { id: string; email: string | null }[] }>(
      base,
      'GET',
      `/api/admin/users?q=${encodeURIComponent(DEMO_EMAIL)}`,
      undefined,
      admin,
    );
    const demo = users.data.list.find((u) => u.email === DEMO_EMAIL);
    expect(demo).toBeDefined();
    const detail = await api(base, 'GET', `/api/admin/users/${demo!.id}`, undefined, admin);
    expect(detail.code).toBe(0);
    const parsed = UserDetailRecords.safeParse(detail.data);
    expect(parsed.error?.issues ?? []).toEqual([]);
    const d = parsed.data!;
    expect(d.positions.length).toBeGreaterThan(0);
    expect(d.ledger.length).toBeGreaterThan(0);
    expect(d.kyc.length).toBeGreaterThan(0);
  });
});
