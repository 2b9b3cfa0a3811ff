// The layer rule (issue 14, docs/architecture.md): imports point down only. A new import that runs
// back up fails here with the file and the import named.

import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');

function sources(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    if (name === 'node_modules' || name === 'dist' || name.startsWith('.')) continue;
    const p = join(dir, name);
    if (statSync(p).isDirectory()) out.push(...sources(p));
    else if (/\.(ts|tsx|mts)$/.test(name) && !name.endsWith('.d.ts')) out.push(p);
  }
  return out;
}

const IMPORT =
  /(?:^|\n)\s*(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

/** Every import of every source file under `dir`: [file, specifier, resolved path or package]. */
function importsOf(dir: string): { file: string; spec: string; target: string }[] {
  const out: { file: string; spec: string; target: string }[] = [];
  for (const file of sources(join(ROOT, dir))) {
    const text = readFileSync(file, 'utf8');
    for (const m of text.matchAll(IMPORT)) {
      const spec = (m[1] ?? m[2])!;
      const target = spec.startsWith('.') ? relative(ROOT, resolve(dirname(file), spec)) : spec;
      out.push({ file: relative(ROOT, file), spec, target });
    }
  }
  return out;
}

const show = (list: { file: string; spec: string }[]) => list.map((i) => `${i.file} -> ${i.spec}`);

describe('layers: imports point down only', () => {
  it('packages import no app, and the core imports no other package of ours', () => {
    const bad = importsOf('packages').filter(
      (i) =>
        i.target.startsWith('apps/') ||
        i.spec.startsWith('@ex/server') ||
        i.spec.startsWith('@ex/web') ||
        i.spec.startsWith('@ex/admin') ||
        (i.file.startsWith('packages/core/src') && i.spec.startsWith('@ex/')),
    );
    expect(show(bad)).toEqual([]);
  });

  it('no app imports another app', () => {
    const bad = ['server', 'web', 'admin'].flatMap((app) =>
      importsOf(`apps/${app}`).filter(
        (i) =>
          (i.target.startsWith('apps/') && !i.target.startsWith(`apps/${app}/`)) ||
          (i.spec.startsWith('@ex/') &&
            ['@ex/server', '@ex/web', '@ex/admin'].includes(i.spec) &&
            i.spec !== `@ex/${app}`),
      ),
    );
    expect(show(bad)).toEqual([]);
  });

  it('in the server, db/, engine/ and http/ import no domain, and no domain imports the composition root', () => {
    const src = 'apps/server/src/';
    const INFRA = ['db', 'engine', 'http'];
    const ROOT_FILES = ['app.ts', 'start.ts', 'main.ts', 'migrations.ts', 'release-wiring.ts'];
    const within = (p: string) => (p.startsWith(src) ? p.slice(src.length) : undefined);
    const folder = (p: string) => (p.includes('/') ? p.slice(0, p.indexOf('/')) : undefined);
    const bad = importsOf('apps/server/src').filter((i) => {
      const from = within(i.file)!;
      const to = within(i.target);
      if (to === undefined) return false;
      const fromFolder = folder(from);
      const toFolder = folder(to);
      // Infrastructure reaches only infrastructure and the plain root modules (clock, config, paths).
      if (fromFolder !== undefined && INFRA.includes(fromFolder))
        return toFolder !== undefined ? !INFRA.includes(toFolder) : ROOT_FILES.includes(to);
      // A domain never reaches the composition root above it.
      if (fromFolder !== undefined) return toFolder === undefined && ROOT_FILES.includes(to);
      return false;
    });
    expect(show(bad)).toEqual([]);
  });
});
