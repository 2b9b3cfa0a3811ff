import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// `API_TARGET=http://127.0.0.1:8099 npx vite` points the dev proxy at another local server.
const target = process.env.API_TARGET ?? 'http://127.0.0.1:8080';

export default defineConfig({
  // The server mounts the console at /admin/, so every asset URL must carry that prefix.
  base: '/admin/',
  plugins: [react()],
  resolve: {
    // React is one hoisted copy today; dedupe keeps it that way if a workspace ever pins another
    // version, since a second copy under antd or react-router breaks hooks.
    dedupe: ['react', 'react-dom'],
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 1500,
  },
  server: {
    port: 5174,
    proxy: {
      '/api': { target, changeOrigin: true },
      '/uploads': { target, changeOrigin: true },
    },
  },
  preview: { port: 4174 },
});
