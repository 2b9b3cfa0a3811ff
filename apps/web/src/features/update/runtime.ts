import { Capacitor } from '@capacitor/core';
import { createCapacitorUpdater } from './capacitor-adapter.ts';
import { createUpdateController, type UpdateController } from './controller.ts';
import { createFakeNativeUpdater, type FakeUpdaterConfig } from './fake-adapter.ts';
import { storedLang } from './i18n.ts';
import { UPDATE_PUBLIC_KEY } from './keys.ts';
import type { KeyValueStorage, UpdateCheck, UpdateInfo } from './port.ts';

declare global {
  interface Window {
    /** Test-only switch: run the update flow on a fake native updater (see fake-adapter.ts). */
    __UPDATE_PORT__?: FakeUpdaterConfig;
  }
}

/**
 * Where the API lives. In the web build that is the page's origin; inside the native shell the page
 * is served from capacitor://localhost, so the build must name the server (`VITE_API_BASE`).
 */
export function apiBaseUrl(): string {
  const env = (import.meta as ImportMeta & { env?: Record<string, string | undefined> }).env;
  return env?.VITE_API_BASE || window.location.origin;
}

/**
 * `POST /api/app/update` with the spec's headers (Accept-Language from the stored lang). A plain
 * fetch rather than the shared SDK client on purpose: a failed check must stay silent (no toast, no
 * logout redirect), and an empty or malformed answer simply means "no update".
 */
export function createHttpUpdateCheck(baseUrl: string, storage: KeyValueStorage): UpdateCheck {
  return async (req) => {
    const headers: Record<string, string> = {
      'content-type': 'application/json',
      'accept-language': storedLang(storage),
    };
    const token = storage.getItem('token');
    if (token) headers.authorization = `Bearer ${token}`;
    const res = await fetch(new URL('/api/app/update', baseUrl), {
      method: 'POST',
      headers,
      body: JSON.stringify(req),
    });
    if (!res.ok) throw new Error(`update check HTTP ${res.status}`);
    const body = (await res.json()) as { code?: number; data?: UpdateInfo | null };
    if (body.code !== 0) throw new Error(`update check code ${body.code}`);
    return body.data ?? null;
  };
}

/** The controller the app root uses: Capacitor on a device, the fake when a test injected one. */
export function createDefaultUpdateController(): UpdateController {
  const baseUrl = apiBaseUrl();
  const fake = window.__UPDATE_PORT__;
  return createUpdateController({
    native: fake ? createFakeNativeUpdater(fake) : createCapacitorUpdater(),
    ...(fake
      ? {
          onOutcome: (o) => {
            fake.outcomes ??= [];
            fake.outcomes.push(o);
          },
        }
      : {}),
    check: createHttpUpdateCheck(baseUrl, window.localStorage),
    storage: window.localStorage,
    publicKeyHex: UPDATE_PUBLIC_KEY,
    baseUrl,
    checkOnStart: true,
  });
}

/**
 * The service worker makes the web build installable and its shell available offline. Only in a
 * production build on the web platform: inside Capacitor the shell is already local and a worker
 * would shadow the bundles the live updater installs; in dev it would cache Vite's modules.
 */
export function registerServiceWorker(): void {
  const env = (import.meta as ImportMeta & { env?: { PROD?: boolean } }).env;
  if (!env?.PROD || Capacitor.getPlatform() !== 'web' || window.__UPDATE_PORT__) return;
  if (!('serviceWorker' in navigator)) return;
  const register = () => {
    navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch(() => {
      // An app without offline shell still works; nothing to tell the user.
    });
  };
  // After `load` so precaching does not compete with the first render; the app root usually mounts
  // once the page has loaded already.
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
