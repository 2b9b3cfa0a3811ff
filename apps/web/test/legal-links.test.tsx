// The terms and privacy links on /Login and /Register read as one sentence in each language. Italian
// wrote "e l' Informativa sulla privacy": a straight apostrophe and a space after the elided article.
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { openScreen } from './helpers/screen.tsx';

vi.mock('../src/lib/api.ts', () => ({
  api: {
    system: { config: async () => ({ captcha: false, webview_hosts: [] }) },
    account: { areaCodes: async () => [], captcha: async () => null, sendCode: async () => null },
  },
}));

const { default: Login } = await import('../src/features/auth/routes/Login.tsx');
const { default: Register } = await import('../src/features/auth/routes/Register.tsx');

const open = (path: '/Login' | '/Register', lang: 'de' | 'es' | 'it') =>
  openScreen(
    [
      { path: '/Login', Component: Login },
      { path: '/Register', Component: Register },
    ],
    path,
    { lang },
  );

/** The text of the element holding the privacy link, spaces as a reader sees them. */
async function sentence(privacy: string): Promise<string> {
  const link = await screen.findByRole('link', { name: privacy });
  return (link.parentElement?.textContent ?? '').replace(/\s+/g, ' ').trim();
}

describe('terms and privacy links', () => {
  afterEach(() => cleanup());

  it('/Login in Italian: "e l’Informativa", elided, typographic apostrophe, no space', async () => {
    open('/Login', 'it');
    expect(await sentence('Informativa sulla privacy')).toBe(
      'Accedendo accetti i Termini d’uso e l’Informativa sulla privacy',
    );
  });

  it('/Register in Italian ends the same way', async () => {
    open('/Register', 'it');
    expect(await sentence('Informativa sulla privacy')).toBe('Termini d’uso e l’Informativa sulla privacy');
  });

  it('German and Spanish keep the space after their "und" / "y la"', async () => {
    open('/Login', 'de');
    expect(await sentence('Datenschutzerklärung')).toBe(
      'Mit der Anmeldung akzeptieren Sie die Nutzungsbedingungen und Datenschutzerklärung',
    );
    cleanup();
    open('/Register', 'es');
    expect(await sentence('Política de privacidad')).toBe('Términos de uso y la Política de privacidad');
  });
});
