import { readFileSync } from 'node:fs';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The API target can be pointed at another local server (e.g. a throw-away one on 8099) without
// editing this file: `API_TARGET=http://127.0.0.1:8099 npx vite`.
const target = process.env.API_TARGET ?? 'http://127.0.0.1:8080';
const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as {
  version: string;
};

export default defineConfig({
  base: '/',
  plugins: [react()],
  define: { __APP_VERSION__: JSON.stringify(pkg.version) },
  resolve: {
    // The workspace root hoists React 18 (a peer of a root tool) while this app uses React 19 from
    // its own node_modules; without dedupe, antd-mobile and react-router would load the other copy.
    dedupe: ['react', 'react-dom'],
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 900,
  },
  server: {
    proxy: {
      '/api': { target, changeOrigin: true },
      '/uploads': { target, changeOrigin: true },
      '/ws': { target, changeOrigin: true, ws: true },
    },
  },
});
