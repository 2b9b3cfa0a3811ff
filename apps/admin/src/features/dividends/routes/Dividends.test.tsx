import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeServer, mountPage, ok } from '../../../test/console.tsx';
import { cancelSendsNothing, savesExactly, showsInvalid } from '../../../test/edit-texts-testkit.ts';
import { Dividends, parseAllocations } from './Dividends.tsx';

describe('<Dividends/>', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    sessionStorage.clear();
  });

  it('shows total and claimed grouped, 2 up to the coin decimals, right-aligned', async () => {
    fakeServer(() =>
      ok([
        {
          id: '1',
          title: 'Quarterly',
          title_i18n: { de: 'Quartal' },
          coin: 'USDC',
          total: '1234567.505000',
          claimed: '0.000000',
          users: 4,
          created_at: Date.UTC(2030, 0, 1),
        },
        {
          id: '2',
          title: 'Bonus',
          title_i18n: {},
          coin: 'ETH',
          total: '1.50000000',
          claimed: 'oops',
          users: 1,
          created_at: Date.UTC(2030, 0, 1),
        },
      ]),
    );
    mountPage('/dividends', <Dividends />);
    const total = await screen.findByText('1,234,567.50');
    expect(total.closest('td')?.style.textAlign).toBe('right');
    expect(screen.getByText('0.00')).toBeTruthy();
    expect(screen.getByText('1.50')).toBeTruthy();
    // A malformed figure shows the placeholder, never NaN.
    expect(screen.getByText('--')).toBeTruthy();
  });

  it('keeps the typed amounts as exact strings for the API', () => {
    expect(parseAllocations('1001, 12.50\n1002 3')).toEqual([
      { user_id: '1001', amount: '12.50' },
      { user_id: '1002', amount: '3' },
    ]);
  });

  describe('Edit texts (ADR 243)', () => {
    const POOL = {
      id: '5',
      title: 'Quarterly dividend',
      title_i18n: { de: 'Quartalsdividende', es: 'Dividendo trimestral' },
      coin: 'USDC',
      total: '100.000000',
      claimed: '0.000000',
      users: 2,
      created_at: Date.UTC(2030, 0, 1),
    };
    const page = {
      mount: () => mountPage('/dividends', <Dividends />),
      row: POOL,
      url: '/api/admin/dividends/5',
    };

    it('opens prefilled and sends the title of record and exactly the edited map', () =>
      savesExactly(page, {
        prefill: {
          'Title (text of record)': 'Quarterly dividend',
          'Title (Deutsch)': 'Quartalsdividende',
          'Title (Español)': 'Dividendo trimestral',
        },
        typed: { 'Title (Español)': '', 'Title (English)': 'Platform quarterly dividend' },
        body: {
          title: 'Quarterly dividend',
          title_i18n: { de: 'Quartalsdividende', en: 'Platform quarterly dividend' },
        },
      }));

    it('sends {} when every language is emptied, and shows a 422 on its field', () =>
      showsInvalid(page, {
        typed: { 'Title (Deutsch)': '', 'Title (Español)': '' },
        body: { title: 'Quarterly dividend', title_i18n: {} },
        errors: { 'title_i18n.de': ['At most 80 characters'] },
        message: 'At most 80 characters',
        field: 'Title (Deutsch)',
      }));

    it('sends nothing when cancelled', () => cancelSendsNothing(page, { 'Title (Deutsch)': 'Anders' }));
  });
});
