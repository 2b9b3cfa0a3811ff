import { type KeyValueStorage, STORAGE_KEYS } from '../../lib/storage.ts';
import type { MarginMode } from './form.ts';

/**
 * The leverage and margin mode chosen per perpetual market, kept on this device (ADR 260): the
 * server keeps a market's leverage but answers it only with a position, so "Isolated 5x" chosen
 * before opening came back as "Cross 20x" on the next visit and the order went out at 20x.
 */
export interface PerpSetting {
  leverage: number;
  mode: MarginMode;
}

function readAll(storage: KeyValueStorage): Record<string, PerpSetting> {
  try {
    const parsed: unknown = JSON.parse(storage.getItem(STORAGE_KEYS.perpSettings) ?? '{}');
    return parsed && typeof parsed === 'object' ? (parsed as Record<string, PerpSetting>) : {};
  } catch {
    return {};
  }
}

/** The setting stored for `symbol`, or null when there is none or it is not one the app wrote. */
export function readPerpSetting(storage: KeyValueStorage, symbol: string): PerpSetting | null {
  const s = readAll(storage)[symbol];
  if (!s || !Number.isInteger(s.leverage) || s.leverage < 1) return null;
  if (s.mode !== 'cross' && s.mode !== 'isolated') return null;
  return { leverage: s.leverage, mode: s.mode };
}

export function writePerpSetting(storage: KeyValueStorage, symbol: string, setting: PerpSetting): void {
  try {
    storage.setItem(
      STORAGE_KEYS.perpSettings,
      JSON.stringify({ ...readAll(storage), [symbol]: { leverage: setting.leverage, mode: setting.mode } }),
    );
  } catch {
    // A full or blocked storage only forgets the choice.
  }
}
