// The leverage and margin mode chosen for a perpetual market before opening were lost on the next
// visit ("Isolated 5x" came back as "Cross 20x"): they are kept per market on this device (ADR 260).
import { describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '../../lib/storage.ts';
import { readPerpSetting, writePerpSetting } from './perp-settings.ts';

function memory(initial: Record<string, string> = {}) {
  const data = new Map(Object.entries(initial));
  return {
    getItem: (k: string) => data.get(k) ?? null,
    setItem: (k: string, v: string) => void data.set(k, v),
    removeItem: (k: string) => void data.delete(k),
  };
}

describe('perp settings on this device', () => {
  it('keeps each market its own leverage and margin mode', () => {
    const s = memory();
    expect(readPerpSetting(s, 'SOL_USDC_PERP')).toBeNull();
    writePerpSetting(s, 'SOL_USDC_PERP', { leverage: 5, mode: 'isolated' });
    writePerpSetting(s, 'BTC_USDC_PERP', { leverage: 10, mode: 'cross' });
    writePerpSetting(s, 'SOL_USDC_PERP', { leverage: 3, mode: 'isolated' });
    expect(readPerpSetting(s, 'SOL_USDC_PERP')).toEqual({ leverage: 3, mode: 'isolated' });
    expect(readPerpSetting(s, 'BTC_USDC_PERP')).toEqual({ leverage: 10, mode: 'cross' });
  });

  it('ignores what it did not write: broken JSON, an unknown mode, a leverage that is no whole number', () => {
    expect(readPerpSetting(memory({ [STORAGE_KEYS.perpSettings]: '{oops' }), 'X')).toBeNull();
    const odd = JSON.stringify({ A: { leverage: 5, mode: 'hedge' }, B: { leverage: 2.5, mode: 'cross' } });
    const s = memory({ [STORAGE_KEYS.perpSettings]: odd });
    expect(readPerpSetting(s, 'A')).toBeNull();
    expect(readPerpSetting(s, 'B')).toBeNull();
    writePerpSetting(s, 'C', { leverage: 2, mode: 'cross' });
    expect(readPerpSetting(s, 'C')).toEqual({ leverage: 2, mode: 'cross' });
  });

  it('a storage that refuses writes only forgets the choice', () => {
    const s = {
      ...memory(),
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
    };
    expect(() => writePerpSetting(s, 'A', { leverage: 5, mode: 'cross' })).not.toThrow();
  });
});
