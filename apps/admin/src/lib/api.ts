import { createApi, createClient, type StoragePort } from '@ex/sdk';

/** Operator tokens are a separate kind from user tokens, so they live under their own key. */
export const ADMIN_TOKEN_KEY = 'admin_token';
export const ADMIN_EMAIL_KEY = 'admin_email';

/** The UI hooks the client calls; bound by the app once antd and the router exist. */
const ui = {
  toast: (_message: string, _durationMs: number) => {},
  logout: () => {},
};

export function bindUi(bindings: Partial<typeof ui>): void {
  Object.assign(ui, bindings);
}

const memory = new Map<string, string>();
const inMemory: StoragePort = {
  getItem: (key) => memory.get(key) ?? null,
  setItem: (key, value) => void memory.set(key, value),
  removeItem: (key) => void memory.delete(key),
};

/**
 * The console shares its origin with the user app, so the operator token stays out of
 * localStorage (readable by any page of the origin, kept for ever): it lives in this tab's
 * sessionStorage, gone when the tab closes, and the server ends it after 15 idle minutes or 8 hours
 * (ADR 126). Private modes that refuse storage keep it in memory.
 */
function sessionStore(): StoragePort {
  try {
    if (typeof window === 'undefined' || !window.sessionStorage) return inMemory;
    // A token an older console left in localStorage is removed, never read.
    window.localStorage?.removeItem(ADMIN_TOKEN_KEY);
    window.localStorage?.removeItem(ADMIN_EMAIL_KEY);
    return window.sessionStorage;
  } catch {
    return inMemory;
  }
}

const storage: StoragePort = sessionStore();

export const client = createClient({
  baseUrl: '',
  storage,
  tokenKey: ADMIN_TOKEN_KEY,
  // The console is English; a separate key keeps the user app's language choice untouched.
  langKey: 'admin_lang',
  defaultLang: 'en',
  toast: (message, durationMs) => ui.toast(message, durationMs),
  onLogout: () => ui.logout(),
});

export const api = createApi(client);

export function isSignedIn(): boolean {
  return client.getToken() !== null;
}

export function signedInEmail(): string | null {
  return storage.getItem(ADMIN_EMAIL_KEY);
}

export function rememberEmail(email: string | null): void {
  if (email) storage.setItem(ADMIN_EMAIL_KEY, email);
  else storage.removeItem(ADMIN_EMAIL_KEY);
}
