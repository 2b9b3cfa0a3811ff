// Issue 12 in a real browser at 375 px. Step 1 (the five account screens): nickname and cropped
// avatar seen on /My; a password change ends the other session with 411; a phone bound with a
// code from the outbox; /WebView frames the help page and refuses a foreign host. Screenshots of
// each screen go to $E2E_SHOTS when set.
import { webCatalogues } from '@ex/i18n';
import { generateSync } from 'otplib';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { api, latestCode, phoneContext, registerViaApi, screenshot, suite } from './harness.ts';

const en = webCatalogues.en;
const s = suite();

const register = (email: string) => registerViaApi(s.server.url, email);

async function login(email: string, password: string): Promise<string> {
  const res = await api<{ token: string }>(s.server.url, 'POST', '/api/app/account/login', {
    type: 'email',
    account: email,
    password,
  });
  expect(res.code).toBe(0);
  return res.data.token;
}

/** A phone-sized page logged in with `token`, in English. */
async function pageWith(token: string): Promise<Page> {
  const context = await phoneContext(s.browser, s.server.url);
  const page = await context.newPage();
  await page.addInitScript((t) => {
    if (!sessionStorage.getItem('seeded')) {
      localStorage.setItem('token', t);
      localStorage.setItem('lang', 'en');
      sessionStorage.setItem('seeded', '1');
    }
  }, token);
  return page;
}

// A 64x48 PNG (solid colour), made without any image library.
function png(): Buffer {
  return Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAEAAAAAwCAIAAAAuKetIAAAAZUlEQVR4nO3PQQ0AIBDAsPvjXwyukIAIHg3Jkgno5uz1dcMFDWhBA1rQgBY0oAUNaEEDWtCAFjSgBQ1oQQNa0IAWNKAFDWhBA1rQgBY0oAUNaEEDWtCAFjSgBQ1oQQNa0IAWPHYBDPVxLUEx6+0AAAAASUVORK5CYII=',
    'base64',
  );
}

