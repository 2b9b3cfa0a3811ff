// The entry of index.html (issue 11, ADR 086). It imports nothing heavy: while the browser is still
// downloading the shell (React, the router, i18next: ~130 KB gzip, preloaded by index.html), it starts
// the stored language, the first screen's code and its first data as well, instead of after the shell
// has arrived and run. Then it loads the app (main.tsx), which waits for them before the first render.
import './styles/theme.css';
import './styles/app.css';
import { loadWebCatalogue } from '@ex/i18n';
import { loadAntdLocale } from './app/antd-locales.ts';
import { startEarlyData } from './app/early-data.ts';
import { guardRedirect } from './app/guard.ts';
import { KNOWN_PATHS, preloadRoute } from './app/routes.ts';
import { resolveStoredLang } from './lib/lang.ts';
import { hasToken, STORAGE_KEYS } from './lib/storage.ts';
import { formatWeekdayUtc } from './lib/time.ts';

const storage = window.localStorage;
/** The language to start in (spec: de when none is stored). */
export const lang = resolveStoredLang(storage.getItem(STORAGE_KEYS.lang));
// The screen of the address being opened, or the one the guard sends a visitor to (e.g. /Login).
const firstPath = guardRedirect(window.location.pathname, hasToken(storage), KNOWN_PATHS)?.split('?')[0];
/**
 * Runs `work` once the splash has been painted (the frame after the next animation frame), so the
 * first paint never waits for the requests started here; a hidden tab, which paints no frames,
 * starts after 100 ms.
 */
function afterSplash<T>(work: () => Promise<T>): Promise<T> {
  return new Promise((resolve) => {
    let done = false;
    const run = () => {
      if (done) return;
      done = true;
      resolve(work());
    };
    requestAnimationFrame(() => setTimeout(run, 0));
    setTimeout(run, 100);
  });
}

const first = firstPath ?? window.location.pathname;
/** The language's texts, antd's locale, and the first screen's code (rendered without suspending). */
export const firstLoad = afterSplash(() => {
  const loading = Promise.all([loadWebCatalogue(lang), loadAntdLocale(lang), preloadRoute(first)]);
  // ...and its first data (the SDK takes these answers when the screen asks, app/early-data.ts).
  startEarlyData(first, storage, STORAGE_KEYS.token, STORAGE_KEYS.lang);
  void import('./main.tsx');
  // Home paints dates with its first data; in a task of its own, so the requests above do not wait.
  if (first === '/') setTimeout(warmDateFormat, 0);
  return loading;
});

/**
 * The first Intl date formatter loads ICU's date and time-zone data (~10 ms, x4 on a slow phone).
 * Built here, while the shell is still downloading, that cost leaves the render that paints the
 * first data (Home's check-in card names its weekdays in UTC; ADR 088).
 */
function warmDateFormat() {
  try {
    // The check-in card's own formatter (lib/time.ts caches it), so its first use builds nothing.
    formatWeekdayUtc(0, lang);
  } catch {
    // An engine without Intl's time zones formats later as it can; nothing depends on this.
  }
}
