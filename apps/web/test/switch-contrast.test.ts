// An antd-mobile Switch that is off drew its knob in --on-brand (#181A20) over the surface
// (#181A20): invisible in the dark theme (/AddressBook). The off knob is now --text-2 (#848E9C),
// 5:1 against the surface (WCAG asks 3:1 for controls).

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const css = (file: string) => readFileSync(join(import.meta.dirname, '../src/styles', file), 'utf8');

function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = Number.parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * (r ?? 0) + 0.7152 * (g ?? 0) + 0.0722 * (b ?? 0);
}
const contrast = (a: string, b: string) => {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return ((hi ?? 0) + 0.05) / ((lo ?? 0) + 0.05);
};
const token = (name: string) =>
  css('theme.css').match(new RegExp(`--${name}:\\s*(#[0-9A-Fa-f]{6})`))?.[1] ?? '';

describe('switch off state in the dark theme', () => {
  it('draws the knob in --text-2, visible against the surface', () => {
    const rule = css('app.css').match(
      /html \.adm-switch:not\(\.adm-switch-checked\) \.adm-switch-handle \{([^}]*)\}/,
    )?.[1];
    expect(rule).toMatch(/background: var\(--text-2\)/);
    expect(contrast(token('text-2'), token('surface'))).toBeGreaterThan(3);
    // What it was: no contrast at all.
    expect(contrast(token('on-brand'), token('surface'))).toBeLessThan(1.5);
  });
});
