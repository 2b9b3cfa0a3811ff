// Issue 10: a newcomer's first start. The built server on the embedded default with the demo world
// seeded (SEED_DEMO=1, ADR 151): every earn and community screen shows content, not an empty state;
// then the demo user subscribes to an AI product, stakes, subscribes to an IEO, buys from an OTC ad,
// claims the dividend and votes, all in a 375 px browser, and finds each in its history.
import { webCatalogues } from '@ex/i18n';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { api, openSignedIn, screenshot, suite } from './harness.ts';

const en = webCatalogues.en;
const { ai, staking, dividend, vote } = en.earn2;
const { otc, ieo } = en.earn1;

// One demo session walks every screen in a minute: above the per-account API budget (600/min) a
// screen would show a 429 instead of what this test checks.
const s = suite({
  SEED_DEMO: '1',
  MARKET_MAKER: '0',
  RATE_LIMIT_PER_MINUTE: '100000',
  ACCOUNT_RATE_LIMIT_PER_MINUTE: '100000',
});

const signedInPage = (): Promise<Page> => openSignedIn(s.browser, s.server.url, s.token);

const get = <T>(path: string) => api<T>(s.server.url, 'GET', path, undefined, s.token);

/** The confirm button of an antd-mobile dialog, by its exact text. */
const dialogButton = (page: Page, text: string) =>
  page.locator('.adm-dialog-button').filter({ hasText: new RegExp(`^${text}$`) });

/**
 * Holds back antd's React 19 render adapter (fetched once the page is idle, ADR 091) from before the
 * page loads until the returned function is called, as on a slow phone whose first tap comes before
 * it: the confirm dialog must open all the same. A static `Dialog.confirm` rendered nowhere then and
 * waited for ever (ADR 235: the stake dialog's rare CI timeout, when this machine was slow enough).
 */
