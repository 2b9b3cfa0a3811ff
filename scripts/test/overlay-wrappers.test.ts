// antd-mobile's static overlays (Dialog.confirm/alert/show, Toast.show, ...) draw into a root of their
// own through a render function that, under React 19, draws nothing and throws nothing until
// apps/web/src/app/antd-react19.ts has installed one, and since ADR 091 that happens only once the
// page is idle. A screen that calls them itself loses its dialog or toast when the user taps early
// (ADR 235). Screens go through the wrappers, which fetch the adapter and wait for it; a direct call
// fails here with the file and the line named.
//
// Each file that names antd-mobile or an overlay is parsed with TypeScript's parser (no type
// checker, no program), so a call is found however the overlay got its name: `import { Toast as T }`,
// `import * as M` then `M.Toast.show`, a deep `antd-mobile/es/components/toast` default import, a
// `const D = Dialog` alias, `const { confirm } = Dialog`, `Dialog['confirm']`, or a dynamic import
// destructured directly, through `Promise.all([...])` or in `.then(({ default: T }) => ...)`.
// Not followed: a value returned from a function of the file (the wrappers' own `loadDialog()`), or
// a re-export from another file of ours (but a file that re-exports Toast fails here itself).

import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import ts from 'typescript';
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

// Every antd-mobile component whose static methods render through `unstableSetRender`, by the
// folder of its deep import (antd-mobile/es/components/<folder>).
const OVERLAYS: Record<string, string> = {
  toast: 'Toast',
  dialog: 'Dialog',
  modal: 'Modal',
  'action-sheet': 'ActionSheet',
  'image-viewer': 'ImageViewer',
};
const COMPONENTS = new Set(Object.values(OVERLAYS));
const METHODS = new Set(['show', 'alert', 'confirm', 'clear']);

/** What an expression of the file stands for, as far as the overlays go. */
type Value =
  | { kind: 'component'; name: string } // Toast, Dialog, ..., ImageViewer.Multi
  | { kind: 'module'; spec: string } // the namespace of an antd-mobile module
  | { kind: 'modules'; specs: (string | null)[] }; // Promise.all([import(...), ...])

/** 'antd-mobile', 'antd-mobile/2x', 'antd-mobile/es/...', not 'antd-mobile-icons'. */
const isAntd = (spec: string) => /^antd-mobile(?:$|\/)/.test(spec);

/** An overlay's deep module: its index (`sub` ''), or a file inside it such as toast/methods. */
function overlayModule(spec: string): { name: string; sub: string } | null {
  const m = /\/components\/([a-z-]+)(\/.*)?$/.exec(spec);
  const name = m ? OVERLAYS[m[1]!] : undefined;
  if (!m || !name) return null;
  return { name, sub: (m[2] ?? '').replace(/^\/index(\.js)?$/, '') };
}

/** The index of antd-mobile (every component as a named export), in any of its builds. */
const isIndex = (spec: string) => isAntd(spec) && !/\/(components|locales|utils|bundle)\//.test(spec);

/** `name` read off the namespace of module `spec`. */
function member(spec: string, name: string): Value | undefined {
  if (isIndex(spec) && COMPONENTS.has(name)) return { kind: 'component', name };
  const deep = overlayModule(spec);
  if (deep && deep.sub === '' && name === 'default') return { kind: 'component', name: deep.name };
  return undefined;
}

const propertyName = (node: ts.Node): string | undefined =>
  ts.isIdentifier(node) || ts.isStringLiteralLike(node) || ts.isPrivateIdentifier(node)
    ? node.text
    : undefined;

