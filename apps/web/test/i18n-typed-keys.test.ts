// Issue 14 item 3, ADR 097: each i18next namespace of the web app has its own key type, so every
// key of every screen is checked at compile time. The `@ts-expect-error` lines below are the proof:
// if a wrong key were accepted, `npx tsc --noEmit -p apps/web` would fail on an unused directive.
import { webCatalogues } from '@ex/i18n';
import { describe, expect, it } from 'vitest';
import { createI18n, ensureLang } from '../src/lib/i18n.ts';

describe('typed i18n keys per namespace', () => {
  it('each namespace answers its own keys, in the first language and after a switch', async () => {
    const i18n = createI18n('en', webCatalogues.en);
    expect(i18n.t('auth.login')).toBe(webCatalogues.en.auth.login);
    expect(i18n.getFixedT('en', 'earn1')('exchange.pay')).toBe(webCatalogues.en.earn1.exchange.pay);
    expect(i18n.getFixedT('en', 'earn2')('ai.subscribe')).toBe(webCatalogues.en.earn2.ai.subscribe);
    await ensureLang(i18n, 'de');
    expect(i18n.getFixedT('de', 'earn1')('exchange.pay')).toBe(webCatalogues.de.earn1.exchange.pay);
    expect(i18n.getFixedT('de', 'earn2')('ai.subscribe')).toBe(webCatalogues.de.earn2.ai.subscribe);
  });

  it('a wrong key does not compile, in any namespace', () => {
    const i18n = createI18n('en', webCatalogues.en);
    const t1 = i18n.getFixedT('en', 'earn1');
    const t2 = i18n.getFixedT('en', 'earn2');
    const wrong = () => {
      // @ts-expect-error no such key in the default namespace
      i18n.t('auth.noSuchKey');
      // @ts-expect-error earn1 is its own namespace now, not a subtree of `translation`
      i18n.t('earn1.exchange.pay');
      // @ts-expect-error no such key in earn1
      t1('exchange.noSuchKey');
      // @ts-expect-error an earn2 key is not an earn1 key
      t1('ai.subscribe');
      // @ts-expect-error no such key in earn2
      t2('ai.noSuchKey');
      // @ts-expect-error a translation key is not an earn2 key
      t2('auth.login');
    };
    expect(typeof wrong).toBe('function');
  });
});
