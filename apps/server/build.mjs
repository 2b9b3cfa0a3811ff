// Bundles the server into dist/main.js: our workspace packages (@ex/*, TypeScript source) are
// compiled in, every npm dependency stays external and is loaded from node_modules at run time
// (native addons such as @node-rs/argon2 and PGlite's wasm files cannot be bundled anyway).

import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const here = dirname(fileURLToPath(import.meta.url));

const externalNpm = {
  name: 'external-npm',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path.startsWith('@ex/')) return undefined;
      return { path: args.path, external: true };
    });
  },
};

await build({
  // The PGlite worker thread (ADR 171) is its own entry: dist/main.js starts dist/pglite-worker.js.
  // The engine's snapshot thread (ADR 176) likewise: dist/snapshot-worker.js.
  entryPoints: {
    main: join(here, 'src/main.ts'),
    'pglite-worker': join(here, 'src/db/pglite-worker.ts'),
    'snapshot-worker': join(here, 'src/engine/snapshot-worker.ts'),
  },
  outdir: join(here, 'dist'),
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  plugins: [externalNpm],
  logLevel: 'warning',
  // Bundled CommonJS helpers may call require(); give ESM output one.
  banner: {
    js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
  },
});
console.log('server: dist/main.js, dist/pglite-worker.js, dist/snapshot-worker.js');
