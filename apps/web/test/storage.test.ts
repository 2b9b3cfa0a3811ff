import { describe, expect, it } from 'vitest';
import {
  applyStartupKeys,
  hasToken,
  imageUrl,
  type KeyValueStorage,
  removeOpenAppOnClose,
  resolveImageBaseUrl,
  STORAGE_KEYS,
  writeImageBaseUrl,
} from '../src/lib/storage.ts';

function memoryStorage(
  initial: Record<string, string> = {},
): KeyValueStorage & { data: Map<string, string> } {
  const data = new Map(Object.entries(initial));
  return {
    data,
    getItem: (k) => data.get(k) ?? null,
    setItem: (k, v) => void data.set(k, v),
    removeItem: (k) => void data.delete(k),
  };
}

describe('storage keys of spec section 3', () => {
  it('uses exactly the spec names', () => {
    expect(STORAGE_KEYS).toMatchObject({
      token: 'token',
      lang: 'lang',
      langName: 'langname',
      alarm: 'alarm',
      openApp: 'openApp',
      imageBaseUrl: 'image_base_url',
    });
  });

  it('at start removes alarm and sets langname to the current language id, leaving the rest', () => {
    const storage = memoryStorage({ alarm: '1', token: 't', lang: 'fr', langname: 'Français', openApp: '1' });
    applyStartupKeys(storage, 'fr');
    expect(storage.data.has('alarm')).toBe(false);
    expect(storage.getItem('langname')).toBe('fr');
    expect(storage.getItem('token')).toBe('t');
    expect(storage.getItem('openApp')).toBe('1');
  });

  it('removes openApp when the page is hidden for good (pagehide), and not before', () => {
    const storage = memoryStorage({ openApp: '1' });
    const stop = removeOpenAppOnClose(window, storage);
    window.dispatchEvent(new Event('visibilitychange'));
    expect(storage.getItem('openApp')).toBe('1');
    window.dispatchEvent(new Event('pagehide'));
    expect(storage.getItem('openApp')).toBeNull();
    stop();
    storage.setItem('openApp', '1');
    window.dispatchEvent(new Event('pagehide'));
    expect(storage.getItem('openApp')).toBe('1');
  });

  it('signed in means a stored token, whatever its value', () => {
    expect(hasToken(memoryStorage())).toBe(false);
    expect(hasToken(memoryStorage({ token: '' }))).toBe(false);
    expect(hasToken(memoryStorage({ token: 'expired-but-present' }))).toBe(true);
  });
});

describe('image base address', () => {
  it("is the server's value, or <origin>/uploads/ when unknown, always with a trailing slash", () => {
    expect(resolveImageBaseUrl('https://img.example.com/x', 'http://a')).toBe('https://img.example.com/x/');
    expect(resolveImageBaseUrl('https://img.example.com/', 'http://a')).toBe('https://img.example.com/');
    expect(resolveImageBaseUrl(undefined, 'http://127.0.0.1:8080')).toBe('http://127.0.0.1:8080/uploads/');
    expect(resolveImageBaseUrl('  ', 'http://a')).toBe('http://a/uploads/');
  });

  it('is stored under image_base_url and prefixes image paths', () => {
    const storage = memoryStorage();
    writeImageBaseUrl(storage, 'https://cdn.example/u/');
    expect(storage.getItem('image_base_url')).toBe('https://cdn.example/u/');
    expect(imageUrl(storage, 'avatars/1.png')).toBe('https://cdn.example/u/avatars/1.png');
    expect(imageUrl(storage, '/avatars/1.png')).toBe('https://cdn.example/u/avatars/1.png');
    expect(imageUrl(storage, 'https://other/x.png')).toBe('https://other/x.png');
    expect(imageUrl(storage, null)).toBeUndefined();
  });
});
