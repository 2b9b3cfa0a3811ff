// /Devices: the "no other sessions" card sat flush against the sessions card above it (0 px gap);
// a compact empty card right after a list card now keeps the 8 px gap of the grid.

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

describe('list card followed by a compact empty card', () => {
  it('has a gap above the empty card that outranks .empty--compact { margin: 0 1rem }', () => {
    const css = readFileSync(join(import.meta.dirname, '../src/styles/app.css'), 'utf8');
    const rule = css.match(/\.link-list \+ \.empty--compact \{([^}]*)\}/)?.[1] ?? '';
    expect(rule).toMatch(/margin-top: 0\.5rem/);
    // Declared after the base rule, so even equal specificity would not undo it.
    expect(css.indexOf('.link-list + .empty--compact')).toBeGreaterThan(css.indexOf('.empty--compact {'));
  });
});
