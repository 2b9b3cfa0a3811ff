// /Withdrawal always offers the address book: with saved addresses it opens the picker, with none
// it leads to /AddressBook (the button was missing then, so the book could not be found from here).
import { webCatalogues } from '@ex/i18n';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { openScreen } from './helpers/screen.tsx';

const de = webCatalogues.de;
const book: { list: { id: string; label: string; address: string; usable_at: number }[] } = { list: [] };

vi.mock('../src/lib/api.ts', () => ({
  api: {
    user: {
      info: async () => ({ id: '1', verified: true, has_trade_password: true }),
      addresses: async () => book,
      totpStatus: async () => ({ enabled: false }),
    },
    bank: { list: async () => [{ id: '1' }] },
    wallet: {
      balances: async () => ({ spot: [{ coin: 'USDC', available: '250.5', frozen: '0' }], contract: null }),
      withdrawCoins: async () => [
        { coin: 'USDC', networks: [{ network: 'TRC20', fee: '1', min: '10', max: '100000' }] },
      ],
    },
    chain: { withdraw: vi.fn() },
  },
}));

const { default: Withdrawal } = await import('../src/features/funds/routes/Withdrawal.tsx');

function open() {
  localStorage.setItem('token', 't');
  return openScreen(
    [
      { path: '/Withdrawal', Component: Withdrawal },
      { path: '/AddressBook', Component: () => <p>address book page</p> },
    ],
    '/Withdrawal',
    { lang: 'de' },
  );
}

describe('Withdrawal: the address book', () => {
  afterEach(() => cleanup());

  it('with no saved address, "Adressbuch" leads to /AddressBook', async () => {
    book.list = [];
    const router = open();
    const link = await screen.findByRole('link', { name: de.security.book.choose });
    fireEvent.click(link);
    expect(await screen.findByText('address book page')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/AddressBook');
  });

  it('with saved addresses, "Adressbuch" is a button that opens the picker on this screen', async () => {
    book.list = [{ id: '1', label: 'Ledger', address: 'TNPeeaaFB7K9cmo4uQpcU32zGK8G1NYqeL', usable_at: 0 }];
    const router = open();
    const button = await screen.findByRole('button', { name: de.security.book.choose });
    expect(screen.queryByRole('link', { name: de.security.book.choose })).toBeNull();
    fireEvent.click(button);
    expect(await screen.findByText('Ledger', { exact: false })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/Withdrawal');
  });
});
