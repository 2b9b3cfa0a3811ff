import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

type Strategy = 'network' | 'shell' | 'asset';
type Listener = (event: {
  request: Request;
  respondWith(r: unknown): void;
  waitUntil(p: unknown): void;
}) => void;

// public/sw.js is a classic worker script (no build step); evaluate it against a stand-in `self`.
const code = readFileSync(join(dirname(fileURLToPath(import.meta.url)), '../../public/sw.js'), 'utf8');
const listeners = new Map<string, Listener>();
const fakeSelf = {
  location: { origin: 'https://app.example' },
  addEventListener: (type: string, l: Listener) => listeners.set(type, l),
};
const strategyFor = new Function('self', 'caches', `${code}\nreturn strategyFor;`)(fakeSelf, {}) as (
  r: { method: string; url: string; mode?: string },
  origin: string,
) => Strategy;

const req = (path: string, init: { method?: string; mode?: string; origin?: string } = {}) => ({
  method: init.method ?? 'GET',
  url: `${init.origin ?? 'https://app.example'}${path}`,
  mode: init.mode ?? 'cors',
});

describe('service worker', () => {
  it.each([
    '/api/app/update',
    '/api/app/market/coins?x=1',
    '/api/app/update/bundles/1.zip',
    '/ws',
    '/uploads/a.png',
    '/admin/',
    '/admin',
  ])('never intercepts %s', (path) => {
    expect(strategyFor(req(path), 'https://app.example')).toBe('network');
    expect(strategyFor(req(path, { mode: 'navigate' }), 'https://app.example')).toBe('network');
  });

  it('leaves non-GET and other origins alone', () => {
    expect(strategyFor(req('/assets/a.js', { method: 'POST' }), 'https://app.example')).toBe('network');
    expect(strategyFor(req('/assets/a.js', { origin: 'https://cdn.example' }), 'https://app.example')).toBe(
      'network',
    );
  });

  it('serves the shell for navigations and caches hashed assets', () => {
    expect(strategyFor(req('/Login', { mode: 'navigate' }), 'https://app.example')).toBe('shell');
    expect(strategyFor(req('/', { mode: 'navigate' }), 'https://app.example')).toBe('shell');
    expect(strategyFor(req('/assets/index-abc123.js'), 'https://app.example')).toBe('asset');
    expect(strategyFor(req('/manifest.webmanifest'), 'https://app.example')).toBe('asset');
    expect(strategyFor(req('/something.json'), 'https://app.example')).toBe('network');
  });

  it('does not answer an API fetch event at all', () => {
    let answered = false;
    listeners.get('fetch')?.({
      request: new Request('https://app.example/api/app/update', { method: 'GET' }),
      respondWith: () => {
        answered = true;
      },
      waitUntil: () => {},
    });
    expect(answered).toBe(false);
  });

  it('links a manifest with installable icons', () => {
    const manifest = JSON.parse(
      readFileSync(
        join(dirname(fileURLToPath(import.meta.url)), '../../public/manifest.webmanifest'),
        'utf8',
      ),
    ) as { display: string; start_url: string; icons: { sizes: string; purpose: string }[] };
    expect(manifest.display).toBe('standalone');
    expect(manifest.start_url).toBe('/');
    expect(manifest.icons.some((i) => i.sizes === '192x192')).toBe(true);
    expect(manifest.icons.some((i) => i.sizes === '512x512' && i.purpose === 'maskable')).toBe(true);
  });
});
