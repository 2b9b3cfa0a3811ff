import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeServer, mountPage, ok, type Sent } from '../../../test/console.tsx';
import { Users } from './Users.tsx';

const ALICE = {
  id: '1001',
  email: 'alice@example.com',
  phone: null,
  area_code: null,
  nickname: 'alice',
  verified: true,
  member_level: 1,
  banned_at: null as number | null,
  created_at: Date.UTC(2030, 0, 1),
};

const detail = () => ({
  user: { ...ALICE, invite_code: 'ABC123', inviter_id: null, points: 7 },
  balances: [{ account: 'spot', coin: 'USDC', available: '1234567.500000', frozen: '0.000000' }],
  orders: [{ id: 'o1', symbol: 'BTC_USDC', side: 'buy', status: 'open' }],
  positions: [],
  ledger: [],
  kyc: [{ id: '5', status: 'passed' }],
  cards: [{ id: '9', bank_name: 'Bank', card_number: '**** 4242' }],
  sessions: [{ id: '77', created_at: Date.UTC(2030, 0, 1), expires_at: Date.UTC(2030, 1, 1) }],
});

describe('<Users/>', () => {
  let sent: Sent[];
  beforeEach(() => {
    ALICE.banned_at = null;
    sent = fakeServer((s) => {
      if (s.url.startsWith('/api/admin/users?') || s.url === '/api/admin/users')
        return ok({ list: [ALICE], total: 1, page: 1, limit: 20 });
      if (s.url === '/api/admin/users/1001') return ok(detail());
      if (s.url === '/api/admin/users/1001/ban') {
        ALICE.banned_at = Date.UTC(2030, 0, 2);
        return ok(ALICE);
      }
      return ok({ ...ALICE });
    });
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    sessionStorage.clear();
  });

  it('searches by what the operator typed and lists the users', async () => {
    mountPage('/users', <Users />);
    expect(await screen.findByText('alice@example.com')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Search users'), { target: { value: ' 1001 ' } });
    fireEvent.keyDown(screen.getByLabelText('Search users'), { key: 'Enter', code: 'Enter', keyCode: 13 });
    await waitFor(() => expect(sent.some((s) => s.url.includes('q=1001'))).toBe(true));
    expect(sent.every((s) => s.auth === 'Bearer op-token')).toBe(true);
  });

  it('opens the detail with balances, orders, KYC, cards, sessions; bans after confirming', async () => {
    mountPage('/users', <Users />, '/users?user=1001');
    expect(await screen.findByText('ABC123')).toBeTruthy();
    // Amounts grouped with all their digits, trailing zeros down to 2 (a detail, DESIGN.md).
    expect(screen.getByText('1,234,567.50')).toBeTruthy();
    expect(screen.getByText('0.00')).toBeTruthy();
    expect(screen.queryByText('1234567.500000')).toBeNull();
    expect(screen.getByRole('tab', { name: 'Orders (1)' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Sessions (1)' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Ban' }));
    expect((await screen.findAllByText(/Ban user 1001\?/)).length).toBeGreaterThan(0);
    expect(sent.some((s) => s.url.endsWith('/ban'))).toBe(false);
    fireEvent.click(await screen.findByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(sent.find((s) => s.url === '/api/admin/users/1001/ban')?.method).toBe('POST'));
    expect(await screen.findByText('Banned')).toBeTruthy();
  });

  it('ends every session of the user', async () => {
    mountPage('/users', <Users />, '/users?user=1001');
    fireEvent.click(await screen.findByRole('button', { name: 'Revoke sessions' }));
    expect((await screen.findAllByText(/End every session of user 1001/)).length).toBeGreaterThan(0);
    fireEvent.click(await screen.findByRole('button', { name: 'Confirm' }));
    await waitFor(() =>
      expect(sent.find((s) => s.url === '/api/admin/users/1001/revoke-sessions')?.method).toBe('POST'),
    );
  });
});
