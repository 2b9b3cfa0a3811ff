// A French, Spanish and Italian user's walk at 375 x 812 (the demo account): what the walk found
// wrong stays fixed. Spanish and Italian money groups every thousand (1.500,00, CLDR left 1500,00
// beside 12.345,00), the message list counts "Non lus : 2", the seeded welcome names AI quant as the
// app does ("Quant IA", "Cuant IA"), Spanish says "usted" on the transfer screen too and its daily
// check-in is no longer the sign-up word, the flash exchange converts under its title, Home's
// shortcut names the transaction password as Settings does, and no screen scrolls sideways.
import { webCatalogues } from '@ex/i18n';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openSignedIn, pagesWiderThan, screenshot, suite } from './harness.ts';

type Romance = 'fr' | 'es' | 'it';
const s = suite({ SEED_DEMO: '1', MARKET_MAKER: '0' });

const page = (lang: Romance): Promise<Page> => openSignedIn(s.browser, s.server.url, s.token, lang);

/** The screens the sideways check walks in each language. */
const WALKED = [
  '/',
  '/Transaction',
  '/My',
  '/WalletDetail',
  '/Recharge',
  '/Withdrawal',
  '/TransformTwo',
  '/RealName',
  '/BankCard',
  '/Invite',
  '/Msg',
  '/Notices',
  '/OTC',
  '/Transform',
  '/AI',
  '/Defn',
  '/Vote',
  '/RedPlan',
  '/IEO',
  '/Setting',
  '/TwoFactor',
];
describe('the French, Spanish and Italian walk at 375 px', () => {
  it('/RechargeHistory: the seeded 1,500 USDC deposit reads 1.500,00 in es and it, 1 500,00 in fr', async () => {
    for (const [lang, amount] of [
      ['es', '+1.500,00'],
      ['it', '+1.500,00'],
      ['fr', '+1\u202f500,00'],
    ] as const) {
      const p = await page(lang);
      await p.goto('/RechargeHistory');
      await p.getByText(amount).first().waitFor();
      await screenshot(p, `walk-romance-deposits-${lang}`);
      await p.context().close();
    }
  });

  it('/Msg: "Non lus : 2" and the welcome names Quant IA as the app does, not "AI quant"', async () => {
    for (const [lang, count, name] of [
      ['fr', 'Non lus\u00a0: 2', 'Quant IA'],
      ['es', 'No leídos: 2', 'Cuant IA'],
      ['it', 'Non letti: 2', 'Quant IA'],
    ] as const) {
      const p = await page(lang);
      await p.goto('/Msg');
      const counter = p.getByTestId('unread-count');
      await counter.waitFor();
      expect(await counter.textContent()).toBe(count);
      const body = await p.locator('.cm-list').innerText();
      expect(body).toContain(name);
      expect(body).not.toContain('AI quant');
      await screenshot(p, `walk-romance-msg-${lang}`);
      await p.context().close();
    }
  });

  it('/Vote: the Italian poll asks naturally', async () => {
    const p = await page('it');
    await p.goto('/Vote');
    await p.getByText('Quale sarà la prossima moneta da quotare?', { exact: true }).waitFor();
    expect(await p.getByText(/come prossim/).count()).toBe(0);
    await p.context().close();
  });

  it('Home in Spanish: check-in is "Hacer check-in", the shortcut says "Contraseña de transacción" in two lines', async () => {
    const es = webCatalogues.es;
    const p = await page('es');
    await p.goto('/');
    const checkin = p.getByTestId('checkin-button');
    await checkin.waitFor();
    expect([es.community.checkin.button, es.community.checkin.done]).toContain(await checkin.innerText());
    expect(await p.getByText(/Registrarse hoy/).count()).toBe(0);
    const shortcut = p.getByText(es.setting.tradePwd, { exact: true });
    await shortcut.waitFor();
    const box = await shortcut.boundingBox();
    expect(box && box.x + box.width).toBeLessThanOrEqual(375);
    // It took three lines at 375 px (fr "Mot de passe de transaction" too); the grid holds two.
    const line = await shortcut.evaluate((el) => Number.parseFloat(getComputedStyle(el).lineHeight));
    expect(box?.height).toBeLessThanOrEqual(2 * line + 1);
    expect(await shortcut.evaluate((el) => el.scrollHeight <= el.clientHeight + 1)).toBe(true);
    await screenshot(p, 'walk-romance-home-es');
    await p.context().close();
  });

  it('/TransformTwo in Spanish addresses the user as "usted"; /Transform converts in fr and es', async () => {
    const p = await page('es');
    await p.goto('/TransformTwo');
    await p.getByText('Entre sus propias cuentas').waitFor();
    expect(await p.locator('body').innerText()).not.toMatch(/\btus?\b/);
    await p.goto('/Transform');
    await p.getByRole('button', { name: 'Convertir', exact: true }).waitFor();
    await p.getByText('Historial de conversiones').waitFor();
    await p.context().close();
    const f = await page('fr');
    await f.goto('/Transform');
    await f.getByRole('button', { name: 'Convertir', exact: true }).waitFor();
    await f.getByText('Historique des conversions').waitFor();
    await screenshot(f, 'walk-romance-transform-fr');
    await f.context().close();
  });

  it('/Withdrawal in French writes one apostrophe (d’identité beside Carnet d’adresses)', async () => {
    const p = await page('fr');
    await p.goto('/Withdrawal');
    await p.getByText(webCatalogues.fr.funds.withdraw.address, { exact: true }).first().waitFor();
    await p.waitForLoadState('networkidle');
    const text = await p.locator('body').innerText();
    expect(text).toContain('d’identité');
    expect(text).not.toMatch(/\p{L}'\p{L}/u);
    await p.context().close();
  });

  it('/AI in Italian: the amount range keeps its coin on its line, the long label wraps instead', async () => {
    const p = await page('it');
    await p.goto('/AI');
    await p.locator('.ai-kv dd.num').first().waitFor();
    await screenshot(p, 'walk-romance-ai-it');
    const values = await p.locator('.ai-kv dd.num').evaluateAll((els) =>
      els.map((el) => {
        // The cell stretches to the wrapped label's height; count the lines its text sits on.
        const range = document.createRange();
        range.selectNodeContents(el);
        const tops = new Set(Array.from(range.getClientRects(), (r) => Math.round(r.top)));
        return { text: el.textContent, lines: tops.size };
      }),
    );
    expect(values.length).toBe(3);
    expect(values.filter((v) => v.lines !== 1)).toEqual([]);
    await p.context().close();
  });

  it('/WalletDetail in Spanish: every row keeps its type on one line ("Retención liberada")', async () => {
    const es = webCatalogues.es;
    const p = await page('es');
    await p.goto('/WalletDetail');
    await p.getByText(es.wallet.types.refundPostingOrder, { exact: true }).first().waitFor();
    await screenshot(p, 'walk-romance-ledger-es');
    const rows = await p.locator('a.w-row .w-row__title').evaluateAll((els) =>
      els.map((el) => {
        const lineHeight = Number.parseFloat(getComputedStyle(el).lineHeight);
        return { text: el.textContent, lines: Math.round(el.getBoundingClientRect().height / lineHeight) };
      }),
    );
    expect(rows.length).toBeGreaterThan(5);
    expect(rows.filter((r) => r.lines !== 1)).toEqual([]);
    await p.context().close();
  });

  it('no screen of the walk scrolls sideways at 375 px in fr, es or it', async () => {
    const wide: string[] = [];
    for (const lang of ['fr', 'es', 'it'] as const) {
      const p = await page(lang);
      for (const w of await pagesWiderThan(p, WALKED)) wide.push(`${lang} ${w}`);
      await p.context().close();
    }
    expect(wide).toEqual([]);
  });
});
