import { webCatalogues } from '@ex/i18n';
import { describe, expect, it } from 'vitest';
import { applyLang, createI18n, ensureLang, initialLang } from '../src/lib/i18n.ts';
import { bcp47, dateLocale, LANG_NAMES, LANGS, resolveStoredLang } from '../src/lib/lang.ts';
import { formatClock, formatDateTime } from '../src/lib/time.ts';

describe('language resolution', () => {
  it('is de when nothing (or nothing usable) is stored', () => {
    expect(resolveStoredLang(null)).toBe('de');
    expect(resolveStoredLang(undefined)).toBe('de');
    expect(resolveStoredLang('')).toBe('de');
    expect(resolveStoredLang('pt')).toBe('de');
  });

  it('keeps every one of the seven stored ids, and accepts the BCP 47 spelling', () => {
    for (const lang of LANGS) expect(resolveStoredLang(lang)).toBe(lang);
    expect(resolveStoredLang('zh-TW')).toBe('zh_TW');
    expect(resolveStoredLang('zh-CN')).toBe('zh_CN');
  });

  it('does not follow the browser language: the product default is de', () => {
    expect(initialLang({ getItem: () => null, setItem() {}, removeItem() {} })).toBe('de');
  });

  it('maps ids to <html lang> tags', () => {
    expect(bcp47('zh_CN')).toBe('zh-CN');
    expect(bcp47('de')).toBe('de');
  });

  it('writes times on a 24-hour clock in Taiwan Chinese, as exchanges in Taiwan do (ADR 257)', () => {
    expect(dateLocale('zh_TW')).toBe('zh-TW-u-hc-h23');
    expect(dateLocale('zh_CN')).toBe('zh-CN');
    // 15:28 local time of the test machine: no 下午 (p.m.) and no 12-hour figure.
    const ms = new Date(2026, 10, 28, 15, 28, 10).getTime();
    expect(formatClock(ms, 'zh_TW')).toBe('15:28');
    expect(formatDateTime(ms, 'zh_TW', { seconds: true })).toBe('2026/11/28\u00a015:28:10');
    expect(formatDateTime(ms, 'zh_TW')).not.toMatch(/[上下]午/);
  });

  it('names every language natively for the picker', () => {
    expect(LANGS.map((l) => LANG_NAMES[l])).toEqual([
      'Deutsch',
      'English',
      '简体中文',
      '繁體中文',
      'Español',
      'Français',
      'Italiano',
    ]);
  });
});

describe('i18n', () => {
  it('translates from the shared catalogues, with interpolation', () => {
    const i18n = createI18n('fr', webCatalogues.fr);
    expect(i18n.t('auth.login')).toBe('Se connecter');
    expect(i18n.t('auth.resendIn', { seconds: 42 })).toBe('Renvoyer dans 42\u00a0s');
  });

  it('switching stores lang and langname (read by the SDK) and updates <html lang>', async () => {
    const i18n = createI18n('de', webCatalogues.de);
    const data = new Map<string, string>();
    const storage = {
      getItem: (k: string) => data.get(k) ?? null,
      setItem: (k: string, v: string) => void data.set(k, v),
      removeItem: (k: string) => void data.delete(k),
    };
    const doc = { documentElement: { lang: 'de' } };
    expect(i18n.hasResourceBundle('zh_TW', 'translation')).toBe(false);
    await ensureLang(i18n, 'zh_TW');
    applyLang(i18n, storage, doc, 'zh_TW');
    expect(data.get('lang')).toBe('zh_TW');
    expect(data.get('langname')).toBe('zh_TW');
    expect(doc.documentElement.lang).toBe('zh-TW');
    expect(i18n.t('tabs.assets')).toBe('資產');
  });
});
