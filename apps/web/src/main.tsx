import './app/antd-react19.ts';
import './styles/theme.css';
import './styles/app.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App.tsx';
import { installColorMode } from './lib/color-mode.ts';
import { installFontScaling } from './lib/font-scale.ts';
import { initialLang } from './lib/i18n.ts';
import { bcp47 } from './lib/lang.ts';
import { applyStartupKeys, removeOpenAppOnClose } from './lib/storage.ts';

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
createRoot(root).render(
  <StrictMode>
    <App lang={lang} />
  </StrictMode>,
);
