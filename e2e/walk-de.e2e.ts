// A German user's walk through the wallet, OTC and account screens at 375 x 812 (the demo account,
// de being the default language): what the walk found wrong stays fixed. The ledger's rows keep one
// line per type now that a perpetual fill reads "Ordersperre freigegeben" + "Futures-Gebühr" (the
// account tag beside the type wrapped onto a line of its own), the OTC buttons say "USDC kaufen",
// the transfer sheet says "Ihrem" (not "deinem"), and no screen scrolls sideways.
import { webCatalogues } from '@ex/i18n';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openSignedIn, pagesWiderThan, screenshot, suite } from './harness.ts';

const de = webCatalogues.de;
const s = suite({ SEED_DEMO: '1', MARKET_MAKER: '0' });

const page = (): Promise<Page> => openSignedIn(s.browser, s.server.url, s.token, 'de');

describe('the German walk at 375 px', () => {
  it('/WalletDetail: every row keeps its type on one line, all rows equally high, the account tag beside the time', async () => {
    const p = await page();
    await p.goto('/WalletDetail');
    // The seeded demo has a perpetual round trip: its fills post a hold release and a fee.
    await p.getByText(de.wallet.types.refundPostingOrder, { exact: true }).first().waitFor();
    await p.getByText(de.wallet.types.positionFee, { exact: true }).first().waitFor();
    await screenshot(p, 'walk-de-ledger');
    const rows = await p.locator('a.w-row').evaluateAll((els) =>
      els.map((el) => {
        const title = el.querySelector('.w-row__title') as HTMLElement;
        const lineHeight = Number.parseFloat(getComputedStyle(title).lineHeight);
        return {
          text: title.textContent,
          lines: Math.round(title.getBoundingClientRect().height / lineHeight),
          height: Math.round(el.getBoundingClientRect().height),
          tagInSub: el.querySelector('.w-row__sub .tag') !== null,
          tagInTitle: el.querySelector('.w-row__title .tag') !== null,
          right: Math.round(el.getBoundingClientRect().right),
        };
      }),
    );
    expect(rows.length).toBeGreaterThan(5);
    expect(rows.filter((r) => r.lines !== 1)).toEqual([]);
    expect(new Set(rows.map((r) => r.height)).size).toBe(1);
    expect(rows.every((r) => r.tagInSub && !r.tagInTitle && r.right <= 375)).toBe(true);
    await p.context().close();
  });

  it('/OTC: the buttons put the coin first ("USDC kaufen") and fit the card', async () => {
    const p = await page();
    await p.goto('/OTC');
    const buy = p.getByRole('button', { name: 'USDC kaufen', exact: true });
    await buy.waitFor();
    expect(await p.getByText(/Kaufen USDC/).count()).toBe(0);
    const box = await buy.boundingBox();
    expect(box && box.x + box.width).toBeLessThanOrEqual(375);
    expect(box?.height).toBeGreaterThanOrEqual(44);
    await p.context().close();
  });

  it('/TransformTwo: the confirmation sheet addresses the user as "Sie"', async () => {
    const p = await page();
    await p.goto('/TransformTwo');
    await p.getByPlaceholder(de.wallet.transfer.amountPlaceholder).fill('12,5');
    await p.getByRole('button', { name: de.wallet.transfer.submit, exact: true }).click();
    const sheet = p.getByText(/übertragen\.$/);
    await sheet.waitFor();
    const text = await sheet.textContent();
    expect(text).toContain('von Ihrem Spot-Konto auf Ihr Futures-Konto');
    expect(text).not.toMatch(/\bdein/);
    await p.getByRole('button', { name: de.common.cancel, exact: true }).click();
    await p.context().close();
  });

  it('/RealName and /BankCardAdd: every field is a visible 44 px box, the document chips hold their words', async () => {
    const p = await page();
    for (const path of ['/RealName', '/BankCardAdd']) {
      await p.goto(path);
      await p.locator('.kyc .adm-form .adm-input').first().waitFor();
      await screenshot(p, `walk-de-${path.slice(1)}`);
      const fields = await p.locator('.kyc .adm-form .adm-input').evaluateAll((els) =>
        els.map((el) => ({
          background: getComputedStyle(el).backgroundColor,
          height: el.getBoundingClientRect().height,
        })),
      );
      expect(fields.length).toBeGreaterThan(2);
      // Bare text on the page before: a label over nothing where a field had no placeholder.
      expect(fields.filter((f) => f.background === 'rgba(0, 0, 0, 0)' || f.height < 44)).toEqual([]);
    }
    await p.goto('/RealName');
    await p.locator('.kyc-doc-types .adm-selector-item').first().waitFor();
    const chips = await p
      .locator('.kyc-doc-types .adm-selector-item')
      .evaluateAll((els) =>
        els.map((el) => ({ text: el.textContent, over: el.scrollWidth - el.clientWidth })),
      );
    expect(chips.map((c) => c.text)).toContain(de.kyc.docTypes.id_card);
    expect(chips.filter((c) => c.over > 0)).toEqual([]);
    await p.context().close();
  });

  it('no screen of the walk scrolls sideways at 375 px', async () => {
    const p = await page();
    const wide = await pagesWiderThan(p, [
      '/',
      '/Transaction',
      '/My',
      '/WalletDetail',
      '/TradingOne',
      '/TradingTwo',
      '/Recharge',
      '/Withdrawal',
      '/AddressBook',
      '/TransformTwo',
      '/TransformHis',
      '/Transform',
      '/RealName',
      '/BankCard',
      '/Invite',
      '/Msg',
      '/OTC',
      '/OTCHis',
      '/Setting',
      '/TwoFactor',
      '/Devices',
      '/ApiKeys',
      '/Privacy',
    ]);
    expect(wide).toEqual([]);
    await p.context().close();
  });
});
