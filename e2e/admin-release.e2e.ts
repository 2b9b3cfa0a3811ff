// The operator console's Releases page in Chromium against the built server: sign in at /admin/,
// publish a real zip through the upload form, see it listed with its md5, get the server's 422
// under the version field for a duplicate, and widen a staged rollout with confirmation.
import { createHash } from 'node:crypto';
import { ed25519 } from '@noble/curves/ed25519';
import { hexToBytes } from '@noble/hashes/utils';
import { strToU8, zipSync } from 'fflate';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEV_RELEASE_SIGNING_SEED } from '../apps/server/src/release/dev-key.ts';
import {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  adminToken,
  api,
  launchBrowser,
  type RunningServer,
  screenshot,
  startServer,
} from './harness.ts';

const LANG_TABS: [string, string][] = [
  ['DE', 'Schnellere Charts'],
  ['EN', 'Faster charts'],
  ['简中', '更快的图表'],
  ['繁中', '更快的圖表'],
  ['ES', 'Gráficos más rápidos'],
  ['FR', 'Graphiques plus rapides'],
  ['IT', 'Grafici più veloci'],
];

interface Listed {
  id: string;
  version: string;
  platform: string;
  md5: string;
  rollout_percent: number;
  release_content: Record<string, string>;
}

function makeBundle(tag: string): Buffer {
  const zip = zipSync({
    'index.html': strToU8(`<!doctype html><title>${tag}</title>`),
    'assets/app.js': strToU8(`console.log(${JSON.stringify(tag)})`),
  });
  return Buffer.from(zip);
}

const md5 = (bytes: Buffer) => createHash('md5').update(bytes).digest('hex');
/** What `npm run release -- --sign` prints; the server (no RELEASE_PUBLIC_KEY) checks the DEV key. */
const signature = (bytes: Buffer) =>
  Buffer.from(ed25519.sign(bytes, hexToBytes(DEV_RELEASE_SIGNING_SEED))).toString('hex');

let server: RunningServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  context = await browser.newContext({ baseURL: server.url, viewport: { width: 1280, height: 800 } });
  page = await context.newPage();
});

afterAll(async () => {
  await context?.close();
  await browser?.close();
  await server?.stop();
});

async function listed(): Promise<Listed[]> {
  const token = await adminToken(server.url);
  const res = await api<{ list: Listed[] }>(
    server.url,
    'GET',
    '/api/admin/releases?page=1&limit=50',
    undefined,
    token,
  );
  expect(res.code).toBe(0);
  return res.data.list;
}

/** Opens the drawer and fills every field; the caller presses Publish. */
async function fillPublishForm(opts: { file: string; bundle: Buffer; version: string; rollout: number }) {
  await page.getByRole('button', { name: 'Publish release' }).click();
  const drawer = page.locator('.ant-drawer-content');
  await drawer.getByText('Click or drop the bundle zip here').waitFor();
  await drawer
    .locator('input[type=file]')
    .setInputFiles({ name: opts.file, mimeType: 'application/zip', buffer: opts.bundle });
  await drawer.getByText(opts.file).waitFor();
  await drawer.getByLabel('Version', { exact: true }).fill(opts.version);
  await drawer.getByLabel('Minimum native version').fill('1.0');
  await drawer.getByText('Android', { exact: true }).click();
  await drawer.getByLabel('Rollout percent').fill(String(opts.rollout));
  for (const [tab, text] of LANG_TABS) {
    await drawer.getByRole('tab', { name: tab }).click();
    await drawer.locator('.ant-tabs-tabpane-active textarea').fill(text);
  }
  await drawer.getByLabel('Signature').fill(signature(opts.bundle));
  return drawer;
}

/**
 * The Releases page afresh (the session lives in this tab's sessionStorage): a test, or its retry on
 * CI, starts without a drawer or dialog an earlier test left open.
 */
async function openReleases() {
  await page.goto('/admin/releases');
  await page.getByRole('heading', { name: 'Releases' }).waitFor();
  await page.locator('.ant-table-row').first().waitFor();
}

