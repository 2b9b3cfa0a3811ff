// The funds and wallet forms lead to their history one way: the list icon in the title bar, as on
// /OTC and /IEO. /Recharge and /Withdrawal also had a "… history" button under the form and
// /TransformTwo a "Transfer history ›" link: three looks for one thing, so those are gone. The earn
// screens /AI and /Defn had a text "Records" link in the title bar; they have the same icon now.
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { openScreen } from './helpers/screen.tsx';

// Every call stays pending: the title bar is there before any data.
vi.mock('../src/lib/api.ts', () => {
  const pending = () => new Promise(() => {});
  const section = new Proxy({}, { get: () => pending });
  return { api: new Proxy({}, { get: () => section }) };
});

const screens = [
  {
    path: '/Recharge',
    load: () => import('../src/features/funds/routes/Recharge.tsx'),
    history: '/RechargeHistory',
    label: { en: 'Deposit history', de: 'Einzahlungsverlauf' },
  },
  {
    path: '/Withdrawal',
    load: () => import('../src/features/funds/routes/Withdrawal.tsx'),
    history: '/WithdrawalHistory',
    label: { en: 'Withdrawal history', de: 'Auszahlungsverlauf' },
  },
  {
    path: '/TransformTwo',
    load: () => import('../src/features/wallet/routes/TransformTwo.tsx'),
    history: '/TransformHis',
    label: { en: 'Transfer history', de: 'Übertragungsverlauf' },
  },
  {
    path: '/AI',
    load: () => import('../src/features/ai/routes/AI.tsx'),
    history: '/AIHis',
    label: { en: 'AI quant records', de: 'KI-Quant-Verlauf' },
  },
  {
    path: '/Defn',
    load: () => import('../src/features/staking/routes/Defn.tsx'),
    history: '/DefnHis',
    label: { en: 'Staking records', de: 'Staking-Verlauf' },
  },
] as const;

describe('history entry points of the funds, wallet and earn screens', () => {
  afterEach(() => cleanup());

  for (const s of screens) {
    for (const lang of ['en', 'de'] as const) {
      it(`${s.path} (${lang}): one way to its history, the list icon in the title bar`, async () => {
        const { default: Component } = await s.load();
        openScreen([{ path: s.path, Component }], s.path, { lang });
        const link = await screen.findByRole('link', { name: s.label[lang] });
        expect(link.getAttribute('href')).toBe(s.history);
        expect(link.closest('.nav__right')).not.toBeNull();
        expect(link.classList.contains('icon-btn')).toBe(true);
        // Nothing else on the screen leads there or repeats the name as a button.
        expect(document.querySelectorAll(`a[href="${s.history}"]`)).toHaveLength(1);
        expect(screen.queryByRole('button', { name: s.label[lang] })).toBeNull();
        expect(screen.queryByText(s.label[lang])).toBeNull();
        // No text link in the title bar beside it (/AI and /Defn had "Records").
        expect(link.closest('.nav__right')?.textContent).toBe('');
      });
    }
  }
});
