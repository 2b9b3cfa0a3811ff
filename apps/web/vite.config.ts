import { readFileSync } from 'node:fs';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

// The API target can be pointed at another local server (e.g. a throw-away one on 8099) without
// editing this file: `API_TARGET=http://127.0.0.1:8099 npx vite`.
const target = process.env.API_TARGET ?? 'http://127.0.0.1:8080';
const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as {
  version: string;
};

/**
 * boot.ts (the entry) loads main.tsx with a dynamic import, so that it can start the first screen and
 * the language first; index.html still names main's files, so the browser fetches the shell beside
 * the entry instead of after it (issue 11, ADR 086): a `modulepreload` per script and the stylesheets
 * (which `inlineEntryCss` then inlines).
 */
function preloadApp(): Plugin {
  return {
    name: 'ex:preload-app',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const bundle = ctx.bundle ?? {};
        const main = Object.values(bundle).find(
          (c) => c.type === 'chunk' && c.facadeModuleId?.endsWith('/src/main.tsx'),
        );
        if (main?.type !== 'chunk') return html;
        const js = new Set<string>();
        const css = new Set<string>();
        const visit = (file: string) => {
          const chunk = bundle[file];
          if (chunk?.type !== 'chunk' || js.has(file)) return;
          js.add(file);
          for (const f of chunk.viteMetadata?.importedCss ?? []) css.add(f);
          for (const f of chunk.imports) visit(f);
        };
        visit(main.fileName);
        const present = (f: string) => html.includes(`/${f}"`);
        const tags = [
          ...[...css]
            .filter((f) => !present(f))
            .map((f) => `<link rel="stylesheet" crossorigin href="/${f}">`),
          ...[...js]
            .filter((f) => !present(f))
            .map((f) => `<link rel="modulepreload" crossorigin href="/${f}">`),
        ];
        return html.replace('</head>', `${tags.join('')}</head>`);
      },
    },
  };
}

/**
 * The app's own stylesheet (~6 KB gzip) goes into index.html as a <style>: the first paint then
 * waits for the HTML alone, not for a second, render-blocking request (issue 11, ADR 093). Screens'
 * own CSS still comes with their chunks. The CSP allows inline styles; scripts stay external.
 */
function inlineEntryCss(): Plugin {
  return {
    name: 'ex:inline-entry-css',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        return html.replace(
          /<link rel="stylesheet" crossorigin href="\/(assets\/[^"]+\.css)">/g,
          (tag, file) => {
            const asset = ctx.bundle?.[file];
            if (asset?.type !== 'asset') return tag;
            // The disabled link is never fetched; it tells Vite's chunk preloader that this sheet is on
            // the page already (a lazy chunk that imports antd's global CSS lists it as a dependency).
            return `<style>${String(asset.source)}</style><link rel="stylesheet" href="/${file}" disabled>`;
          },
        );
      },
    },
  };
}

/**
 * The shell (loaded by main.tsx, preloaded by index.html): React, the router, i18next, TanStack Query,
 * the SDK, antd's shared utilities and the tab bar. What boot.ts needs (the route table, the guard,
 * storage keys, the language loaders, Vite's preload helper) stays out of it, in the entry chunk.
 */
const SHELL =
  /node_modules[\\/](react|react-dom|scheduler|react-router|i18next|react-i18next|@tanstack[\\/](query-core|react-query)|use-sync-external-store|react-is|tslib|classnames)[\\/]|packages[\\/]sdk[\\/]src[\\/]|packages[\\/]contract[\\/]src[\\/]routes\.ts$|node_modules[\\/](ahooks|lodash)[\\/]|antd-mobile-icons[\\/]es[\\/](CloseOutline|AppOutline|HistogramOutline|PayCircleOutline|FileOutline|UserOutline)\.|antd-mobile[\\/]es[\\/](index\.js$|utils[\\/]|global[\\/]|locales[\\/](zh-CN|base)\.js$|components[\\/](config-provider|tab-bar|badge|safe-area)[\\/])|apps[\\/]web[\\/]src[\\/](app[\\/](?!antd-react19|guard|routes|antd-locales|early-data)|components[\\/]NetworkBanner|lib[\\/](api|i18n|toast|queries|after-paint|color-mode|font-scale)\.ts$)/;

