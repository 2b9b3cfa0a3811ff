import { describe, expect, it } from 'vitest';
import { formatNumberIn, LANGS, resolveLang, serverMessages, translateServer } from '../src/index.ts';
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

describe('numbers in server sentences', () => {
  it('writes {min} and {max} in the language separators, exactly, keeping their decimals', () => {
    expect(translateServer('de', 'error.price_out_of_band', { min: '45000.00', max: '55000.00' })).toBe(
      'Der Preis muss zwischen 45.000,00 und 55.000,00 liegen',
    );
    expect(translateServer('en', 'error.price_out_of_band', { min: '45000.00', max: '55000.00' })).toBe(
      'The price must be between 45,000.00 and 55,000.00',
    );
    expect(translateServer('fr', 'error.exchange_quote_too_large', { max: '10000' })).toBe(
      'Un échange unique est limité à 10\u202f000\u00a0USDC',
    );
    expect(translateServer('es', 'error.exchange_daily_limit', { max: '5000' })).toBe(
      'Se ha alcanzado el límite diario de cambio de 5.000\u00a0USDC',
    );
    expect(formatNumberIn('it', '12345678901234567.123456789012345678')).toBe(
      '12.345.678.901.234.567,123456789012345678',
    );
    expect(formatNumberIn('zh_CN', '0.0001')).toBe('0.0001');
  });

  it('leaves other parameters and anything that is not a plain decimal as given', () => {
    expect(translateServer('de', 'validation.decimal_max', { max: '1e3' })).toBe('Darf höchstens 1e3 sein');
    expect(translateServer('de', 'error.price_out_of_band', { min: 'x', max: '-' })).toBe(
      'Der Preis muss zwischen x und - liegen',
    );
  });
});