async function holdRenderAdapter(page: Page): Promise<() => void> {
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/assets/antd-react19-*.js', async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

describe('the demo world in the browser', () => {
  it('every earn and community screen shows content, not an empty state', async () => {
    const page = await signedInPage();
    const screens: [string, string, string][] = [
      ['/AI', 'AI Quant Flexible', ai.empty],
      ['/Defn', 'USDC Stable 30 days', staking.empty],
      ['/IEO', 'SOL Launch Round', ieo.noProjects],
      ['/NewB', 'DOGE Community Round', ieo.noProjects],
      ['/IEOHis', 'XRP Ecosystem Round', ieo.noApplications],
      ['/OTC', `${otc.buy} USDC`, otc.noAds],
      ['/RedPlan', 'Quarterly platform dividend', dividend.empty],
      ['/Vote', 'Which coin should we list next?', vote.empty],
      ['/Msg', 'Welcome!', ''],
    ];
    for (const [path, content, empty] of screens) {
      await page.goto(path);
      await page.getByText(content).first().waitFor();
      if (empty) expect(await page.getByText(empty).count(), path).toBe(0);
      await screenshot(page, `earn-world${path.replace('/', '-')}`);
    }
    // The closed poll shows its results.
    await page.goto('/Vote');
    await page.getByText('Which perpetual market should get 100x leverage next?').waitFor();
    await page.getByText(vote.closed).first().waitFor();
    await page.context().close();
  });

  it('subscribes to an AI product and finds it in the AI records', async () => {
    const products = await get<{ id: string; name: string }[]>('/api/app/ai/products');
    const flexible = products.data.find((p) => p.name === 'AI Quant Flexible')!;
    const page = await signedInPage();
    const release = await holdRenderAdapter(page);
    await page.goto(`/AIBuy?id=${flexible.id}`);
    await page.locator('input[inputmode=decimal]').fill('100');
    await page.getByRole('button', { name: ai.confirm, exact: true }).click();
    release();
    await dialogButton(page, ai.subscribe).click();
    await page.waitForURL('**/AIHis');
    await page.getByTestId('ai-order').first().waitFor();
    await page.getByText('AI Quant Flexible').first().waitFor();
    const orders = await get<{ list: { amount: string }[] }>('/api/app/ai/orders?tab=active');
    // Newest first: this one, then the demo's two seeded subscriptions (ADR 256).
    expect(orders.data.list.map((o) => o.amount)).toEqual(['100.000000', '500.000000', '1000.000000']);
    await page.context().close();
  });

  it('stakes and finds the stake under review in the staking records', async () => {
    const page = await signedInPage();
    const release = await holdRenderAdapter(page);
    await page.goto('/Defn');
    const card = page.getByTestId('staking-product').filter({ hasText: 'USDC Stable 30 days' });
    await card.locator('input[name=amount]').fill('50');
    await card.getByRole('button', { name: staking.stake, exact: true }).click();
    release();
    await dialogButton(page, staking.stake).click();
    await page.waitForURL('**/DefnHis');
    await page.getByTestId('stake').first().waitFor();
    await page.getByText(staking.review).first().waitFor();
    const stakes = await get<{ list: { amount: string; status: string }[] }>('/api/app/staking/stakes');
    // Newest first: this one, then the demo's seeded stakes, one under review, one running (ADR 256).
    expect(stakes.data.list.map((s) => [s.amount, s.status])).toEqual([
      ['50.000000', 'review'],
      ['200.000000', 'review'],
      ['1.00000000', 'active'],
    ]);
    await page.context().close();
  });

  it('subscribes to the open IEO and finds it in the IEO records', async () => {
    const projects = await get<{ id: string; name: string }[]>('/api/app/ieo/projects');
    const sol = projects.data.find((p) => p.name === 'SOL Launch Round')!;
    const page = await signedInPage();
    await page.goto(`/IEO?id=${sol.id}`);
    await page.locator('input[inputmode=decimal]').fill('20');
    await page.getByRole('button', { name: ieo.subscribe, exact: true }).click();
    await page.getByText(ieo.subscribed).waitFor();
    await page.goto('/IEOHis');
    await page.getByText('SOL Launch Round').waitFor();
    const apps = await get<{ list: { name: string }[] }>('/api/app/ieo/applications');
    expect(apps.data.list.map((a) => a.name).sort()).toEqual([
      'DOGE Community Round',
      'SOL Launch Round',
      'XRP Ecosystem Round',
    ]);
    await page.context().close();
  });

  it('buys USDC from an OTC ad and finds the order under review', async () => {
    const page = await signedInPage();
    await page.goto('/OTC');
    await page
      .getByRole('button', { name: `${otc.buy} USDC`, exact: true })
      .first()
      .click();
    const sheet = page.locator('.fx-sheet');
    await sheet.locator('input').first().fill('100');
    await sheet.getByRole('button', { name: 'Bank transfer', exact: true }).click();
    await sheet.getByRole('button', { name: otc.place, exact: true }).click();
    await page.getByText(otc.broker).waitFor();
    await page.goto('/OTCHis');
    await page.getByText(otc.status.review).first().waitFor();
    const orders = await get<{ list: { side: string; status: string }[] }>('/api/app/otc/orders');
    expect(orders.data.list.map((o) => [o.side, o.status])).toEqual([['buy', 'review']]);
    await page.context().close();
  });

  it('claims the dividend and finds it under Claimed', async () => {
    const page = await signedInPage();
    await page.goto('/RedPlan');
    await page.getByText('Quarterly platform dividend').waitFor();
    await page.getByRole('button', { name: dividend.claim, exact: true }).click();
    await page.getByText(dividend.empty).waitFor();
    await page.getByRole('tab', { name: dividend.claimed, exact: true }).click();
    await page.getByText('Quarterly platform dividend').waitFor();
    await page.getByText(dividend.claimedAt).waitFor();
    const claims = await get<{ list: { status: string }[] }>('/api/app/dividends?status=claimed');
    expect(claims.data.list.length).toBe(1);
    await page.context().close();
  });

  it('votes in the open poll and sees its vote marked', async () => {
    const page = await signedInPage();
    await page.goto('/Vote');
    const poll = page.getByTestId('poll').filter({ hasText: 'Which coin should we list next?' });
    await poll
      .getByRole('button', { name: /^TRX/ })
      .click({ timeout: 15_000 })
      .catch(async (error: unknown) => {
        // What the screen showed instead, for the report.
        throw new Error(`${String(error)}\n${await page.locator('body').innerText()}`);
      });
    await poll.getByRole('button', { name: vote.vote, exact: true }).click();
    await poll.getByText(vote.voted).waitFor();
    const polls = await get<{ title: string; my_option: number | null }[]>('/api/app/votes');
    expect(polls.data.find((p) => p.title === 'Which coin should we list next?')?.my_option).toBe(0);
    await screenshot(page, 'earn-world-voted');
    await page.context().close();
  });
});
