import { useSyncExternalStore } from 'react';
import { type KeyValueStorage, STORAGE_KEYS } from './storage.ts';

/**
 * Favourite markets and the market search history, kept on the device (ADR 023) until the server
 * stores them per account. Both are short JSON arrays of strings in local storage; anything else
 * found under the key (an older format, a hand edit) reads as an empty list instead of crashing.
 */

export const MAX_FAVORITES = 100;
export const MAX_SEARCH_HISTORY = 10;

export function readList(storage: KeyValueStorage, key: string): string[] {
  try {
    const parsed: unknown = JSON.parse(storage.getItem(key) ?? '[]');
    if (!Array.isArray(parsed)) return [];
    const items = parsed.filter((x): x is string => typeof x === 'string' && x.length > 0);
    return [...new Set(items)];
  } catch {
    return [];
  }
}

/** Adds a symbol at the end (the order the user picked them) or removes it. */
export function toggleFavorite(list: readonly string[], symbol: string): string[] {
  if (list.includes(symbol)) return list.filter((s) => s !== symbol);
  return [...list, symbol].slice(-MAX_FAVORITES);
}

/** Most recent first, no duplicates (case-insensitive), at most MAX_SEARCH_HISTORY entries. */
export function pushSearchHistory(list: readonly string[], entry: string): string[] {
  const term = entry.trim().toUpperCase();
  if (!term) return [...list];
  return [term, ...list.filter((s) => s.toUpperCase() !== term)].slice(0, MAX_SEARCH_HISTORY);
}

// One tiny external store per key, so every mounted list (home, markets, the picker) re-renders
// when a star is toggled anywhere, and other tabs follow through the `storage` event.
const listeners = new Map<string, Set<() => void>>();
const snapshots = new Map<string, { raw: string | null; list: string[] }>();

function snapshot(key: string): string[] {
  const raw = window.localStorage.getItem(key);
  const cached = snapshots.get(key);
  if (cached && cached.raw === raw) return cached.list;
  const list = readList(window.localStorage, key);
  snapshots.set(key, { raw, list });
  return list;
}

function subscribe(key: string, onChange: () => void): () => void {
  let set = listeners.get(key);
  if (!set) {
    set = new Set();
    listeners.set(key, set);
  }
  set.add(onChange);
  const onStorage = (e: StorageEvent) => {
    if (e.key === key || e.key === null) onChange();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    set.delete(onChange);
    window.removeEventListener('storage', onStorage);
  };
}

export function writeList(key: string, list: readonly string[]): void {
  if (list.length === 0) window.localStorage.removeItem(key);
  else window.localStorage.setItem(key, JSON.stringify(list));
  for (const fn of listeners.get(key) ?? []) fn();
}

function useStoredList(key: string): string[] {
  return useSyncExternalStore(
    (fn) => subscribe(key, fn),
    () => snapshot(key),
  );
}

export function useFavorites() {
  const list = useStoredList(STORAGE_KEYS.favorites);
  return {
    favorites: list,
    isFavorite: (symbol: string) => list.includes(symbol),
    toggle: (symbol: string) =>
      writeList(STORAGE_KEYS.favorites, toggleFavorite(snapshot(STORAGE_KEYS.favorites), symbol)),
    replace: (symbols: readonly string[]) =>
      writeList(STORAGE_KEYS.favorites, [...new Set(symbols)].slice(0, MAX_FAVORITES)),
  };
}

export function useSearchHistory() {
  const list = useStoredList(STORAGE_KEYS.searchHistory);
  return {
    history: list,
    push: (entry: string) =>
      writeList(STORAGE_KEYS.searchHistory, pushSearchHistory(snapshot(STORAGE_KEYS.searchHistory), entry)),
    clear: () => writeList(STORAGE_KEYS.searchHistory, []),
  };
}
