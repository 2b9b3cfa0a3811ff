// Shared helpers for the browser end-to-end tests: start the BUILT server (apps/server/dist) on a
// free port with a fresh data folder, and drive Debian's Chromium through playwright-core.
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const ADMIN_EMAIL = 'ops@e2e.test';
export const ADMIN_PASSWORD = 'E2e-operator-pass-1';

export interface RunningServer {
  url: string;
  dataDir: string;
  logs: string[];
  stop(): Promise<void>;
}

async function freePort(): Promise<number> {
  return new Promise((ok, fail) => {
    const srv = createServer();
    srv.once('error', fail);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      srv.close(() => ok(port));
    });
  });
}

/** Starts `node apps/server/dist/main.js` on the embedded default (PGlite) in a fresh DATA_DIR. */
export async function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  const main = join(root, 'apps/server/dist/main.js');
  if (!existsSync(main)) throw new Error(`${main} is missing: run npm run build first`);
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'ex-e2e-'));
  const logs: string[] = [];
  const childEnv: Record<string, string> = {
    ...(process.env as Record<string, string>),
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    CAPTCHA: 'off',
    SEED_DEMO: '0',
    ADMIN_EMAIL,
    ADMIN_PASSWORD,
    LOG_LEVEL: 'warn',
    ...env,
  };
  // The browser suite always runs on the embedded default; PostgreSQL is covered by the API suite.
  delete childEnv.DATABASE_URL;
  const child: ChildProcess = spawn(process.execPath, [main], { cwd: root, env: childEnv, stdio: 'pipe' });
  child.stdout?.on('data', (d: Buffer) => logs.push(d.toString()));
  child.stderr?.on('data', (d: Buffer) => logs.push(d.toString()));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${logs.join('')}`);
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`server did not start:\n${logs.join('')}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    url,
    dataDir,
    logs,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
        if (child.exitCode === null) child.kill('SIGKILL');
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export interface Suite {
  server: RunningServer;
  browser: Browser;
  /** The demo user's token (with `SEED_DEMO: '1'`; empty otherwise). */
  token: string;
}

/**
 * The set-up of a browser test file (issue 14): before all its tests the built server with `env`
 * and Chromium, and the demo user's token when the demo is seeded; after them both are stopped.
 * Read the fields inside tests and hooks (they are filled in `beforeAll`).
 */
export function suite(env: Record<string, string> = {}): Suite {
  const s = { token: '' } as Suite;
  beforeAll(async () => {
    s.server = await startServer(env);
    s.browser = await launchBrowser();
    if (env.SEED_DEMO === '1') s.token = await loginToken(s.server.url);
  });
  afterAll(async () => {
    await s.browser?.close();
    await s.server?.stop();
  });
  return s;
}

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
}

/** A phone-sized context (375 x 812, the spec's reference width). */
export async function phoneContext(browser: Browser, baseURL: string): Promise<BrowserContext> {
  return browser.newContext({
    baseURL,
    viewport: { width: 375, height: 812 },
    deviceScaleFactor: 2,
    hasTouch: true,
  });
}

