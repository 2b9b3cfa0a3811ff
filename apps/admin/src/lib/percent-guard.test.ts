import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

// ADR 253: every percent the console shows goes through lib/format's formatPercent. This walks
// apps/admin/src and fails on a percent sign written by hand after a number or an interpolation:
// `${x}%`, `{x} %` in JSX, '100%', "At most 1 %", '\u00a0%'. CSS sizes and gradients ('100%' in a
// width, `0%` in a radial-gradient) are layout, not text, and are skipped, as are comments and an
// input's `suffix="%"` unit label (no number before it).

const SRC = join(import.meta.dirname, '..');

/** A number or an interpolation directly followed by a percent sign (a space or no-break space between allowed). */
const HAND_WRITTEN = [
  /(\$\{[^}]*\}|\})(\\u00a0|&nbsp;|\u00a0| )?%/,
  /\d(\\u00a0|&nbsp;|\u00a0| )?%(?![0-9A-Fa-f]{2})/,
  /'\\u00a0%'/,
];
const LAYOUT = /width|height|translate|gradient/i;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

/** A line without its comment: a whole comment line is empty, a trailing `// ...` is cut. */
function code(line: string): string {
  const t = line.trim();
  if (t.startsWith('//') || t.startsWith('*') || t.startsWith('/*')) return '';
  return line.replace(/\s\/\/\s.*$/, '');
}

function handWrittenPercents(files: readonly { path: string; text: string }[]): string[] {
  return files.flatMap(({ path, text }) =>
    text
      .split('\n')
      .map((line, i) => ({ line: i + 1, text: code(line) }))
      .filter(({ text: c }) => !LAYOUT.test(c) && HAND_WRITTEN.some((re) => re.test(c)))
      .map(({ line }) => `${path}:${line}`),
  );
}

describe('percents in the console', () => {
  it('no source file writes a percent sign after a number by hand', () => {
    const files = sourceFiles(SRC).map((path) => ({
      path: path.slice(SRC.length + 1),
      text: readFileSync(path, 'utf8'),
    }));
    expect(files.length).toBeGreaterThan(50);
    expect(handWrittenPercents(files)).toEqual([]);
  });

  it('the guard sees the shapes it is for and lets layout and unit labels pass', () => {
    const found = (text: string) => handWrittenPercents([{ path: 'x.tsx', text }]);
    for (const bad of [
      `format={(p) => \`\${p}%\`}`,
      '<Tag>{value} %</Tag>',
      "marks={{ 100: '100%' }}",
      'extra="At most 1 %; the maker fee"',
      'Now {current}% of devices',
      `const s = \`\${n}\` + '\\u00a0%';`,
    ])
      expect(found(bad), bad).toEqual(['x.tsx:1']);
    for (const ok of [
      "style={{ maxWidth: '100%' }}",
      `background: \`radial-gradient(ellipse at top, \${a} 0%, \${b} 60%)\`,`,
      '<Input inputMode="decimal" suffix="%" />',
      'label="Maker fee (%)"',
      '// "0.1 %" in a comment',
      ' * 100 % in a doc comment',
      "const url = 'a%20b';",
      `okText={\`Widen to \${formatPercent(target)}\`}`,
    ])
      expect(found(ok), ok).toEqual([]);
  });
});
