// The in-place update flow in Chromium, as on Android: the app runs on the fake native updater
// (injected through `window.__UPDATE_PORT__`), the server is the real built one with a release
// published through the admin API, and the bundle bytes, md5 and ed25519 signature are the real ones.
import { createHash, randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ed25519 } from '@noble/curves/ed25519';
import { hexToBytes } from '@noble/hashes/utils';
import { strToU8, zipSync } from 'fflate';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEV_RELEASE_PUBLIC_KEY, DEV_RELEASE_SIGNING_SEED } from '../apps/server/src/release/dev-key.ts';
import {
  adminToken,
  launchBrowser,
  phoneContext,
  type RunningServer,
  screenshot,
  startServer,
} from './harness.ts';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const NOTES = {
  de: 'Schnellere Charts',
  en: 'Faster charts and a new order form',
  zh_CN: '更快的图表',
  zh_TW: '更快的圖表',
  es: 'Gráficos más rápidos',
  fr: 'Graphiques plus rapides',
  it: 'Grafici più veloci',
};

interface PortRecord {
  platform: string;
  bundleVersion: string;
  nativeVersion: string;
  downloads: { url: string; version: string; checksum: string }[];
  installed: { id: string; version: string }[];
  outcomes: { kind: string; reason?: string; version?: string }[];
}

declare global {
  interface Window {
    __UPDATE_PORT__?: Partial<PortRecord>;
    __progress?: number[];
    __fill?: string[];
  }
}

/** A real web bundle: index.html plus ~1.5 MB of incompressible data so the download streams in chunks. */
function makeBundle(tag: string): Uint8Array {
  return zipSync(
    {
      'index.html': strToU8(`<!doctype html><title>${tag}</title>`),
      'assets/blob.bin': randomBytes(1_500_000),
    },
    { level: 0 },
  );
}

async function publish(base: string, token: string, version: string, bytes: Uint8Array) {
  const form = new FormData();
  form.append('version', version);
  form.append('platform', 'android');
  form.append('min_native_version', '1.0');
  form.append('rollout_percent', '100');
  form.append('release_content', JSON.stringify(NOTES));
  // Signed offline as `npm run release` does (ADR 128); the server only verifies. The DEV/TEST
  // seed's public half is the key a default build bakes in and the server's default.
  form.append(
    'signature',
    Buffer.from(ed25519.sign(bytes, hexToBytes(DEV_RELEASE_SIGNING_SEED))).toString('hex'),
  );
  form.append('bundle', new Blob([bytes as Uint8Array<ArrayBuffer>], { type: 'application/zip' }), 'b.zip');
  const res = await fetch(`${base}/api/admin/releases`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'accept-language': 'en' },
    body: form,
  });
  const body = (await res.json()) as {
    code: number;
    message: string;
    data: { id: string; md5: string; sha256: string; signature: string; download_path: string };
  };
  if (body.code !== 0) throw new Error(`publish failed: ${body.message}`);
  return body.data;
}

/** Records every value the progress bar shows and its fill colour, for the whole page life. */
function recordProgress() {
  window.__progress = [];
  window.__fill = [];
  const seen = () => {
    const bar = document.querySelector('[data-testid="update-progress"]');
    if (!bar) return;
    const v = Number(bar.getAttribute('data-percent'));
    if (window.__progress?.at(-1) !== v) window.__progress?.push(v);
    const fill = bar.querySelector('.adm-progress-bar-fill');
    if (fill) window.__fill?.push(getComputedStyle(fill).backgroundColor);
  };
  new MutationObserver(seen).observe(document, { subtree: true, childList: true, attributes: true });
}

