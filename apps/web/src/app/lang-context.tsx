import { createContext, type ReactNode, useCallback, useContext, useMemo, useState } from 'react';
import { applyLang, createI18n } from '../lib/i18n.ts';
import type { Lang } from '../lib/lang.ts';

interface LangState {
  lang: Lang;
  setLang(lang: Lang): void;
  i18n: ReturnType<typeof createI18n>;
}

const LangContext = createContext<LangState | null>(null);

export function LangProvider({ initial, children }: { initial: Lang; children: ReactNode }) {
  const [i18n] = useState(() => createI18n(initial));
  const [lang, setLangState] = useState(initial);
  const setLang = useCallback(
    (next: Lang) => {
      applyLang(i18n, window.localStorage, document, next);
      setLangState(next);
    },
    [i18n],
  );
  const value = useMemo(() => ({ lang, setLang, i18n }), [lang, setLang, i18n]);
  return <LangContext.Provider value={value}>{children}</LangContext.Provider>;
}

export function useLang(): LangState {
  const state = useContext(LangContext);
  if (!state) throw new Error('useLang outside LangProvider');
  return state;
}
