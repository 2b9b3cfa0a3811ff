import { ExclamationCircleFilled } from '@ant-design/icons';
import { LANG_NAMES, LANGS, type Lang } from '@ex/i18n';
import { Tabs, theme } from 'antd';
import { type ReactNode, useEffect, useState } from 'react';

/**
 * One tab per language of the seven, each rendered from `children(lang)`; every tab is rendered up
 * front so a form's fields in hidden tabs still submit (notices, news, FAQ and operator texts).
 * `errorLangs`: languages whose fields the server refused; their tabs carry an error mark and the
 * first of them is brought to the front when the open tab has none (an error in a hidden tab is
 * otherwise never seen).
 */
export function LangTabStrip({
  children,
  errorLangs = [],
}: {
  children: (lang: Lang) => ReactNode;
  errorLangs?: readonly Lang[];
}) {
  const { token } = theme.useToken();
  const [active, setActive] = useState<Lang>(LANGS[0]);
  const first = errorLangs[0];
  const activeHasError = errorLangs.includes(active);
  useEffect(() => {
    if (first !== undefined && !activeHasError) setActive(first);
  }, [first, activeHasError]);
  return (
    <Tabs
      size="small"
      activeKey={active}
      onChange={(key) => setActive(key as Lang)}
      items={LANGS.map((lang) => ({
        key: lang,
        label: errorLangs.includes(lang) ? (
          <span style={{ color: token.colorError }}>
            {LANG_NAMES[lang]} <ExclamationCircleFilled aria-label="has errors" />
          </span>
        ) : (
          LANG_NAMES[lang]
        ),
        forceRender: true,
        children: children(lang),
      }))}
    />
  );
}
