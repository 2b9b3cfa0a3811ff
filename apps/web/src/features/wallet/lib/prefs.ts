import { useCallback, useSyncExternalStore } from 'react';

/**
 * Display preferences of the assets screens, on this device (like the colour mode): whether
 * amounts are masked and whether empty spot balances are hidden. Kept here, not in
 * `STORAGE_KEYS`, because only the wallet screens read them (ADR 030).
 */
export const WALLET_PREF_KEYS = {
  hideAmounts: 'hide_amounts',
  hideZero: 'hide_zero_balances',
} as const;

type PrefKey = (typeof WALLET_PREF_KEYS)[keyof typeof WALLET_PREF_KEYS];

const listeners = new Set<() => void>();
function subscribe(fn: () => void) {
  listeners.add(fn);
  const onStorage = (e: StorageEvent) => {
    if (e.key === null || Object.values(WALLET_PREF_KEYS).includes(e.key as PrefKey)) fn();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(fn);
    window.removeEventListener('storage', onStorage);
  };
}

export function readFlag(key: PrefKey): boolean {
  try {
    return window.localStorage.getItem(key) === '1';
  } catch {
    return false;
  }
}

export function writeFlag(key: PrefKey, on: boolean): void {
  try {
    if (on) window.localStorage.setItem(key, '1');
    else window.localStorage.removeItem(key);
  } catch {
    // Storage can be full or blocked; the choice then lasts for this page view only.
  }
  for (const fn of listeners) fn();
}

/** A boolean preference shared by every mounted screen (the eye on /My masks the ledger too). */
export function useFlag(key: PrefKey): [boolean, (on: boolean) => void] {
  const value = useSyncExternalStore(
    subscribe,
    () => readFlag(key),
    () => false,
  );
  const set = useCallback((on: boolean) => writeFlag(key, on), [key]);
  return [value, set];
}

/** What a masked amount shows. */
export const MASK = '******';
