// The web app's shared layout pieces in a real browser at 375 x 812 (ADR 247, 248, 266): the
// history icon in the nav bar's right slot of /AI and /Defn keeps its 44 px box 4 px from the edge
// in the longest languages; /Notices names the centre above its tabs; the text tabs of /Notices,
// the login screen and the trade screen are one style; the trade slider and the markets list write
// percent the way the language does.
import { webCatalogues } from '@ex/i18n';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openSignedIn, phoneContext, screenshot, suite } from './harness.ts';

const s = suite({ SEED_DEMO: '1', MARKET_MAKER: '0' });

const signedIn = (lang: string): Promise<Page> => openSignedIn(s.browser, s.server.url, s.token, lang);

async function box(page: Page, selector: string) {
  const b = await page.locator(selector).first().boundingBox();
  if (!b) throw new Error(`${selector} has no box`);
  return b;
}

describe('web layout at 375 px', () => {
  it('/AI and /Defn: the history is the list icon, 44 px and 4 px from the edge (de, fr); the title stays centred', async () => {
    for (const lang of ['de', 'fr'] as const) {
      const page = await signedIn(lang);
      for (const [path, label] of [
        ['/AI', webCatalogues[lang].titles.aiHis],
        ['/Defn', webCatalogues[lang].titles.defnHis],
      ] as const) {
        await page.goto(path);
        const link = page.locator('.nav__right .icon-btn');
        await link.waitFor();
        expect(await link.getAttribute('aria-label')).toBe(label);
        const linkBox = await box(page, '.nav__right .icon-btn');
        expect(linkBox.width).toBe(44);
        expect(375 - (linkBox.x + linkBox.width), `${lang} ${path}`).toBeCloseTo(4, 0);
        // The title neither runs under the icon nor leaves the middle.
        const title = await box(page, '.nav__title');
        expect(title.x + title.width).toBeLessThanOrEqual(linkBox.x);
        expect(Math.abs(title.x + title.width / 2 - 187.5)).toBeLessThan(2);
        await screenshot(page, `nav-icon-${lang}${path.replace('/', '-')}`);
      }
      await page.context().close();
    }
  });

  it('an icon link in the right slot keeps its 44 px box 4 px from the edge', async () => {
    const page = await signedIn('de');
    await page.goto('/OTC');
    const icon = await box(page, '.nav__right .icon-btn');
    expect(icon.width).toBe(44);
    expect(375 - (icon.x + icon.width)).toBeCloseTo(4, 0);
    const back = await box(page, '.nav__back');
    expect(back.x).toBeCloseTo(4, 0);
    await page.context().close();
  });

  it('/Notices: the title names the centre, the first tab names the notices', async () => {
    const page = await signedIn('de');
    await page.goto('/Notices');
    const de = webCatalogues.de;
    await page.getByRole('heading', { name: de.titles.notices }).waitFor();
    const tab = page.getByRole('tab', { selected: true });
    expect(await tab.textContent()).toBe(de.community.content.notices);
    expect(de.titles.notices).not.toBe(de.community.content.notices);
    await screenshot(page, 'notices-title-de');
    await page.context().close();
  });

  it('the tabs of /Notices, /Login and /SpotOpe are one style', async () => {
    const look = async (page: Page) =>
      page
        .locator('.text-tabs__tab.is-on')
        .first()
        .evaluate((el) => {
          const tab = getComputedStyle(el);
          const bar = getComputedStyle(el, '::after');
          return {
            color: tab.color,
            weight: tab.fontWeight,
            bar: `${bar.height} ${bar.backgroundColor} ${bar.borderRadius}`,
            height: el.getBoundingClientRect().height,
          };
        });
    const page = await signedIn('de');
    await page.goto('/Notices');
    await page.locator('.cm-tabs .text-tabs__tab.is-on').waitFor();
    const notices = await look(page);
    await page.goto('/SpotOpe');
    await page.locator('.tpanel__head .text-tabs__tab.is-on').waitFor();
    const trade = await page
      .locator('.tpanel__head .text-tabs__tab.is-on')
      .evaluate((el) => ({ size: getComputedStyle(el).fontSize }));
    const form = await look(page);
    await page.context().close();

    const anon = await phoneContext(s.browser, s.server.url);
    const login = await anon.newPage();
    await login.goto('/Login');
    await login.locator('.auth-tabs .text-tabs__tab.is-on').waitFor();
    const auth = await look(login);
    await anon.close();

    expect(auth).toEqual(notices);
    expect(form).toEqual(notices);
    expect(notices.bar).toMatch(/^3px rgb\(240, 185, 11\)/);
    expect(notices.height).toBeGreaterThanOrEqual(44);
    expect(trade.size).toBe('15px');
  });

  it('percent as the language writes it: the slider in fr, the markets list in it', async () => {
    const fr = await signedIn('fr');
    await fr.goto('/SpotOpe');
    const labels = fr.locator('.pct__label');
    await labels.first().waitFor();
    expect(await labels.allTextContents()).toEqual([
      '0\u00a0%',
      '25\u00a0%',
      '50\u00a0%',
      '75\u00a0%',
      '100\u00a0%',
    ]);
    await screenshot(fr, 'slider-fr');
    await fr.context().close();

    const it_ = await signedIn('it');
    await it_.goto('/Transaction?tab=spot');
    const pill = it_.locator('.pill').first();
    await pill.waitFor();
    // Italian writes the sign close to the number (CLDR), signed with the typographic minus or +.
    expect(await pill.textContent()).toMatch(/^([+\u2212]\d+,\d{2}%|0,00%)$/);
    await screenshot(it_, 'markets-it');
    await it_.context().close();
  });

  it('the chosen markets tab is white over its brand bar, the others grey, in de, it and zh_CN', async () => {
    // theme.css's `html .adm-tabs-tab` grey outweighed the kit's active colour: Spot looked unchosen.
    for (const lang of ['de', 'it', 'zh_CN'] as const) {
      const page = await signedIn(lang);
      await page.goto('/Transaction?tab=spot');
      const active = page.locator('.market .adm-tabs-tab-active');
      await active.waitFor();
      expect(await active.textContent()).toBe(webCatalogues[lang].market.spot);
      const colours = await page
        .locator('.market .adm-tabs-tab')
        .evaluateAll((els) => els.map((el) => getComputedStyle(el).color));
      expect(colours, lang).toEqual(['rgb(132, 142, 156)', 'rgb(234, 236, 239)', 'rgb(132, 142, 156)']);
      const bar = await box(page, '.market .adm-tabs-tab-line');
      const tab = await box(page, '.market .adm-tabs-tab-active');
      // The bar sits centred under the chosen tab (the kit places it on whole pixels).
      expect(bar.height).toBe(3);
      expect(Math.abs(bar.x + bar.width / 2 - (tab.x + tab.width / 2)), lang).toBeLessThan(1);
      await screenshot(page, `markets-tabs-${lang}`);
      await page.context().close();
    }
  });
});
