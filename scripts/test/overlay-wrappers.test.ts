// antd-mobile's static overlays (Dialog.confirm/alert/show, Toast.show, ...) draw into a root of their
// own through a render function that, under React 19, draws nothing and throws nothing until
// apps/web/src/app/antd-react19.ts has installed one, and since ADR 091 that happens only once the
// page is idle. A screen that calls them itself loses its dialog or toast when the user taps early
// (ADR 235). Screens go through the wrappers, which fetch the adapter and wait for it; a direct call
// fails here with the file and the line named.

import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');
const WEB = join(ROOT, 'apps/web/src');

/** The only files that may call the static methods: they load the render adapter first. */
const WRAPPERS = ['apps/web/src/app/lazy-overlays.tsx', 'apps/web/src/lib/toast.ts'];

function sources(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) out.push(...sources(p));
    // Unit tests may stub antd's overlays; what ships is what must wait for the adapter.
    else if (/\.(ts|tsx)$/.test(name) && !/\.test\.(ts|tsx)$/.test(name) && !name.endsWith('.d.ts'))
      out.push(p);
  }
  return out;
}

// Every antd-mobile component whose static methods render through `unstableSetRender`.
const STATIC_CALL =
  /\b(?:Dialog|Toast|Modal|ActionSheet|ImageViewer(?:\s*\.\s*Multi)?)\s*\.\s*(?:show|alert|confirm|clear)\s*\(/;
// Toast is nothing but its static methods: importing it on a screen can only be for them.
const TOAST_IMPORT =
  /import\s*\{[^}]*\bToast\b[^}]*\}\s*from\s*['"]antd-mobile['"]|['"]antd-mobile\/es\/components\/toast['"]/;

/** `file:line: text` for each static overlay call (and each import of Toast) in `text`. */
function staticOverlayUses(file: string, text: string): string[] {
  const out: string[] = [];
  const lines = text.split('\n');
  lines.forEach((line, i) => {
    const code = line.trim();
    if (code.startsWith('//') || code.startsWith('*') || code.startsWith('/*')) return;
    if (STATIC_CALL.test(code)) out.push(`${file}:${i + 1}: ${code}`);
  });
  // An import spans lines (a long named list); matched on the whole text, reported at its start.
  for (const m of text.matchAll(new RegExp(TOAST_IMPORT, 'g'))) {
    const line = text.slice(0, m.index).split('\n').length;
    out.push(`${file}:${line}: imports antd-mobile's Toast`);
  }
  return out;
}

describe("antd-mobile's static overlays are called only through the wrappers (ADR 235)", () => {
  it('no file under apps/web/src but the wrappers calls Dialog/Toast/Modal/ActionSheet statically', () => {
    const found = sources(WEB)
      .map((p) => relative(ROOT, p))
      .filter((file) => !WRAPPERS.includes(file))
      .flatMap((file) => staticOverlayUses(file, readFileSync(join(ROOT, file), 'utf8')));
    // Use confirmDialog / alertDialog (app/lazy-overlays.tsx) or showToast (lib/toast.ts) instead.
    expect(found).toEqual([]);
  });

  it('each wrapper exists and fetches the render adapter with the overlay it shows', () => {
    for (const file of WRAPPERS)
      expect(readFileSync(join(ROOT, file), 'utf8')).toMatch(
        /import\(\s*'[./]*(app\/)?antd-react19\.ts'\s*\)/,
      );
  });

  it('recognises the ways a screen would call them', () => {
    const screen = [
      "import { Button, Dialog, Toast } from 'antd-mobile';",
      "import {\n  Button,\n  Toast,\n} from 'antd-mobile';",
      'const ok = await Dialog.confirm({ content });',
      '  Dialog.alert({ title });',
      'const h = Dialog.show({ actions });',
      "onSuccess: () => Toast.show({ content: t('x') }),",
      'Toast.clear();',
      'Modal.alert({ content });',
      'ActionSheet.show({ actions });',
      'ImageViewer.Multi.show({ images });',
    ].join('\n');
    expect(staticOverlayUses('x.tsx', screen)).toHaveLength(10);
    const fine = [
      "import { Button, Dialog, Popup } from 'antd-mobile';",
      '// antd draws Dialog.confirm( into its own root',
      ' * Toast.show( is lost before the adapter',
      'const ok = await confirmDialog({ content });',
      "showToast(t('x'), 2000, 'success');",
      '<Dialog visible={open} content={c} />',
    ].join('\n');
    expect(staticOverlayUses('x.tsx', fine)).toEqual([]);
  });
});
