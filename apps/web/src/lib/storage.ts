/**
 * The browser storage keys of spec section 3, in one place. Every read and write of local storage
 * in the app goes through these names so a renamed key is a compile error, not a lost session.
 */
export const STORAGE_KEYS = {
  token: 'token',
  lang: 'lang',
  langName: 'langname',
  alarm: 'alarm',
  openApp: 'openApp',
  imageBaseUrl: 'image_base_url',
  /** DESIGN.md: a setting swaps the up/down colours (red up is usual for zh readers). */
  colorMode: 'color_mode',
  /** Favourite market symbols, on this device only for now (ADR 023). */
  favorites: 'favorites',
  /** Recent market searches, most recent first (ADR 023). */
  searchHistory: 'search_history',
  /** The last market list and tickers seen, shown at once on the next start (ADR 090). */
  lastMarkets: 'last_markets',
  /** The leverage and margin mode last chosen per perpetual market, on this device (ADR 260). */
  perpSettings: 'perp_settings',
} as const;

export interface KeyValueStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

/** Signed in means "a token is stored": the client never checks its validity (spec section 6). */
export function hasToken(storage: KeyValueStorage): boolean {
  return Boolean(storage.getItem(STORAGE_KEYS.token));
}

/**
 * What the app does to storage when it starts (spec section 3): a stale `alarm` is dropped, and
 * `langname` is set to the id of the language in use (see ADR 021 for that reading).
 */
export function applyStartupKeys(storage: KeyValueStorage, lang: string): void {
  storage.removeItem(STORAGE_KEYS.alarm);
  storage.setItem(STORAGE_KEYS.langName, lang);
}

/**
 * `openApp` lives only while the app is open: it is removed on `pagehide`, the one event that fires
 * reliably when a tab closes, a page is put in the back-forward cache, or the native shell quits.
 * Returns the unsubscribe function.
 */
export function removeOpenAppOnClose(
  target: Pick<Window, 'addEventListener' | 'removeEventListener'>,
  storage: KeyValueStorage,
): () => void {
  const onPageHide = () => storage.removeItem(STORAGE_KEYS.openApp);
  target.addEventListener('pagehide', onPageHide);
  return () => target.removeEventListener('pagehide', onPageHide);
}

/**
 * The image base address the app prefixes image paths with: the server's configured one, or
 * `<origin>/uploads/` while the config is unknown or unreachable. Always ends with a slash.
 */
export function resolveImageBaseUrl(configured: string | null | undefined, origin: string): string {
  const base = configured?.trim() ? configured.trim() : `${origin}/uploads/`;
  return base.endsWith('/') ? base : `${base}/`;
}

export function writeImageBaseUrl(storage: KeyValueStorage, value: string): void {
  storage.setItem(STORAGE_KEYS.imageBaseUrl, value);
}

/** Turns a stored image path into an address; absolute and data URLs pass through. */
export function imageUrl(storage: KeyValueStorage, path: string | null | undefined): string | undefined {
  if (!path) return undefined;
  if (/^(https?:|data:|blob:)/.test(path)) return path;
  const base = storage.getItem(STORAGE_KEYS.imageBaseUrl) ?? '/uploads/';
  return base + path.replace(/^\/+/, '');
}
