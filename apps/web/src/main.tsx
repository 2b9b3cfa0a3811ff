import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App.tsx';
import { firstLoad, lang } from './boot.ts';
import { afterFirstPaint } from './lib/after-paint.ts';
import { installColorMode } from './lib/color-mode.ts';
import { installFontScaling } from './lib/font-scale.ts';
import { bcp47 } from './lib/lang.ts';
import { applyStartupKeys, removeOpenAppOnClose } from './lib/storage.ts';

// Start-up duties of spec sections 3 and 9, before the first render so nothing flashes.
const storage = window.localStorage;
applyStartupKeys(storage, lang);
removeOpenAppOnClose(window, storage);
installFontScaling(window);
installColorMode(storage, document);
document.documentElement.lang = bcp47(lang);

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');
// The stored language's texts, antd's locale and the first screen's code were started by boot.ts
// beside the shell's download; the first render waits for them (the splash stays up meanwhile), so
// no key ever flashes and the screen paints in one go.
void firstLoad.then(([catalogue, antdLocale]) => {
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
});
