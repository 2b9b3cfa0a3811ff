import { DEFAULT_LANG, isLang, type Lang } from '@ex/i18n';

/**
 * The update pop-up's own strings, kept beside the feature so it does not touch the shared web
 * catalogues. `en` is the source: every other language is typed against it.
 */
const en = {
  title: 'New version {{version}}',
  downloading: 'Downloading the update…',
  installing: 'Installing the update…',
  progressLabel: 'Update progress',
};

type Messages = Record<keyof typeof en, string>;

export const UPDATE_MESSAGES: Record<Lang, Messages> = {
  en,
  de: {
    title: 'Neue Version {{version}}',
    downloading: 'Update wird heruntergeladen…',
    installing: 'Update wird installiert…',
    progressLabel: 'Fortschritt des Updates',
  },
  zh_CN: {
    title: '新版本 {{version}}',
    downloading: '正在下载更新…',
    installing: '正在安装更新…',
    progressLabel: '更新进度',
  },
  zh_TW: {
    title: '新版本 {{version}}',
    downloading: '正在下載更新…',
    installing: '正在安裝更新…',
    progressLabel: '更新進度',
  },
  es: {
    title: 'Nueva versión {{version}}',
    downloading: 'Descargando la actualización…',
    installing: 'Instalando la actualización…',
    progressLabel: 'Progreso de la actualización',
  },
  fr: {
    title: 'Nouvelle version {{version}}',
    downloading: 'Téléchargement de la mise à jour…',
    installing: 'Installation de la mise à jour…',
    progressLabel: 'Progression de la mise à jour',
  },
  it: {
    title: 'Nuova versione {{version}}',
    downloading: 'Download dell’aggiornamento…',
    installing: 'Installazione dell’aggiornamento…',
    progressLabel: 'Avanzamento dell’aggiornamento',
  },
};

export type UpdateMessageKey = keyof Messages;

/** The stored interface language (`lang`), `de` when none or an unknown one is stored. */
export function storedLang(storage: Pick<Storage, 'getItem'> | undefined): Lang {
  const v = storage?.getItem('lang');
  return isLang(v) ? v : DEFAULT_LANG;
}

export function updateText(lang: Lang, key: UpdateMessageKey, vars: Record<string, string> = {}): string {
  const template = UPDATE_MESSAGES[lang][key];
  return template.replace(/\{\{(\w+)\}\}/g, (_, name: string) => vars[name] ?? '');
}