/** JSON call to the API, returning the envelope. */
export async function api<T = unknown>(
  base: string,
  method: string,
  path: string,
  body?: unknown,
  token?: string,
): Promise<{ code: number; data: T; message: string; errors?: Record<string, string[]> }> {
  const headers: Record<string, string> = { 'accept-language': 'en' };
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (token) headers.authorization = `Bearer ${token}`;
  const res = await fetch(`${base}${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return res.json() as Promise<{ code: number; data: T; message: string; errors?: Record<string, string[]> }>;
}

/** The demo account of the embedded default (seeded with SEED_DEMO=1). */
export const DEMO_EMAIL = 'demo@exchange.local';
export const DEMO_PASSWORD = 'demo12345';

/** Logs in through the API (the demo account unless told otherwise) and returns the token. */
export async function loginToken(
  base: string,
  account = DEMO_EMAIL,
  password = DEMO_PASSWORD,
): Promise<string> {
  const res = await api<{ token: string }>(base, 'POST', '/api/app/account/login', {
    type: 'email',
    account,
    password,
  });
  if (res.code !== 0) throw new Error(`login of ${account} failed: ${res.message}`);
  return res.data.token;
}

/** A phone-sized page already signed in: token and language stored before any app script runs. */
export async function openSignedIn(
  browser: Browser,
  baseURL: string,
  token: string,
  lang = 'en',
): Promise<Page> {
  const context = await phoneContext(browser, baseURL);
  await context.addInitScript(
    ([t, l]) => {
      localStorage.setItem('token', t);
      localStorage.setItem('lang', l);
    },
    [token, lang] as const,
  );
  return context.newPage();
}

/** Registers a fresh e-mail account through the API (code read from the outbox); returns its token. */
export async function registerViaApi(base: string, email: string, password = 'Secret1234'): Promise<string> {
  const sent = await api(base, 'POST', '/api/app/account/captcha', {
    type: 'email',
    account: email,
    scene: 'register',
  });
  if (sent.code !== 0) throw new Error(`register code for ${email}: ${sent.message}`);
  const code = await latestCode(base, email);
  const res = await api<{ token: string }>(base, 'POST', '/api/app/account/register', {
    type: 'email',
    account: email,
    password,
    password_confirmation: password,
    code,
  });
  if (res.code !== 0) throw new Error(`register of ${email}: ${res.message}`);
  return res.data.token;
}

/** Moves `amount` USDC from the spot to the futures account of `token`'s user, through the API. */
export async function fundFutures(base: string, token: string, amount = '500'): Promise<void> {
  const res = await api(
    base,
    'POST',
    '/api/app/wallet/transfer',
    { from: 'spot', to: 'contract', coin: 'USDC', amount },
    token,
  );
  if (res.code !== 0) throw new Error(`transfer to the futures account: ${res.message}`);
}

export async function adminToken(base: string): Promise<string> {
  const res = await api<{ token: string }>(base, 'POST', '/api/admin/login', {
    email: ADMIN_EMAIL,
    password: ADMIN_PASSWORD,
  });
  if (res.code !== 0) throw new Error(`admin login failed: ${res.message}`);
  return res.data.token;
}

/**
 * A page of the operator console signed in through its login form at `width` x `height` (a phone's
 * touch and pixel ratio under 600 px), on the console's first page after the login.
 */
export async function consoleSignIn(
  browser: Browser,
  baseURL: string,
  width = 1280,
  height = 800,
): Promise<Page> {
  const phone = width < 600;
  const context = await browser.newContext({
    baseURL,
    viewport: { width, height },
    deviceScaleFactor: phone ? 2 : 1,
    hasTouch: phone,
  });
  const page = await context.newPage();
  await page.goto('/admin/login');
  await page.locator('#email').fill(ADMIN_EMAIL);
  await page.locator('#password').fill(ADMIN_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((u) => !u.pathname.endsWith('/login'));
  return page;
}

/**
 * The paths whose page is wider than `width` once loaded (a page that scrolls sideways on a phone),
 * each as `<path> <width>px`; empty when every page fits.
 */
export async function pagesWiderThan(page: Page, paths: readonly string[], width = 375): Promise<string[]> {
  const wide: string[] = [];
  for (const path of paths) {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
    if (scrollWidth > width) wide.push(`${path} ${scrollWidth}px`);
  }
  return wide;
}

/** The newest verification code sent to `to`, read from the operator outbox. */
export async function latestCode(base: string, to: string): Promise<string> {
  const token = await adminToken(base);
  const deadline = Date.now() + 10_000;
  for (;;) {
    const res = await api<{ list: { to: string; code: string | null }[] }>(
      base,
      'GET',
      '/api/admin/outbox?page=1&limit=20',
      undefined,
      token,
    );
    const hit = res.data?.list?.find((m) => m.to === to || m.to.endsWith(to));
    if (hit?.code) return hit.code;
    if (Date.now() > deadline) throw new Error(`no code in the outbox for ${to}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

export async function screenshot(page: Page, name: string): Promise<void> {
  if (process.env.E2E_SHOTS) await page.screenshot({ path: join(process.env.E2E_SHOTS, `${name}.png`) });
}

/** A 1x1 PNG for KYC document images (the server sniffs the bytes, not the name). */
export const DOC_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/** A private (KYC) upload of `token`'s user; answers its id. */
export async function uploadPrivateImage(base: string, token: string): Promise<string> {
  const form = new FormData();
  form.append('file', new Blob([DOC_PNG], { type: 'image/png' }), 'doc.png');
  const res = await fetch(`${base}/api/app/images/upload?purpose=kyc`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  const body = (await res.json()) as { code: number; data: { path: string } };
  if (body.code !== 0) throw new Error(`upload failed: ${JSON.stringify(body)}`);
  return body.data.path;
}

/** Who applies for identity verification in `submitKyc` (country DE). */
export interface KycApplicant {
  family_name: string;
  given_name: string;
  document_type: 'passport' | 'id_card' | 'driver_license';
  document_number: string;
}

/**
 * Submits `token`'s user's identity verification through the API, with uploaded document images (a
 * back side for the cards, none for a passport, as the server asks); the application waits for review.
 */
export async function submitKyc(base: string, token: string, who: KycApplicant): Promise<void> {
  const res = await api(
    base,
    'POST',
    '/api/app/kyc',
    {
      country: 'DE',
      ...who,
      front_image: await uploadPrivateImage(base, token),
      ...(who.document_type !== 'passport' && { back_image: await uploadPrivateImage(base, token) }),
      face_image: await uploadPrivateImage(base, token),
    },
    token,
  );
  if (res.code !== 0) throw new Error(`kyc of ${who.given_name} ${who.family_name}: ${res.message}`);
}

/**
 * What withdrawing needs, through the API: a trade password (code from the outbox), KYC approved
 * by the operator, a bank card in the verified name.
 */
export async function setUpWithdrawalGates(
  base: string,
  token: string,
  email: string,
  tradePassword: string,
): Promise<void> {
  const must = (r: { code: number; message: string }, what: string) => {
    if (r.code !== 0) throw new Error(`${what}: ${r.message}`);
  };
  must(
    await api(
      base,
      'POST',
      '/api/app/account/captcha',
      { type: 'email', account: email, scene: 'security' },
      token,
    ),
    'security code',
  );
  const code = await latestCode(base, email);
  must(
    await api(
      base,
      'POST',
      '/api/app/user/trade-password',
      { password: tradePassword, password_confirmation: tradePassword, code },
      token,
    ),
    'trade password',
  );
  await submitKyc(base, token, {
    family_name: 'Muster',
    given_name: 'Erika',
    document_type: 'passport',
    document_number: 'C01X00T47',
  });
  const admin = await adminToken(base);
  const pending = await api<{ list: { id: string }[] }>(
    base,
    'GET',
    '/api/admin/kyc?status=under_audit',
    undefined,
    admin,
  );
  must(
    await api(base, 'POST', `/api/admin/kyc/${pending.data.list[0]!.id}/approve`, {}, admin),
    'kyc approval',
  );
  // The holder must match the verified name; either order the bank-card rule accepts.
  for (const holder of ['Erika Muster', 'Muster Erika']) {
    const r = await api(
      base,
      'POST',
      '/api/app/bank-cards',
      { bank_name: 'Demo Bank', card_number: '4111111111111111', holder_name: holder },
      token,
    );
    if (r.code === 0) return;
  }
  throw new Error('no bank card');
}