describe('in-place update (Android through the port)', () => {
  let server: RunningServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let token: string;
  let tamperedPath = '';
  let tamperedBytes = Buffer.alloc(0);

  beforeAll(async () => {
    // No RELEASE_PUBLIC_KEY: the server checks uploads against the DEV/TEST public key, the key a
    // default build bakes in (ADR 128); it holds no private key.
    server = await startServer();
    token = await adminToken(server.url);
    browser = await launchBrowser();
    context = await phoneContext(browser, server.url);
    await context.addInitScript(() => {
      window.localStorage.setItem('lang', 'en');
      window.__UPDATE_PORT__ = { platform: 'android', bundleVersion: 'builtin', nativeVersion: '1.0.0' };
    });
    await context.addInitScript(recordProgress);
    page = await context.newPage();
  });

  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await server?.stop();
  });

  it('builds the server key into the app', async () => {
    const res = await fetch(`${server.url}/api/app/update/public-key`);
    const body = (await res.json()) as { data: { public_key: string } };
    expect(body.data.public_key).toBe(DEV_RELEASE_PUBLIC_KEY);
    const assets = join(root, 'apps/web/dist/assets');
    const baked = readdirSync(assets).some(
      (f) => f.endsWith('.js') && readFileSync(join(assets, f), 'utf8').includes(DEV_RELEASE_PUBLIC_KEY),
    );
    expect(baked).toBe(true);
  });

  it('checks at start, then on resume shows the pop-up, downloads, verifies and installs the bundle', async () => {
    const firstCheck = page.waitForResponse((r) => r.url().endsWith('/api/app/update'));
    await page.goto('/');
    const first = await firstCheck;
    expect(JSON.parse(first.request().postData() ?? '{}')).toMatchObject({
      platform: 'android',
      app_version: '0.0.1',
      native_version: '1.0.0',
    });
    expect(((await first.json()) as { data: unknown }).data).toBeNull();
    await page.waitForTimeout(300);
    expect(await page.locator('[data-testid="update-popup"]').count()).toBe(0);

    const bytes = makeBundle('1.0.0');
    const release = await publish(server.url, token, '1.0.0', bytes);
    expect(release.md5).toBe(createHash('md5').update(bytes).digest('hex'));

    const bundleFetched = page.waitForResponse((r) => r.url().endsWith(release.download_path));
    // A phone-like link (about 1.2 MB/s) so the bundle streams in over a second and the bar moves.
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 20,
      downloadThroughput: 1_200_000,
      uploadThroughput: 1_200_000,
    });
    // The app comes back to the foreground.
    await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
    const popup = page.locator('[data-testid="update-popup"]');
    await popup.waitFor({ state: 'visible', timeout: 10_000 });
    expect(await page.locator('[data-testid="update-content"]').textContent()).toBe(NOTES.en);
    await page.waitForFunction(() => (window.__progress ?? []).some((p) => p >= 20 && p < 80));
    await screenshot(page, 'update-popup');
    await bundleFetched;

    await page.waitForFunction(() => (window.__UPDATE_PORT__?.installed?.length ?? 0) > 0, undefined, {
      timeout: 20_000,
    });
    const port = (await page.evaluate(() => window.__UPDATE_PORT__)) as PortRecord;
    expect(port.installed).toEqual([{ id: 'fake-1', version: '1.0.0' }]);
    expect(port.downloads).toEqual([
      { url: `${server.url}${release.download_path}`, version: '1.0.0', checksum: release.sha256 },
    ]);

    const progress = (await page.evaluate(() => window.__progress)) ?? [];
    if (process.env.E2E_SHOTS) console.log('progress seen:', progress.join(' '));
    expect(progress.length).toBeGreaterThan(4);
    expect(progress.some((p) => p > 0 && p < 100)).toBe(true);
    expect(progress.at(-1)).toBe(100);
    for (let i = 1; i < progress.length; i++) expect(progress[i]).toBeGreaterThanOrEqual(progress[i - 1]!);
    for (const p of progress) expect(p >= 0 && p <= 100).toBe(true);
    const fills = (await page.evaluate(() => window.__fill)) ?? [];
    expect(fills.length).toBeGreaterThan(0);
    expect(new Set(fills)).toEqual(new Set(['rgb(14, 203, 129)']));
    await popup.waitFor({ state: 'hidden', timeout: 5_000 });
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });
  });

  it('refuses a bundle altered in transit and closes the pop-up', async () => {
    const bytes = makeBundle('1.1.0');
    const release = await publish(server.url, token, '1.1.0', bytes);
    const tampered = Buffer.from(bytes);
    tampered[tampered.length - 100] = (tampered[tampered.length - 100] ?? 0) ^ 0xff;
    await page.route(`**${release.download_path}`, (route) =>
      route.fulfill({ status: 200, contentType: 'application/zip', body: tampered }),
    );
    const before = ((await page.evaluate(() => window.__UPDATE_PORT__)) as PortRecord).installed.length;
    await page.evaluate(() => window.dispatchEvent(new Event('app:resume')));
    const popup = page.locator('[data-testid="update-popup"]');
    await popup.waitFor({ state: 'visible', timeout: 10_000 });
    await popup.waitFor({ state: 'hidden', timeout: 10_000 });
    const port = (await page.evaluate(() => window.__UPDATE_PORT__)) as PortRecord;
    expect(port.installed.length).toBe(before);
    expect(port.downloads.some((d) => d.version === '1.1.0')).toBe(false);
    expect(port.outcomes.at(-1)).toEqual({ kind: 'failed', reason: 'md5_mismatch' });
    await page.unroute(`**${release.download_path}`);
    tamperedPath = release.download_path;
    tamperedBytes = tampered;
  });

  it('refuses a bundle whose md5 matches but whose signature does not (answer forged in transit)', async () => {
    const forgedMd5 = createHash('md5').update(tamperedBytes).digest('hex');
    await page.route(`**${tamperedPath}`, (route) =>
      route.fulfill({ status: 200, contentType: 'application/zip', body: tamperedBytes }),
    );
    await page.route('**/api/app/update', async (route) => {
      const res = await route.fetch();
      const body = (await res.json()) as { data: { md5_sum: string } | null };
      if (body.data) body.data.md5_sum = forgedMd5;
      await route.fulfill({ response: res, json: body });
    });
    const before = ((await page.evaluate(() => window.__UPDATE_PORT__)) as PortRecord).outcomes.length;
    await page.evaluate(() => window.dispatchEvent(new Event('app:resume')));
    await page.waitForFunction((n) => (window.__UPDATE_PORT__?.outcomes?.length ?? 0) > n, before, {
      timeout: 10_000,
    });
    const port = (await page.evaluate(() => window.__UPDATE_PORT__)) as PortRecord;
    expect(port.outcomes.at(-1)).toEqual({ kind: 'failed', reason: 'signature_invalid' });
    expect(port.installed.map((b) => b.version)).toEqual(['1.0.0']);
    expect(await page.locator('[data-testid="update-popup"]').count()).toBe(0);
    await page.unrouteAll();
  });
});

