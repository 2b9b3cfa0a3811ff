import deDE from 'antd-mobile/es/locales/de-DE';
import enUS from 'antd-mobile/es/locales/en-US';
import esES from 'antd-mobile/es/locales/es-ES';
import frFR from 'antd-mobile/es/locales/fr-FR';
import itIT from 'antd-mobile/es/locales/it-IT';
import zhCN from 'antd-mobile/es/locales/zh-CN';
import zhTW from 'antd-mobile/es/locales/zh-TW';
import type { Lang } from '../lib/lang.ts';

/** antd-mobile's own texts (picker buttons, empty lists) in the app's language. */
export const ANTD_LOCALES: Record<Lang, typeof enUS> = {
  de: deDE,
  en: enUS,
  zh_CN: zhCN,
  zh_TW: zhTW,
  es: esES,
  fr: frFR,
  it: itIT,
};
