// Sums vitest's "Tests  N passed | M failed (T)" lines of a log into one plain closing line.
import { readFileSync } from 'node:fs';

const ansi = new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g');
const text = readFileSync(process.argv[2] ?? 0, 'utf8').replace(ansi, '');
let passed = 0;
let failed = 0;
let skipped = 0;
for (const line of text.split('\n')) {
  const m = /^\s*Tests\s+(.*)\(\d+\)\s*$/.exec(line);
  if (!m) continue;
  for (const part of m[1].split('|')) {
    const p = /(\d+)\s+(passed|failed|skipped|todo)/.exec(part);
    if (!p) continue;
    const n = Number.parseInt(p[1], 10);
    if (p[2] === 'passed') passed += n;
    else if (p[2] === 'failed') failed += n;
    else skipped += n;
  }
}
console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`);
