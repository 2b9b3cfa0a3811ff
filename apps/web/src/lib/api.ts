import { createApi, createClient } from '@ex/sdk';
import { fetchEarly } from '../app/early-data.ts';
import { STORAGE_KEYS } from './storage.ts';
import { showToast } from './toast.ts';

type Handler = () => void;
let onSessionEnd: Handler = () => {};
let fallbackText: (reason: 'timeout' | 'network' | 'http') => string = () => '';

/** The router registers how a 401/411 ends the session (clear caches, go to /Login). */
export function setSessionEndHandler(handler: Handler): void {
  onSessionEnd = handler;
}

/** i18n registers the localised text for failures the server sent no message for. */
export function setFallbackText(fn: (reason: 'timeout' | 'network' | 'http') => string): void {
  fallbackText = fn;
}

/**
 * The app's one API client. `VITE_API_BASE` points a native build at the API host; in the browser
 * the API is same-origin (the server serves this app at `/`, Vite proxies `/api` in development).
 */
export const client = createClient({
  baseUrl: import.meta.env.VITE_API_BASE ?? '',
  storage: window.localStorage,
  tokenKey: STORAGE_KEYS.token,
  langKey: STORAGE_KEYS.lang,
  defaultLang: 'de',
  onLogout: () => onSessionEnd(),
  toast: (message, durationMs) => showToast(message, durationMs),
  fallbackMessage: (reason) => fallbackText(reason) || 'Network error',
  // The first screen's GETs may already be on their way (boot.ts, ADR 087).
  fetch: fetchEarly,
});

export const api = createApi(client);
