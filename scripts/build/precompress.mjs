#!/usr/bin/env node
// Writes `<file>.br` and `<file>.gz` of every text asset of a built app into `<dist>-compressed/`
// (same relative paths), so the server sends compressed bytes without compressing on each request
// (@fastify/static `preCompressed`, the twin folder as its first root). Brotli at its highest
// quality costs build time once and saves every phone ~15 % over gzip. The twins stay out of dist/
// itself because Capacitor copies dist/ into the native apps and the update bundle zips it: a phone
// reads its files from the device and has no use for them.
// Usage: node scripts/build/precompress.mjs <dist folder> [...more folders]
import { mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const TEXT = /\.(js|mjs|css|html|svg|json|webmanifest|txt|map)$/;
// Below this size the compressed file plus its header is not worth a second lookup.
const MIN_BYTES = 1024;

function* files(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* files(path);
    else yield path;
  }
}

let count = 0;
let raw = 0;
let br = 0;
for (const dir of process.argv.slice(2)) {
  const out = `${dir.replace(/\/+$/, '')}-compressed`;
  rmSync(out, { recursive: true, force: true });
  for (const path of files(dir)) {
    if (!TEXT.test(path)) continue;
    const body = readFileSync(path);
    if (body.length < MIN_BYTES) continue;
    const brotli = brotliCompressSync(body, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    });
    const target = join(out, relative(dir, path));
    mkdirSync(dirname(target), { recursive: true });
    writeFileSync(`${target}.br`, brotli);
    writeFileSync(`${target}.gz`, gzipSync(body, { level: 9 }));
    count += 1;
    raw += body.length;
    br += brotli.length;
  }
}
console.log(
  `precompressed ${count} files: ${(raw / 1024).toFixed(0)} KiB -> ${(br / 1024).toFixed(0)} KiB brotli`,
);
