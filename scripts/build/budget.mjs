#!/usr/bin/env node
// The web app's performance budget (issue 11): what a phone must download before the first screen
// can paint, and what each route adds, in gzip bytes as they travel. Prints the table and exits 1
// when a budget is exceeded, so `npm run build` and CI stop on a regression.
// Usage: node scripts/build/budget.mjs <dist folder>
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

// initialJs: 133.3 KB measured after ADR 085-087 (134 after ADR 091-093, 148.7 before), plus ~3 KB.
// screen: what /Login, / or /SpotOpe pulls beyond the first load (18-27 KB measured, ADR 085).
export const BUDGET_KB = { initialJs: 136, routeChunk: 60, css: 30, screen: 35 };

/**
 * The screens `npm run lighthouse` measures (route chunks /Login, / and /SpotOpe). What each pulls
 * at start must not hold antd's overlays or react-spring (Popup, Toast, Dialog load when used, ADR
 * 085): they doubled /SpotOpe's requests before.
 */
export const FIRST_SCREENS = ['Login', 'Home', 'SpotOpe'];
const OVERLAY_CHUNK = /^assets\/(spring|overlays|antd-render)-/;

const gz = (path) => gzipSync(readFileSync(path), { level: 9 }).length;
const kb = (bytes) => (bytes / 1024).toFixed(1);

/** Splits a built app into the files of the first load and the rest, with their gzip sizes. */
export function measure(dist) {
  const html = readFileSync(join(dist, 'index.html'), 'utf8');
  const refs = (re) => [...html.matchAll(re)].map((m) => m[1].replace(/^.*\/assets\//, 'assets/'));
  // (A file can be both the module script and a modulepreload: counted once.)
  const initialJs = [
    ...new Set([
      ...refs(/<script[^>]+type="module"[^>]+src="([^"]+)"/g),
      ...refs(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+)"/g),
    ]),
  ];
  // (A `disabled` link is never fetched: it stands for the inlined sheet, see below.)
  const css = refs(/<link[^>]+rel="stylesheet"[^>]+href="([^"]+)"(?![^>]*disabled)/g);
  // The entry stylesheet is inlined into index.html (vite.config.ts): it still travels first.
  const inlineCss = [...html.matchAll(/<style>([\s\S]*?)<\/style>/g)].map((m, i) => ({
    file: `index.html <style> ${i + 1}`,
    gzip: gzipSync(m[1], { level: 9 }).length,
  }));
  const all = readdirSync(join(dist, 'assets')).map((f) => `assets/${f}`);
  const size = (f) => ({ file: f, gzip: gz(join(dist, f)) });
  // What each screen Lighthouse measures pulls at start: its chunk and every chunk it imports
  // statically (not `import()`), beyond the first load.
  const screens = FIRST_SCREENS.map((name) => {
    const start = all.find((f) => new RegExp(`^assets/${name}-[\\w-]{8}\\.js$`).test(f));
    const files = [];
    const visit = (f) => {
      if (files.includes(f) || initialJs.includes(f)) return;
      files.push(f);
      const code = readFileSync(join(dist, f), 'utf8');
      for (const m of code.matchAll(/\bfrom\s*"\.\/([^"]+\.js)"|\bimport\s*"\.\/([^"]+\.js)"/g))
        visit(`assets/${m[1] ?? m[2]}`);
    };
    if (start) visit(start);
    return { name, files: files.map(size) };
  });
  return {
    initialJs: initialJs.map(size),
    css: [...css.map(size), ...inlineCss],
    chunks: all.filter((f) => f.endsWith('.js') && !initialJs.includes(f)).map(size),
    screens,
  };
}

export function check(m) {
  const sum = (list) => list.reduce((n, x) => n + x.gzip, 0);
  const problems = [];
  const initial = sum(m.initialJs);
  if (initial > BUDGET_KB.initialJs * 1024)
    problems.push(`initial JS ${kb(initial)} KB gzip > ${BUDGET_KB.initialJs} KB`);
  const css = sum(m.css);
  if (css > BUDGET_KB.css * 1024) problems.push(`CSS ${kb(css)} KB gzip > ${BUDGET_KB.css} KB`);
  for (const c of m.chunks) {
    if (c.gzip > BUDGET_KB.routeChunk * 1024)
      problems.push(`chunk ${c.file} ${kb(c.gzip)} KB gzip > ${BUDGET_KB.routeChunk} KB`);
  }
  for (const sc of m.screens ?? []) {
    if (sc.files.length === 0) problems.push(`screen ${sc.name}: no chunk found`);
    const bytes = sc.files.reduce((n, f) => n + f.gzip, 0);
    if (bytes > BUDGET_KB.screen * 1024)
      problems.push(`screen ${sc.name} ${kb(bytes)} KB gzip > ${BUDGET_KB.screen} KB`);
    for (const f of sc.files)
      if (OVERLAY_CHUNK.test(f.file))
        problems.push(`screen ${sc.name} pulls ${f.file} at start (lazy-load it)`);
  }
  return { initial, css, problems };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const dist = process.argv[2] ?? 'dist';
  const m = measure(dist);
  const r = check(m);
  const biggest = [...m.chunks].sort((a, b) => b.gzip - a.gzip).slice(0, 5);
  console.log(
    `budget: initial JS ${kb(r.initial)} KB gzip (<= ${BUDGET_KB.initialJs}) in ${m.initialJs.length} files`,
  );
  for (const f of [...m.initialJs].sort((a, b) => b.gzip - a.gzip))
    console.log(`  ${kb(f.gzip).padStart(6)}  ${f.file}`);
  console.log(`budget: CSS ${kb(r.css)} KB gzip (<= ${BUDGET_KB.css})`);
  console.log(
    `budget: largest other chunks (<= ${BUDGET_KB.routeChunk} each): ${biggest.map((c) => `${c.file} ${kb(c.gzip)}`).join(', ')}`,
  );
  for (const sc of m.screens)
    console.log(
      `budget: screen ${sc.name}: ${kb(sc.files.reduce((n, f) => n + f.gzip, 0))} KB gzip (<= ${BUDGET_KB.screen}) in ${sc.files.length} files beyond the first load`,
    );
  if (r.problems.length > 0) {
    console.error(`budget exceeded:\n- ${r.problems.join('\n- ')}`);
    process.exit(1);
  }
}
