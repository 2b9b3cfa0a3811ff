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
// Private browsing modes may throw on localStorage access; the console then keeps the session in memory.
const storage: StoragePort =
  typeof window !== 'undefined' && window.localStorage
    ? window.localStorage
    : {
        getItem: (key) => memory.get(key) ?? null,
        setItem: (key, value) => void memory.set(key, value),
        removeItem: (key) => void memory.delete(key),
      };

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
