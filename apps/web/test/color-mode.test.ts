import { afterEach, describe, expect, it } from 'vitest';
import { applyColorMode, installColorMode, storedColorMode } from '../src/lib/color-mode.ts';

describe('up/down colour swap (DESIGN.md)', () => {
  afterEach(() => {
    window.localStorage.clear();
    delete document.documentElement.dataset.colors;
  });

  it('defaults to green up, also for unknown stored values', () => {
    expect(storedColorMode(window.localStorage)).toBe('green-up');
    window.localStorage.setItem('color_mode', 'purple');
    installColorMode(window.localStorage, document);
    expect(document.documentElement.dataset.colors).toBe('green-up');
  });

  it('stores red up and marks <html> so the CSS swaps --up/--down', () => {
    applyColorMode(window.localStorage, document, 'red-up');
    expect(window.localStorage.getItem('color_mode')).toBe('red-up');
    expect(document.documentElement.dataset.colors).toBe('red-up');
    delete document.documentElement.dataset.colors;
    installColorMode(window.localStorage, document);
    expect(document.documentElement.dataset.colors).toBe('red-up');
  });
});