describe('operator console: releases', () => {
  it('signs in at /admin/ and opens the empty Releases page', async () => {
    await page.goto('/admin/');
    await page.waitForURL(/\/admin\/login$/);
    await page.locator('#email').fill(ADMIN_EMAIL);
    await page.locator('#password').fill(ADMIN_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(/\/admin\/outbox/);
    await page.getByRole('menuitem', { name: 'Releases' }).click();
    await page.waitForURL(/\/admin\/releases$/);
    await page.getByRole('heading', { name: 'Releases' }).waitFor();
    await page.getByText('No release published yet').waitFor();
  });

  it('publishes an uploaded zip and shows it in the table with its md5', async () => {
    const bundle = makeBundle('1.0.0');
    const drawer = await fillPublishForm({ file: 'web-1.0.0.zip', bundle, version: '1.0.0', rollout: 30 });
    await screenshot(page, 'admin-release-form');
    const sent = page.waitForRequest((r) => r.url().endsWith('/api/admin/releases') && r.method() === 'POST');
    await drawer.getByRole('button', { name: 'Publish', exact: true }).click();
    const request = await sent;
    expect(request.headers()['content-type']).toMatch(/^multipart\/form-data; boundary=/);

    const result = drawer.getByTestId('publish-result');
    await result.getByText('Version 1.0.0 published').waitFor();
    await result.getByText(md5(bundle)).waitFor();
    await screenshot(page, 'admin-release-published');

    const [row] = await listed();
    expect(row).toMatchObject({
      version: '1.0.0',
      platform: 'android',
      md5: md5(bundle),
      rollout_percent: 30,
    });
    expect(row!.release_content.zh_TW).toBe('更快的圖表');
    // The drawer shows exactly what the server stored and signed.
    for (const text of [row!.id, `/api/app/update/bundles/${row!.id}.zip`]) {
      await result.getByText(text, { exact: true }).waitFor();
    }

    await result.getByRole('button', { name: 'Done' }).click();
    await drawer.waitFor({ state: 'hidden' });
    const tableRow = page.locator('.ant-table-row', { has: page.locator(`[data-md5="${md5(bundle)}"]`) });
    await tableRow.waitFor();
    expect(await tableRow.innerText()).toContain('1.0.0');
    expect(await tableRow.innerText()).toContain('30%');
    await screenshot(page, 'admin-release-list');
  });

  it('shows the server refusal of a version that is not newer under the Version field', async () => {
    await openReleases();
    const drawer = await fillPublishForm({
      file: 'again.zip',
      bundle: makeBundle('again'),
      version: '1.0.0',
      rollout: 100,
    });
    const answered = page.waitForResponse(
      (r) => r.url().endsWith('/api/admin/releases') && r.request().method() === 'POST',
    );
    await drawer.getByRole('button', { name: 'Publish', exact: true }).click();
    await answered;
    const help = drawer.locator('.ant-form-item-has-error', {
      has: page.getByLabel('Version', { exact: true }),
    });
    await help.getByText(/newer than 1\.0\.0/).waitFor();
    expect(await drawer.getByRole('button', { name: 'Publish', exact: true }).isDisabled()).toBe(false);
    expect(await listed()).toHaveLength(1);
    await drawer.getByRole('button', { name: 'Cancel' }).click();
    await drawer.waitFor({ state: 'hidden' });
  });

  it('widens the rollout after confirmation', async () => {
    await openReleases();
    const [before] = await listed();
    await page.getByRole('button', { name: `Widen rollout of ${before!.version}` }).click();
    const dialog = page.getByRole('dialog', { name: /Widen the rollout of 1\.0\.0/ });
    await dialog.getByLabel('New rollout percent').fill('75');
    await dialog.getByText('About 45% more devices').waitFor();
    await screenshot(page, 'admin-release-widen');
    const sent = page.waitForRequest((r) => r.url().endsWith(`/api/admin/releases/${before!.id}/rollout`));
    await dialog.getByRole('button', { name: 'Widen to 75%' }).click();
    expect((await sent).postDataJSON()).toEqual({ rollout_percent: 75 });
    await dialog.waitFor({ state: 'hidden' });
    await page.locator('.ant-table-row', { hasText: '75%' }).waitFor();
    const [after] = await listed();
    expect(after!.rollout_percent).toBe(75);
  });
});
