// The entry of index.html (issue 11, ADR 086). It imports nothing heavy: while the browser is still
// downloading the shell (React, the router, i18next: ~130 KB gzip, preloaded by index.html), it starts
// the stored language and the first screen's code as well, instead of after the shell has arrived and
// run. Then it loads the app (main.tsx), which waits for all three before the first render.
import './styles/theme.css';
import './styles/app.css';
import { loadWebCatalogue } from '@ex/i18n';
import { loadAntdLocale } from './app/antd-locales.ts';
import { guardRedirect } from './app/guard.ts';
import { KNOWN_PATHS, preloadRoute } from './app/routes.ts';
import { resolveStoredLang } from './lib/lang.ts';
import { hasToken, STORAGE_KEYS } from './lib/storage.ts';

const storage = window.localStorage;
/** The language to start in (spec: de when none is stored). */
export const lang = resolveStoredLang(storage.getItem(STORAGE_KEYS.lang));
// The screen of the address being opened, or the one the guard sends a visitor to (e.g. /Login).
const firstPath = guardRedirect(window.location.pathname, hasToken(storage), KNOWN_PATHS)?.split('?')[0];
/** The language's texts, antd's locale, and the first screen's code (rendered without suspending). */
export const firstLoad = Promise.all([
  loadWebCatalogue(lang),
  loadAntdLocale(lang),
  preloadRoute(firstPath ?? window.location.pathname),
]);
void import('./main.tsx');