/** antd-mobile's locale files by the app's language ids. */
const ANTD_LANG = {
  'de-DE': 'de',
  'en-US': 'en',
  'zh-TW': 'zh_TW',
  'es-ES': 'es',
  'fr-FR': 'fr',
  'it-IT': 'it',
};

/** Small modules shared by most screens, in one chunk (`common`) instead of one request each. */
const COMMON =
  /apps[\\/]web[\\/]src[\\/](components[\\/](EmptyState|Illustration|ChangePill|PageShell)\.tsx$|lib[\\/](format|form-errors)\.ts$|features[\\/]orders[\\/]time\.ts$)|packages[\\/]contract[\\/]src[\\/]errors\.ts$|antd-mobile[\\/]es[\\/]components[\\/](button|dot-loading|checkbox|space)[\\/]|antd-mobile-icons[\\/]es[\\/](CloseCircleFill|CheckOutline|SearchOutline|DownFill|AddOutline|MinusOutline|LeftOutline|RightOutline)\./;

export default defineConfig({
  base: '/',
  plugins: [react(), preloadApp(), inlineEntryCss()],
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
    rolldownOptions: {
      output: {
        codeSplitting: {
          // antd-mobile's overlays (mask, popups, toasts, dialogs) and their animation library in
          // chunks of their own: left to itself the bundler merges them into a chunk the first
          // screen loads for other reasons (React 19's render adapter), ~25 KB gzip that the first
          // paint never uses.
          groups: [
            {
              name: 'spring',
              test: /node_modules[\\/]@react-spring[\\/]/,
              includeDependenciesRecursively: false,
            },
            {
              name: 'overlays',
              // Popover (with floating-ui) and the pickers stay out: a screen that only toasts would
              // otherwise load them, and with them the chunk floating-ui shares with antd's Form.
              test: /node_modules[\\/]antd-mobile[\\/]es[\\/]components[\\/](mask|popup|center-popup|toast|dialog|modal|action-sheet|image-viewer|spin-loading|auto-center)[\\/]|antd-mobile[\\/]es[\\/]utils[\\/]reduce-and-restore-motion/,
              includeDependenciesRecursively: false,
            },
            {
              // What antd-mobile renders imperative UI with (rc-util, Babel's runtime helpers).
              name: 'antd-render',
              test: /node_modules[\\/](rc-util|@babel[\\/]runtime)[\\/]|antd-mobile[\\/]es[\\/]utils[\\/](render|unstable-render|render-to-body|render-imperatively)\.js$/,
              includeDependenciesRecursively: false,
            },
            {
              // One file per language: the app's texts with antd's (whose zh-CN is in the shell).
              name: (id) => {
                const web =
                  /packages[\\/]i18n[\\/]src[\\/]web[\\/](?:\w+[\\/])?(de|en|zh_CN|zh_TW|es|fr|it)\.ts$/.exec(
                    id,
                  );
                if (web) return `lang-${web[1]}`;
                const antd =
                  /antd-mobile[\\/]es[\\/]locales[\\/](de-DE|en-US|zh-TW|es-ES|fr-FR|it-IT)\.js$/.exec(id);
                return antd ? `lang-${ANTD_LANG[antd[1] as keyof typeof ANTD_LANG]}` : null;
              },
              includeDependenciesRecursively: false,
            },
            {
              // Small modules most screens use (formatting, empty states, the page frame, error texts,
              // antd's Button and Checkbox, common icons): one file instead of ~10 of 0.4-3 KB.
              name: 'common',
              test: COMMON,
              includeDependenciesRecursively: false,
            },
            {
              // What every screen needs before it can paint, in one file with the entry instead of
              // ~11 small shared chunks: Lighthouse's HTTP/1.1 simulation pays a round trip per request
              // beyond six at a time (issue 11, ADR 085).
              name: 'shell',
              test: SHELL,
              includeDependenciesRecursively: false,
            },
          ],
        },
      },
    },
  },
  server: {
    proxy: {
      '/api': { target, changeOrigin: true },
      '/uploads': { target, changeOrigin: true },
      '/ws': { target, changeOrigin: true, ws: true },
    },
  },
});
