import { LANG_NAMES, LANGS, type Lang } from '@ex/i18n';
import { Tabs } from 'antd';
import type { ReactNode } from 'react';

/**
 * One tab per language of the seven, each rendered from `children(lang)`; every tab is rendered up
 * front so a form's fields in hidden tabs still submit (notices, news, FAQ and operator texts).
 */
export function LangTabStrip({ children }: { children: (lang: Lang) => ReactNode }) {
  return (
    <Tabs
      size="small"
      items={LANGS.map((lang) => ({
        key: lang,
        label: LANG_NAMES[lang],
        forceRender: true,
        children: children(lang),
      }))}
    />
  );
}
