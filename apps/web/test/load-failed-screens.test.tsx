// A failed load is said as such, with a retry, on the account screens that showed something else:
// /AddressBook, /ApiKeys and /Devices stayed blank or said "none saved", /Invite kept its skeleton.
import { webCatalogues } from '@ex/i18n';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import type { ComponentType } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { openScreen } from './helpers/screen.tsx';

const de = webCatalogues.de;
const fail = { on: true };
const answer =
  <T,>(value: T) =>
  async (): Promise<T> => {
    if (fail.on) throw new Error('offline');
    return value;
  };

vi.mock('../src/lib/api.ts', () => ({
  api: {
    user: {
      addresses: answer({ list: [], allowlist: false, hold_until: null }),
      totpStatus: async () => ({ enabled: false }),
      protection: async () => ({}),
      sessions: answer([]),
      loginHistory: async () => ({ list: [], total: 0, page: 1, limit: 20 }),
    },
    apiKeys: { list: answer([]) },
    community: {
      invite: answer({
        code: 'DEMO4808',
        link: 'https://x/Register?invite=DEMO4808',
        count: 0,
        list: [],
        total: 0,
      }),
    },
  },
}));

const screens: [string, () => Promise<{ default: ComponentType }>, string][] = [
  ['/AddressBook', () => import('../src/features/security/routes/AddressBook.tsx'), de.security.book.none],
  ['/ApiKeys', () => import('../src/features/security/routes/ApiKeys.tsx'), de.security.keys.none],
  ['/Devices', () => import('../src/features/user/routes/Devices.tsx'), de.security.devices.none],
  ['/Invite', () => import('../src/features/community/routes/Invite.tsx'), 'DEMO4808'],
];

describe('failed loads on the account screens', () => {
  afterEach(() => cleanup());

  it.each(screens)(
    '%s: "Konnte nicht geladen werden" with a retry, then the content',
    async (path, load, loaded) => {
      fail.on = true;
      const { default: Screen } = await load();
      openScreen([{ path, Component: Screen }], path, { lang: 'de' });
      expect(await screen.findByText(de.common.loadFailed)).toBeTruthy();
      expect(screen.queryByText(loaded)).toBeNull();
      fail.on = false;
      fireEvent.click(screen.getByRole('button', { name: de.common.retry }));
      expect((await screen.findAllByText(loaded)).length).toBeGreaterThan(0);
      expect(screen.queryByText(de.common.loadFailed)).toBeNull();
    },
  );
});
