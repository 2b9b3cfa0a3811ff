import type { WebCatalogueWithEarn1 } from '@ex/i18n';
import { createContext, type ReactNode, useCallback, useContext, useMemo, useRef, useState } from 'react';
import { applyLang, createI18n, ensureLang } from '../lib/i18n.ts';
import type { Lang } from '../lib/lang.ts';
import { type AntdLocale, loadAntdLocale } from './antd-locales.ts';

interface LangState {
  lang: Lang;
  /** Fetches the language's texts if needed, then switches everything at once. */
  setLang(lang: Lang): void;
  i18n: ReturnType<typeof createI18n>;
  /** antd-mobile's texts in `lang`; undefined until fetched (antd then shows its English). */
  antdLocale: AntdLocale | undefined;
}

const LangContext = createContext<LangState | null>(null);

export function LangProvider({
  initial,
  catalogue,
  antdLocale: initialAntd,
  children,
}: {
  initial: Lang;
  /** The catalogue of `initial`, fetched before the first render (main.tsx) or given by a test. */
  catalogue: WebCatalogueWithEarn1;
  antdLocale?: AntdLocale;
  children: ReactNode;
}) {
  const [i18n] = useState(() => createI18n(initial, catalogue));
  const [lang, setLangState] = useState(initial);
  const [antdLocale, setAntdLocale] = useState(initialAntd);
  // The last language asked for wins when two switches overlap on a slow network.
  const wanted = useRef(initial);
  const setLang = useCallback(
    (next: Lang) => {
      wanted.current = next;
      void Promise.all([ensureLang(i18n, next), loadAntdLocale(next)]).then(([, locale]) => {
        if (wanted.current !== next) return;
        applyLang(i18n, window.localStorage, document, next);
        setAntdLocale(locale);
        setLangState(next);
      });
    },
    [i18n],
  );
  const value = useMemo(() => ({ lang, setLang, i18n, antdLocale }), [lang, setLang, i18n, antdLocale]);
  return <LangContext.Provider value={value}>{children}</LangContext.Provider>;
}

export function useLang(): LangState {
  const state = useContext(LangContext);
  if (!state) throw new Error('useLang outside LangProvider');
  return state;
}
