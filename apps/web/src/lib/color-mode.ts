import { type KeyValueStorage, STORAGE_KEYS } from './storage.ts';

export type ColorMode = 'green-up' | 'red-up';

export function storedColorMode(storage: KeyValueStorage): ColorMode {
  return storage.getItem(STORAGE_KEYS.colorMode) === 'red-up' ? 'red-up' : 'green-up';
}

/** The CSS swaps --up/--down on `html[data-colors="red-up"]` (styles/theme.css). */
export function applyColorMode(storage: KeyValueStorage, doc: Document, mode: ColorMode): void {
  storage.setItem(STORAGE_KEYS.colorMode, mode);
  doc.documentElement.dataset.colors = mode;
}

export function installColorMode(storage: KeyValueStorage, doc: Document): void {
  doc.documentElement.dataset.colors = storedColorMode(storage);
}
