import { describe, expect, it } from 'vitest';
import { LANGS, resolveLang, serverMessages, translateServer } from '../src/index.ts';
import { en } from '../src/server/en.ts';

const keys = Object.keys(en).sort();

describe('server message catalogues', () => {
  it.each(LANGS)('%s has exactly the keys of en, none empty', (lang) => {
    const catalogue = serverMessages[lang];
    expect(Object.keys(catalogue).sort()).toEqual(keys);
    for (const key of keys) expect(catalogue[key as keyof typeof en].trim()).not.toBe('');
  });

  it.each(LANGS.filter((l) => l !== 'en'))('%s is a translation, not a copy of en', (lang) => {
    const same = keys.filter((k) => serverMessages[lang][k as keyof typeof en] === en[k as keyof typeof en]);
    // A handful may legitimately match (e.g. a placeholder-only string); a copied catalogue would not.
    expect(same.length).toBeLessThan(keys.length / 10);
  });

  it.each(LANGS)('%s keeps every placeholder of en', (lang) => {
    for (const key of keys) {
      const wanted = (en[key as keyof typeof en].match(/\{\w+\}/g) ?? []).sort();
      const got = (serverMessages[lang][key as keyof typeof en].match(/\{\w+\}/g) ?? []).sort();
      expect([key, got]).toEqual([key, wanted]);
    }
  });

  it('carries the messages of the product text', () => {
    expect(en['error.transfer_same_account']).toBe('Transfer accounts cannot be the same');
    expect(en['validation.password_mismatch']).toBe('The two passwords are inconsistent');
    expect(en['validation.email_invalid']).toBe('Invalid email format');
    expect(en['error.quantity_out_of_range']).toBe('Please enter a quantity within the range');
    expect(en['error.exchange_amount_invalid']).toBe('Please enter correct exchange amount');
    expect(en['error.staking_limit']).toBe('Staking limit reached');
  });

  it('fills placeholders and follows Accept-Language', () => {
    expect(translateServer('en', 'validation.string_too_long', { max: 64 })).toBe('At most 64 characters');
    expect(translateServer(resolveLang('zh-CN,zh;q=0.9'), 'validation.password_mismatch')).toBe(
      '两次输入的密码不一致',
    );
    expect(translateServer(resolveLang(undefined), 'validation.email_invalid')).toBe(
      'Ungültiges E-Mail-Format',
    );
  });
});