describe('account screens (issue 12 item 1)', () => {
  it('changes nickname and avatar (cropped) and sees both on /My', async () => {
    const token = await register(`info-${Date.now()}@e2e.test`);
    const page = await pageWith(token);
    await page.goto('/SetInfo');
    const nick = page.getByPlaceholder(en.security.profile.nicknamePlaceholder);
    await nick.waitFor();
    await screenshot(page, 'SetInfo');
    await nick.fill('Satoshi N');
    await page.getByRole('button', { name: en.security.profile.save }).click();
    await page.getByText(en.security.profile.saved).waitFor();

    await page
      .locator('input[type=file]')
      .setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: png() });
    await page.getByRole('dialog', { name: en.security.profile.cropTitle }).waitFor();
    await page.locator('.crop__viewport img').waitFor();
    await page.getByText(en.security.profile.saved).waitFor({ state: 'hidden' });
    await page.waitForTimeout(400); // the sheet's slide-in, for the picture only
    await screenshot(page, 'SetInfo-crop');
    const saved = page.waitForResponse(
      (r) => r.url().endsWith('/api/app/user/profile') && r.status() === 200,
    );
    await page.getByRole('button', { name: en.security.profile.use }).click();
    await saved;

    await page.goto('/My');
    await page.locator('.user-card__name', { hasText: 'Satoshi N' }).waitFor();
    const src = await page.locator('.user-card__avatar img').getAttribute('src');
    expect(src).toMatch(/\/uploads\/\d{6}\/.+\.(jpg|jpeg|png|webp)$/);
    const img = await fetch(new URL(src!, s.server.url));
    expect(img.status).toBe(200);
    const info = await api<{ nickname: string; avatar: string }>(
      s.server.url,
      'GET',
      '/api/app/user/info',
      undefined,
      token,
    );
    expect(info.data.nickname).toBe('Satoshi N');
    await page.context().close();
  });

  it('changes the password; the other session then gets 411 and goes to /Login', async () => {
    const email = `pwd-${Date.now()}@e2e.test`;
    const first = await register(email);
    const second = await login(email, 'Secret1234');
    const other = await pageWith(second);
    await other.goto('/My');
    await other.locator('.user-card__name').waitFor();

    const page = await pageWith(first);
    await page.goto('/ChangePwd');
    await page.getByText(en.security.pwd.note).waitFor();
    await screenshot(page, 'ChangePwd');
    const pwd = page.getByPlaceholder(en.auth.passwordPlaceholder);
    await pwd.nth(0).fill('Secret1234');
    await pwd.nth(1).fill('Better5678');
    await page.getByPlaceholder(en.auth.confirmPlaceholder).fill('Better9999');
    await page.getByRole('button', { name: en.security.pwd.submit }).click();
    await page.getByText(en.auth.passwordMismatch).waitFor();
    await page.getByPlaceholder(en.auth.confirmPlaceholder).fill('Better5678');
    await page.getByRole('button', { name: en.security.pwd.submit }).click();
    await page.waitForURL((u) => u.pathname === '/Setting');

    // This device continues on the new token; the other one is ended.
    const mine = await page.evaluate(() => localStorage.getItem('token'));
    expect((await api(s.server.url, 'GET', '/api/app/user/info', undefined, mine!)).code).toBe(0);
    expect((await api(s.server.url, 'GET', '/api/app/user/info', undefined, second)).code).toBe(411);
    await other.reload();
    await other.waitForURL((u) => u.pathname === '/Login');
    expect(await login(email, 'Better5678')).toBeTruthy();
    await page.context().close();
    await other.context().close();
  });

  it('binds a phone with the code sent to it', async () => {
    const token = await register(`phone-${Date.now()}@e2e.test`);
    const page = await pageWith(token);
    await page.goto('/SetPhone');
    const phone = page.getByPlaceholder(en.auth.phonePlaceholder);
    await phone.waitFor();
    await page.locator('.area-btn', { hasText: /\+\d/ }).waitFor();
    await screenshot(page, 'SetPhone');
    const number = `17${String(Date.now()).slice(-8)}`;
    await phone.fill(number);
    await page.getByRole('button', { name: en.auth.sendCode }).click();
    const code = await latestCode(s.server.url, number);
    await page.getByPlaceholder(en.auth.codePlaceholder).fill(code);
    await page.getByRole('button', { name: en.security.bind.submit, exact: true }).click();
    await page.waitForURL((u) => u.pathname === '/Setting');
    const info = await api<{ phone: string; area_code: string }>(
      s.server.url,
      'GET',
      '/api/app/user/info',
      undefined,
      token,
    );
    expect(info.data.phone).toBe(number);
    expect(info.data.area_code).toMatch(/^\+\d+$/);

    await page.goto('/SetEmail');
    await page.getByText(en.security.bind.oldHint).waitFor();
    await screenshot(page, 'SetEmail');
    await page.context().close();
  });

  it('/WebView frames the help page with a loading bar and title bar, and refuses a foreign host', async () => {
    const token = await register(`web-${Date.now()}@e2e.test`);
    const page = await pageWith(token);
    await page.goto('/WebView?type=support');
    const frame = page.frameLocator('iframe.webview__frame');
    await frame.getByText('Help centre').waitFor();
    await page.getByRole('button', { name: en.security.web.openInBrowser }).waitFor();
    await screenshot(page, 'WebView');
    await page.goto(`/WebView?url=${encodeURIComponent('https://evil.example.net/login')}`);
    await page.getByText(en.security.web.notAllowed).waitFor();
    await page.getByRole('heading', { name: 'evil.example.net' }).waitFor();
    expect(await page.locator('iframe').count()).toBe(0);
    await screenshot(page, 'WebView-blocked');
    await page.context().close();
  });

  it('2FA on: a new browser logs in only with the authenticator code (issue 12 item 3)', async () => {
    const email = `totp-${Date.now()}@e2e.test`;
    const token = await register(email);
    const setup = await api<{ secret: string }>(
      s.server.url,
      'POST',
      '/api/app/user/totp/setup',
      undefined,
      token,
    );
    const secret = setup.data.secret;
    const on = await api<{ recovery_codes: string[] }>(
      s.server.url,
      'POST',
      '/api/app/user/totp/enable',
      { code: generateSync({ secret }) },
      token,
    );
    expect(on.data.recovery_codes).toHaveLength(10);

    const context = await phoneContext(s.browser, s.server.url);
    const page = await context.newPage();
    await page.addInitScript(() => localStorage.setItem('lang', 'en'));
    await page.goto('/Login');
    await page.getByPlaceholder(en.auth.emailPlaceholder).fill(email);
    await page.getByPlaceholder(en.auth.passwordPlaceholder).fill('Secret1234');
    await page.getByRole('button', { name: en.auth.login, exact: true }).click();
    const field = page.getByRole('textbox', { name: en.security.totp.code });
    await field.waitFor();
    await screenshot(page, 'Login-totp');
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    // The enabling code's time step is used up: wait for the next one.
    await new Promise((r) => setTimeout(r, 30_000 - (Date.now() % 30_000) + 200));
    await field.fill(generateSync({ secret }));
    await page.getByRole('button', { name: en.auth.login, exact: true }).click();
    await page.waitForURL((u) => u.pathname === '/');
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeTruthy();
    await context.close();
  });
});