/** `file:line: text` for each static overlay call (and each import of Toast) in `text`. */
function staticOverlayUses(file: string, text: string): string[] {
  // Every name the checker follows starts at an antd-mobile import or an overlay's own name, so a
  // file with neither has nothing to find (and most files are not parsed at all).
  if (!/antd-mobile|\b(?:Dialog|Toast|Modal|ActionSheet|ImageViewer)\b/.test(text)) return [];
  const sf = ts.createSourceFile(
    file,
    text,
    ts.ScriptTarget.Latest,
    true,
    file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  );
  const lines = text.split('\n');
  const bindings = new Map<string, Value>();
  const found = new Map<number, string>();
  let reporting = false;

  const report = (node: ts.Node, what?: string) => {
    if (!reporting) return;
    const line = sf.getLineAndCharacterOfPosition(node.getStart(sf)).line;
    found.set(node.getStart(sf), `${file}:${line + 1}: ${what ?? lines[line]!.trim()}`);
  };

  function resolveValue(expr: ts.Expression): Value | undefined {
    if (
      ts.isParenthesizedExpression(expr) ||
      ts.isAwaitExpression(expr) ||
      ts.isAsExpression(expr) ||
      ts.isSatisfiesExpression(expr) ||
      ts.isNonNullExpression(expr)
    )
      return resolveValue(expr.expression);
    if (ts.isIdentifier(expr))
      // An unbound `Dialog`/`Toast`/... counts too: it may come from a file of ours that re-exports it.
      return (
        bindings.get(expr.text) ??
        (COMPONENTS.has(expr.text) ? { kind: 'component', name: expr.text } : undefined)
      );
    if (ts.isPropertyAccessExpression(expr) || ts.isElementAccessExpression(expr)) {
      const key = ts.isPropertyAccessExpression(expr)
        ? expr.name.text
        : propertyName(expr.argumentExpression);
      const of = resolveValue(expr.expression);
      if (!key || !of) return undefined;
      if (of.kind === 'module') return member(of.spec, key);
      if (of.kind === 'component' && of.name === 'ImageViewer' && key === 'Multi')
        return { kind: 'component', name: 'ImageViewer.Multi' };
      return undefined;
    }
    if (ts.isCallExpression(expr)) {
      const [arg] = expr.arguments;
      if (expr.expression.kind === ts.SyntaxKind.ImportKeyword)
        return arg && ts.isStringLiteralLike(arg) && isAntd(arg.text)
          ? { kind: 'module', spec: arg.text }
          : undefined;
      // Promise.all([import('antd-mobile/es/components/dialog'), import('./antd-react19.ts')])
      if (ts.isPropertyAccessExpression(expr.expression) && expr.expression.getText(sf) === 'Promise.all') {
        if (!arg || !ts.isArrayLiteralExpression(arg)) return undefined;
        const specs = arg.elements.map((e) => {
          const v = resolveValue(e);
          return v?.kind === 'module' ? v.spec : null;
        });
        return specs.some((s) => s !== null) ? { kind: 'modules', specs } : undefined;
      }
    }
    return undefined;
  }

  /** Binds the names of `target` (a name or a destructuring pattern) to what `value` holds. */
  function bind(target: ts.BindingName, value: Value) {
    if (ts.isIdentifier(target)) {
      bindings.set(target.text, value);
      return;
    }
    target.elements.forEach((element, i) => {
      if (ts.isOmittedExpression(element) || element.dotDotDotToken) return;
      if (ts.isArrayBindingPattern(target)) {
        const spec = value.kind === 'modules' ? value.specs[i] : null;
        if (spec) bind(element.name, { kind: 'module', spec });
        return;
      }
      const key = element.propertyName ? propertyName(element.propertyName) : propertyName(element.name);
      if (!key) return;
      if (value.kind === 'component' && METHODS.has(key)) report(element); // const { confirm } = Dialog
      const v = value.kind === 'module' ? member(value.spec, key) : undefined;
      if (v) bind(element.name, v);
    });
  }

  function visit(node: ts.Node) {
    if (
      ts.isImportDeclaration(node) &&
      ts.isStringLiteral(node.moduleSpecifier) &&
      isAntd(node.moduleSpecifier.text)
    ) {
      const spec = node.moduleSpecifier.text;
      const clause = node.importClause;
      const deep = overlayModule(spec);
      // toast/methods, dialog/confirm, ...: the static methods themselves, on their own.
      if (deep && deep.sub !== '' && !clause?.isTypeOnly)
        report(node, `imports antd-mobile's ${deep.name} internals (${spec})`);
      if (clause && !clause.isTypeOnly) {
        const imported: [ts.Identifier, Value | undefined][] = [];
        if (clause.name) imported.push([clause.name, member(spec, 'default')]);
        const named = clause.namedBindings;
        if (named && ts.isNamespaceImport(named)) bindings.set(named.name.text, { kind: 'module', spec });
        if (named && ts.isNamedImports(named))
          for (const s of named.elements)
            if (!s.isTypeOnly) imported.push([s.name, member(spec, (s.propertyName ?? s.name).text)]);
        for (const [name, v] of imported) {
          if (!v) continue;
          bindings.set(name.text, v);
          // Toast is nothing but its static methods: importing it on a screen can only be for them.
          if (v.kind === 'component' && v.name === 'Toast') report(node, "imports antd-mobile's Toast");
        }
      }
    }
    if (ts.isExportDeclaration(node) && !node.isTypeOnly && node.moduleSpecifier) {
      const spec = ts.isStringLiteral(node.moduleSpecifier) ? node.moduleSpecifier.text : '';
      const names =
        node.exportClause && ts.isNamedExports(node.exportClause) ? node.exportClause.elements : null;
      const toast = names
        ? names.some((e) => {
            const v = member(spec, (e.propertyName ?? e.name).text);
            return v?.kind === 'component' && v.name === 'Toast';
          })
        : isIndex(spec) || overlayModule(spec)?.name === 'Toast';
      if (isAntd(spec) && toast) report(node, "re-exports antd-mobile's Toast");
    }
    if (ts.isVariableDeclaration(node) && node.initializer) {
      const v = resolveValue(node.initializer);
      if (v) bind(node.name, v);
    }
    if (ts.isCallExpression(node)) {
      const [arg] = node.arguments;
      // import('antd-mobile/es/components/toast'): Toast again, loaded late.
      if (
        node.expression.kind === ts.SyntaxKind.ImportKeyword &&
        arg &&
        ts.isStringLiteralLike(arg) &&
        overlayModule(arg.text)?.name === 'Toast'
      )
        report(node, "imports antd-mobile's Toast");
      // import(...).then(({ default: T }) => T.show(...))
      if (ts.isPropertyAccessExpression(node.expression) && node.expression.name.text === 'then') {
        const v = resolveValue(node.expression.expression);
        const param =
          arg && (ts.isArrowFunction(arg) || ts.isFunctionExpression(arg)) ? arg.parameters[0] : undefined;
        if (v && param) bind(param.name, v);
      }
    }
    if (ts.isPropertyAccessExpression(node) || ts.isElementAccessExpression(node)) {
      const key = ts.isPropertyAccessExpression(node)
        ? node.name.text
        : propertyName(node.argumentExpression);
      if (key && METHODS.has(key) && resolveValue(node.expression)?.kind === 'component') report(node);
    }
    ts.forEachChild(node, visit);
  }

  // Names first (twice: an alias may be declared below its use), then the uses.
  visit(sf);
  visit(sf);
  reporting = true;
  visit(sf);
  return [...found.entries()].sort(([a], [b]) => a - b).map(([, s]) => s);
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

  it('sees the static call inside the toast wrapper (a dynamic import destructured in .then)', () => {
    const file = 'apps/web/src/lib/toast.ts';
    const found = staticOverlayUses(file, readFileSync(join(ROOT, file), 'utf8'));
    expect(found).toEqual([
      expect.stringMatching(/toast\.ts:\d+: imports antd-mobile's Toast$/),
      expect.stringMatching(/toast\.ts:\d+: \(\[\{ default: Toast \}\]\) => Toast\.show\(/),
    ]);
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
      "import type { Toast as ToastType, ToastShowProps } from 'antd-mobile';",
      "import { Dialog as D } from 'antd-mobile';",
      "import * as M from 'antd-mobile';",
      "import Pop from 'antd-mobile/es/components/popup';",
      "import { SearchOutline } from 'antd-mobile-icons';",
      '// antd draws Dialog.confirm( into its own root',
      '/**',
      ' * Toast.show( is lost before the adapter',
      ' */',
      "const s = 'Dialog.confirm({})';",
      'const ok = await confirmDialog({ content });',
      "showToast(t('x'), 2000, 'success');",
      'const q = await import("antd-mobile/es/components/popup");',
      'panel.show();',
      'const m = <M.Button onClick={() => list.clear()} />;',
      '<Dialog visible={open} content={c} />',
      '<D visible={open} content={c} />',
      '<Pop visible />',
    ].join('\n');
    expect(staticOverlayUses('x.tsx', fine)).toEqual([]);
  });

  // Each case: the code, and the lines (1-based) the checker must name, one report a line.
  const aliased: [string, string[], number[]][] = [
    [
      'an aliased named import',
      ["import { Toast as T } from 'antd-mobile';", 'T.show({ content });'],
      [1, 2],
    ],
    [
      'an aliased Dialog',
      ["import { Dialog as D } from 'antd-mobile';", 'await D.confirm({ content });'],
      [2],
    ],
    [
      'a namespace import',
      [
        "import * as M from 'antd-mobile';",
        'M.Toast.show({ content });',
        "M['Dialog'].alert({ content });",
        'M.ImageViewer.Multi.show({ images });',
      ],
      [2, 3, 4],
    ],
    ['the 2x build', ["import { Toast as T } from 'antd-mobile/2x';", 'T.clear();'], [1, 2]],
    [
      'a deep default import of Toast',
      ["import T from 'antd-mobile/es/components/toast';", 'T.show({ content });'],
      [1, 2],
    ],
    [
      'a deep default import of Dialog',
      [
        "import Confirmer from 'antd-mobile/es/components/dialog/index.js';",
        'Confirmer.confirm({ content });',
      ],
      [2],
    ],
    [
      "a deep import's `default` by name",
      ["import { default as A } from 'antd-mobile/es/components/action-sheet';", 'A.show({ actions });'],
      [2],
    ],
    [
      'a deep namespace import',
      ["import * as Mod from 'antd-mobile/es/components/modal';", 'Mod.default.alert({ content });'],
      [2],
    ],
    ['the methods module of Toast', ["import { show } from 'antd-mobile/es/components/toast/methods';"], [1]],
    [
      'the confirm module of Dialog',
      ["import { confirm } from 'antd-mobile/cjs/components/dialog/confirm';"],
      [1],
    ],
    [
      'a variable alias',
      ["import { Dialog } from 'antd-mobile';", 'const D = Dialog;', 'D.confirm({ content });'],
      [3],
    ],
    [
      'an alias declared below its use',
      ["import * as M from 'antd-mobile';", 'const go = () => X.show({});', 'const X = M.ActionSheet;'],
      [2],
    ],
    [
      'a destructured method',
      ["import { Dialog as D } from 'antd-mobile';", 'const { confirm, alert: a } = D;'],
      [2, 2],
    ],
    ['an element access', ["import { Dialog } from 'antd-mobile';", "Dialog['confirm']({ content });"], [2]],
    [
      'a method passed on',
      ["import { Toast as T } from 'antd-mobile';", '<button onClick={T.clear} />;'],
      [1, 2],
    ],
    [
      'a destructured dynamic import',
      ["const { Toast: T } = await import('antd-mobile');", 'T.show({ content });'],
      [2],
    ],
    [
      'a dynamic import through Promise.all',
      [
        'const [{ default: D }] = await Promise.all([',
        "  import('antd-mobile/es/components/dialog'),",
        "  import('../app/antd-react19.ts'),",
        ']);',
        'await D.confirm({ content });',
      ],
      [5],
    ],
    [
      'a dynamic import in .then',
      ["void import('antd-mobile/es/components/toast').then(({ default: X }) => X.show({ content }));"],
      [1, 1],
    ],
    ['a re-export of Toast', ["export { Toast as AppToast } from 'antd-mobile';"], [1]],
    ['a re-export of everything', ["export * from 'antd-mobile';"], [1]],
  ];
  it.each(aliased)('sees through %s', (_, code, lines) => {
    const found = staticOverlayUses('x.tsx', code.join('\n'));
    expect(found.map((f) => Number(f.split(':')[1]))).toEqual(lines);
  });

  it('names the file, the line and the code', () => {
    expect(
      staticOverlayUses(
        'apps/web/src/x.tsx',
        "import * as M from 'antd-mobile';\n\n  M.Toast.show({ content });",
      ),
    ).toEqual(['apps/web/src/x.tsx:3: M.Toast.show({ content });']);
  });
});
