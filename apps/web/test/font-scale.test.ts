import { afterEach, describe, expect, it, vi } from 'vitest';
import { installFontScaling, RESIZE_DEBOUNCE_MS, rootFontSizePx } from '../src/lib/font-scale.ts';

describe('root font size', () => {
  it('is 16 px at the 375 px reference width and scales linearly', () => {
    expect(rootFontSizePx(375)).toBe(16);
    expect(rootFontSizePx(390)).toBe(16.64);
    expect(rootFontSizePx(414)).toBe(17.66);
    expect(rootFontSizePx(360)).toBe(15.36);
  });

  it('is clamped: a desktop window gets the 480 px column size, a tiny one the 320 px size', () => {
    expect(rootFontSizePx(1920)).toBe(20.48);
    expect(rootFontSizePx(480)).toBe(20.48);
    expect(rootFontSizePx(200)).toBe(13.65);
    expect(rootFontSizePx(0)).toBe(16);
  });
});

describe('installFontScaling', () => {
  afterEach(() => vi.useRealTimers());

  function fakeWindow(width: number) {
    const listeners = new Map<string, () => void>();
    const win = {
      innerWidth: width,
      document: { documentElement: { style: { fontSize: '' } } },
      addEventListener: (type: string, fn: () => void) => void listeners.set(type, fn),
      removeEventListener: (type: string) => void listeners.delete(type),
      setTimeout: (fn: () => void, ms: number) => setTimeout(fn, ms) as unknown as number,
      clearTimeout: (id: number) => clearTimeout(id),
    };
    return { win, fire: (type: string) => listeners.get(type)?.(), listeners };
  }

  it('sets the size at once, then recalculates 300 ms after the LAST resize', () => {
    vi.useFakeTimers();
    const { win, fire } = fakeWindow(375);
    installFontScaling(win);
    expect(win.document.documentElement.style.fontSize).toBe('16px');

    win.innerWidth = 414;
    fire('resize');
    vi.advanceTimersByTime(RESIZE_DEBOUNCE_MS - 1);
    win.innerWidth = 360;
    fire('resize');
    vi.advanceTimersByTime(RESIZE_DEBOUNCE_MS - 1);
    expect(win.document.documentElement.style.fontSize).toBe('16px');
    vi.advanceTimersByTime(1);
    expect(win.document.documentElement.style.fontSize).toBe('15.36px');
  });

  it('stops listening when uninstalled', () => {
    vi.useFakeTimers();
    const { win, listeners } = fakeWindow(375);
    const stop = installFontScaling(win);
    expect(listeners.has('resize')).toBe(true);
    stop();
    expect(listeners.size).toBe(0);
  });
});
