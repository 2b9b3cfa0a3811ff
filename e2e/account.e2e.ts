// Issue 2 "Must show" in a real browser: registration with an e-mail code from the outbox, the
// guard, unknown paths, the seven languages surviving a reload, and 401/411 ending the session.
import { LANG_NAMES, LANGS, webCatalogues } from '@ex/i18n';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { api, latestCode, phoneContext, registerViaApi, suite } from './harness.ts';

const de = webCatalogues.de;
const s = suite();

async function newPage(): Promise<Page> {
  const context = await phoneContext(s.browser, s.server.url);
  return context.newPage();
}

async function loggedInPage(email: string): Promise<Page> {
  const token = await registerViaApi(s.server.url, email);
  const page = await newPage();
  await page.addInitScript((t) => {
    if (!sessionStorage.getItem('seeded')) {
      localStorage.setItem('token', t);
      sessionStorage.setItem('seeded', '1');
    }
  }, token);
  return page;
}

describe('accounts in the browser', () => {
  it('registers with an e-mail code read from the outbox, lands on home and stays logged in after reload', async () => {
    const page = await newPage();
    const email = `reg-${Date.now()}@e2e.test`;
    await page.goto('/Register');
    await page.getByPlaceholder(de.auth.emailPlaceholder).fill(email);
    await page.getByRole('button', { name: de.auth.sendCode }).click();
    const code = await latestCode(s.server.url, email);
    expect(code).toMatch(/^\d{6}$/);
    await page.getByPlaceholder(de.auth.codePlaceholder).fill(code);
    await page.getByPlaceholder(de.auth.passwordPlaceholder).fill('Secret1234');
    await page.getByPlaceholder(de.auth.confirmPlaceholder).fill('Secret1234');
    await page.locator('.agree-line .adm-checkbox').first().click();
    await page.getByRole('button', { name: de.auth.register, exact: true }).click();
    await page.waitForURL((u) => u.pathname === '/');
    const token = await page.evaluate(() => localStorage.getItem('token'));
    expect(token).toBeTruthy();
    await page.reload();
    await page.waitForLoadState('networkidle');
    expect(new URL(page.url()).pathname).toBe('/');
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBe(token);
    // The token is the one the server knows: user info answers for this e-mail.
    const info = await api<{ email: string }>(s.server.url, 'GET', '/api/app/user/info', undefined, token!);
    expect(info.data.email).toBe(email);
    await page.context().close();
  });

  it('sends an anonymous visit to /My to /Login', async () => {
    const page = await newPage();
    await page.goto('/My');
    await page.waitForURL((u) => u.pathname === '/Login');
    await expect(page.getByRole('button', { name: de.auth.login, exact: true })).toBeTruthy();
    await page.context().close();
  });

  it('redirects an unknown path to /', async () => {
    const page = await loggedInPage(`nowhere-${Date.now()}@e2e.test`);
    await page.goto('/nowhere');
    await page.waitForURL((u) => u.pathname === '/');
    await page.context().close();
  });

  it('switches to each of the seven languages, and the choice survives a reload', async () => {
    const page = await loggedInPage(`lang-${Date.now()}@e2e.test`);
    await page.goto('/Setting');
    let current: (typeof LANGS)[number] = 'de';
    await page.getByText(webCatalogues.de.titles.setting).first().waitFor();
    for (const lang of [...LANGS.filter((l) => l !== 'de'), 'de' as const]) {
      await page.getByText(webCatalogues[current].setting.language, { exact: true }).first().click();
      await page.getByRole('dialog').getByText(LANG_NAMES[lang], { exact: true }).click();
      await page.getByText(webCatalogues[lang].titles.setting, { exact: true }).first().waitFor();
      expect(await page.evaluate(() => localStorage.getItem('lang'))).toBe(lang);
      await page.reload();
      await page.getByText(webCatalogues[lang].titles.setting, { exact: true }).first().waitFor();
      expect(await page.evaluate(() => document.documentElement.lang)).toBe(lang.replace('_', '-'));
      // Traditional Chinese draws with the Traditional faces first, every other language with the
      // default list (Simplified faces for zh_CN).
      const font = await page.evaluate(() => getComputedStyle(document.body).fontFamily);
      expect(font.includes('PingFang TC')).toBe(lang === 'zh_TW');
      expect(font.includes('PingFang SC')).toBe(lang !== 'zh_TW');
      current = lang;
    }
    await page.context().close();
  });

  it('logs the user out to /Login when the server answers 411 (session ended elsewhere)', async () => {
    const email = `revoked-${Date.now()}@e2e.test`;
    const page = await loggedInPage(email);
    const infoLoaded = page.waitForResponse(
      (r) => r.url().endsWith('/api/app/user/info') && r.status() === 200,
    );
    await page.goto('/My');
    await infoLoaded;
    const token = await page.evaluate(() => localStorage.getItem('token'));
    // Log out the same token from "another device": the next call gets 401 with code 411.
    const out = await api(s.server.url, 'POST', '/api/app/account/logout', undefined, token!);
    expect(out.code).toBe(0);
    const after = await api(s.server.url, 'GET', '/api/app/user/info', undefined, token!);
    expect(after.code).toBe(411);
    await page.reload();
    await page.waitForURL((u) => u.pathname === '/Login');
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    await page.context().close();
  });

  it('logs the user out to /Login on a 401 (unknown token)', async () => {
    const page = await newPage();
    await page.addInitScript(() => {
      if (!sessionStorage.getItem('seeded')) {
        localStorage.setItem('token', 'not-a-real-token');
        sessionStorage.setItem('seeded', '1');
      }
    });
    await page.goto('/My');
    await page.waitForURL((u) => u.pathname === '/Login');
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    await page.context().close();
  });
});