describe('installable web build (PWA)', () => {
  let server: RunningServer;
  let browser: Browser;
  let context: BrowserContext;

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    context = await phoneContext(browser, server.url);
  });

  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await server?.stop();
  });

  it('links the manifest, caches the shell but no API answer, and starts offline', async () => {
    const page = await context.newPage();
    await page.goto('/');
    const manifest = await page.evaluate(async () => {
      const href = document.querySelector('link[rel="manifest"]')?.getAttribute('href');
      return href ? ((await (await fetch(href)).json()) as { display: string; icons: unknown[] }) : null;
    });
    expect(manifest?.display).toBe('standalone');
    expect(manifest?.icons.length).toBeGreaterThanOrEqual(3);

    await page.waitForFunction(
      async () => (await navigator.serviceWorker.getRegistration()) !== undefined,
      undefined,
      {
        timeout: 15_000,
      },
    );
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    // Under the worker's control now: the app's own API calls run through it.
    await page.reload();
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    await page.evaluate(() => fetch('/api/app/config').then((r) => r.json()));
    const cached = await page.evaluate(async () => {
      const urls: string[] = [];
      for (const name of await caches.keys()) {
        for (const req of await (await caches.open(name)).keys()) urls.push(new URL(req.url).pathname);
      }
      return urls;
    });
    expect(cached).toContain('/index.html');
    expect(cached.some((u) => u.startsWith('/assets/'))).toBe(true);
    expect(cached.filter((u) => /^\/(api|ws|uploads|admin)(\/|$)/.test(u))).toEqual([]);

    await context.setOffline(true);
    await page.reload();
    await page.locator('#root > *').first().waitFor({ timeout: 10_000 });
    await context.setOffline(false);
  });
});
