import './styles/theme.css';
import './styles/app.css';
import { loadWebCatalogue } from '@ex/i18n';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App.tsx';
import { loadAntdLocale } from './app/antd-locales.ts';
import { guardRedirect } from './app/guard.ts';
import { KNOWN_PATHS, preloadRoute } from './app/routes.ts';
import { afterFirstPaint } from './lib/after-paint.ts';
import { installColorMode } from './lib/color-mode.ts';
import { installFontScaling } from './lib/font-scale.ts';
import { initialLang } from './lib/i18n.ts';
import { bcp47 } from './lib/lang.ts';
import { applyStartupKeys, hasToken, removeOpenAppOnClose } from './lib/storage.ts';

// Start-up duties of spec sections 3 and 9, before the first render so nothing flashes.
const storage = window.localStorage;
const lang = initialLang(storage);
applyStartupKeys(storage, lang);
removeOpenAppOnClose(window, storage);
installFontScaling(window);
installColorMode(storage, document);
document.documentElement.lang = bcp47(lang);

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');
// Only the stored language's texts are fetched (in parallel with nothing else blocking: the app
// code is already loaded); the first render waits for them so no key ever flashes.
// The screen of the address being opened starts loading now, beside the language.
// The first render also waits for that screen (the splash stays up meanwhile), so it paints in one
// go; a visitor the guard sends elsewhere (e.g. to /Login) gets that screen's code instead.
const firstPath = guardRedirect(window.location.pathname, hasToken(storage), KNOWN_PATHS)?.split('?')[0];
const firstScreen = preloadRoute(firstPath ?? window.location.pathname);
void Promise.all([loadWebCatalogue(lang), loadAntdLocale(lang), firstScreen]).then(
  ([catalogue, antdLocale]) => {
    // As a transition, React renders the first screen in slices and yields to the browser between
    // them, instead of in one long task that a slow phone cannot interrupt (ADR 091).
    const app = createRoot(root);
    startTransition(() =>
      app.render(
        <StrictMode>
          <App lang={lang} catalogue={catalogue} antdLocale={antdLocale} />
        </StrictMode>,
      ),
    );
    // antd-mobile's React 19 render adapter (for Toast, Dialog) and what it drags in are no part of
    // the first paint: installed once the page is idle (a toast before that waits for it, lib/toast.ts).
    afterFirstPaint(() => void import('./app/antd-react19.ts'));
  },
);
