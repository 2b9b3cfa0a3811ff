import type enUS from 'antd-mobile/es/locales/en-US';
import type { Lang } from '../lib/lang.ts';

export type AntdLocale = typeof enUS;

/**
 * antd-mobile's own texts (picker buttons, empty lists) in the app's language, fetched with the
 * language like the app's catalogue instead of all seven in the first load.
 */
export function loadAntdLocale(lang: Lang): Promise<AntdLocale> {
  switch (lang) {
    case 'de':
      return import('antd-mobile/es/locales/de-DE').then((m) => m.default);
    case 'en':
      return import('antd-mobile/es/locales/en-US').then((m) => m.default);
    case 'zh_CN':
      return import('antd-mobile/es/locales/zh-CN').then((m) => m.default);
    case 'zh_TW':
      return import('antd-mobile/es/locales/zh-TW').then((m) => m.default);
    case 'es':
      return import('antd-mobile/es/locales/es-ES').then((m) => m.default);
    case 'fr':
      return import('antd-mobile/es/locales/fr-FR').then((m) => m.default);
    case 'it':
      return import('antd-mobile/es/locales/it-IT').then((m) => m.default);
  }
}
