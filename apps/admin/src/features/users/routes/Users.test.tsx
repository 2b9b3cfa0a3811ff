import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { dateTime } from '../../../lib/format.ts';
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
  orders: [
    {
      id: 'o1',
      symbol: 'BTC_USDC',
      side: 'buy',
      type: 'limit',
      price: '64000.50',
      quantity: '0.0100',
      quote_amount: null,
      filled: '0.0000',
      filled_value: '0.000000',
      avg_price: null,
      status: 'partially_filled',
      client_order_id: null,
      created_at: PLACED,
      updated_at: PLACED + 1000,
    },
    {
      id: 'o1',
      symbol: 'ETH_USDC',
      action: 'open_long',
      type: 'market',
      side: 'buy',
      leverage: 10,
      price: null,
      quantity: '2',
      filled: '2',
      avg_price: '3000.25',
      status: 'filled',
      created_at: 'garbage',
      updated_at: null,
    },
  ],
  positions: [],
  ledger: [
    {
      id: 'l1',
      account: 'spot',
      coin: 'USDC',
      type: 'transferIn',
      amount: '2500.000000',
      balance_after: '2500.000000',
      ref_id: 'r1',
      created_at: LEDGER_AT,
      ref: { kind: 'transfer', transfer_id: 'r1' },
    },
    // ADR 245: a liquidation names the position and its order; a realised profit the close.
    {
      id: 'l2',
      account: 'contract',
      coin: 'USDC',
      type: 'positionClose',
      amount: '-878.000000',
      balance_after: '1122.000000',
      ref_id: 'liq:1001:BTC_USDC_PERP:isolated:long:#9',
      created_at: LEDGER_AT,
      ref: {
        kind: 'liquidation',
        market: 'BTC_USDC_PERP',
        position_id: 'BTC_USDC_PERP:isolated:long',
        side: 'long',
        margin_mode: 'isolated',
        order_id: 'liq:57:0',
      },
    },
    {
      id: 'l3',
      account: 'contract',
      coin: 'USDC',
      type: 'positionClose',
      amount: '1791.500000',
      balance_after: '2913.500000',
      ref_id: 'realise:1001:BTC_USDC_PERP:short:#12',
      created_at: LEDGER_AT,
      ref: {
        kind: 'realised',
        market: 'BTC_USDC_PERP',
        position_id: 'BTC_USDC_PERP:cross:short',
        side: 'short',
        margin_mode: 'cross',
        cause: 'order',
        order_id: '123',
        trade_id: '123:0',
      },
    },
    {
      id: 'l4',
      account: 'contract',
      coin: 'USDC',
      type: 'positionFee',
      amount: '-2.500000',
      balance_after: '2911.000000',
      ref_id: '123:0:t',
      created_at: LEDGER_AT,
      ref: { kind: 'order', order_id: '123', market: 'BTC_USDC_PERP', trade_id: '123:0' },
    },
    // An entry the server could not place: no "Belongs to", the raw reference still there.
    {
      id: 'l5',
      account: 'spot',
      coin: 'USDC',
      type: 'system',
      amount: '1.000000',
      balance_after: '2912.000000',
      ref_id: 'earn:redeem:7',
      created_at: LEDGER_AT,
    },
    // ADR 255: a product's money move names its step and the product's record.
    {
      id: 'l6',
      account: 'spot',
      coin: 'USDC',
      type: 'system',
      amount: '1.000000',
      balance_after: '2913.000000',
      ref_id: '1500',
      created_at: LEDGER_AT,
      ref: { kind: 'product', product: 'staking', step: 'interest', record_id: '4' },
    },
  ],
  kyc: [{ id: '5', status: 'passed', document_type: 'passport', submitted_at: KYC_AT, reviewed_at: null }],
  cards: [{ id: '9', bank_name: 'Bank', card_number: '**** 4242', created_at: CARD_AT }],
  sessions: [{ id: '77', created_at: Date.UTC(2030, 0, 1), expires_at: Date.UTC(2030, 1, 1) }],
});

/** Every epoch the drawer's tabs get: none of them may show as a raw number. */
const PLACED = Date.UTC(2030, 0, 3, 9, 15, 30);
const LEDGER_AT = Date.UTC(2030, 0, 4, 10, 0, 0);
const KYC_AT = Date.UTC(2030, 0, 5, 11, 0, 0);
const CARD_AT = Date.UTC(2030, 0, 6, 12, 0, 0);

/** The open dialog (the drawer is a dialog too: found by its class, not its role). */
async function modalBox(): Promise<HTMLElement> {
  await waitFor(() => expect(document.querySelector('.ant-modal')).toBeTruthy());
  return document.querySelector('.ant-modal') as HTMLElement;
}

/** Opens a tab of the drawer and answers its table's text. */
async function tabText(name: RegExp): Promise<string> {
  fireEvent.click(screen.getByRole('tab', { name }));
  const panel = await screen.findByRole('tabpanel', { name });
  await waitFor(() => expect(panel.querySelector('table')).toBeTruthy());
  return panel.textContent ?? '';
}

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

  it('opens the detail with balances, orders, KYC, cards, sessions; bans only with a reason', async () => {
    mountPage('/users', <Users />, '/users?user=1001');
    expect(await screen.findByText('ABC123')).toBeTruthy();
    // Amounts grouped with all their digits, trailing zeros down to 2 (a detail, DESIGN.md).
    expect(screen.getByText('1,234,567.50')).toBeTruthy();
    expect(screen.getByText('0.00')).toBeTruthy();
    expect(screen.queryByText('1234567.500000')).toBeNull();
    expect(screen.getByRole('tab', { name: 'Orders (2)' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Sessions (1)' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Ban' }));
    // The dialog names the account, not only its number, and its button says what it does.
    expect((await screen.findAllByText('Ban alice@example.com (user 1001)?')).length).toBeGreaterThan(0);
    const dialog = await modalBox();
    // No reason, or one too short: the dialog says so and nothing is sent.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Ban' }));
    expect(await within(dialog).findByText('Enter why this user is banned')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('Reason'), { target: { value: ' ab ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Ban' }));
    expect(await within(dialog).findByText('At least 3 characters')).toBeTruthy();
    expect(sent.some((s) => s.url.endsWith('/ban'))).toBe(false);
    fireEvent.change(within(dialog).getByLabelText('Reason'), {
      target: { value: '  Chargeback fraud, case 4711 ' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Ban' }));
    await waitFor(() =>
      expect(sent.find((s) => s.url === '/api/admin/users/1001/ban')).toMatchObject({
        method: 'POST',
        body: { reason: 'Chargeback fraud, case 4711' },
      }),
    );
    expect(await screen.findByText('alice@example.com (user 1001) banned')).toBeTruthy();
  });

  it('lifts a ban with an optional note, sent only when written', async () => {
    ALICE.banned_at = Date.UTC(2030, 0, 2);
    mountPage('/users', <Users />, '/users?user=1001');
    expect(await screen.findByText('ABC123')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Unban' }));
    const dialog = await modalBox();
    expect(within(dialog).getByText('Lift the ban on alice@example.com (user 1001)?')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('Note (optional)'), {
      target: { value: 'Identity confirmed by phone' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Unban' }));
    await waitFor(() =>
      expect(sent.find((s) => s.url === '/api/admin/users/1001/unban')?.body).toEqual({
        note: 'Identity confirmed by phone',
      }),
    );
  });

  it("shows a banned user's reason and who banned, from the user's own audit entries (ADR 268)", async () => {
    ALICE.banned_at = Date.UTC(2030, 0, 3);
    const entry = (id: string, action: string, email: string, at: number, after: object) => ({
      id,
      admin_id: '2',
      admin_email: email,
      action,
      target_type: 'user',
      target_id: '1001',
      before: null,
      after,
      ip: null,
      created_at: at,
    });
    sent = fakeServer((s) => {
      if (s.url === '/api/admin/users/1001') return ok(detail());
      if (s.url.startsWith('/api/admin/users/1001/audit'))
        return ok({
          list: [
            entry('3', 'user.ban', 'support@example.com', Date.UTC(2030, 0, 3), {
              reason: 'Second chargeback, case 4712',
            }),
            entry('2', 'user.unban', 'root@example.com', Date.UTC(2030, 0, 2), { note: 'Bank error' }),
            entry('1', 'user.ban', 'root@example.com', Date.UTC(2030, 0, 1), {
              reason: 'Chargeback, case 4711',
            }),
          ],
          total: 3,
          page: 1,
          limit: 20,
        });
      return ok({ list: [ALICE], total: 1, page: 1, limit: 20 });
    });
    mountPage('/users', <Users />, '/users?user=1001');
    const notice = await screen.findByRole('alert');
    // The latest ban, not the first one.
    expect(notice.textContent).toContain(`Banned ${dateTime(Date.UTC(2030, 0, 3))} by support@example.com`);
    expect(notice.textContent).toContain('Reason: Second chargeback, case 4712');
    // The whole history beneath, with what was said each time.
    expect(screen.getByText('Bank error')).toBeTruthy();
    expect(screen.getByText('Chargeback, case 4711')).toBeTruthy();
    expect(screen.getAllByText('User: ban')).toHaveLength(2);
    expect(screen.getByText('User: unban')).toBeTruthy();
    expect(sent.some((s) => s.url === '/api/admin/users/1001/audit?limit=20')).toBe(true);
    // Never the log itself: support may not read it.
    expect(sent.some((s) => s.url.startsWith('/api/admin/audit'))).toBe(false);
  });

  it('says when a ban has no reason in the log (banned before reasons were asked)', async () => {
    ALICE.banned_at = Date.UTC(2030, 0, 3);
    sent = fakeServer((s) => {
      if (s.url === '/api/admin/users/1001') return ok(detail());
      if (s.url.startsWith('/api/admin/users/1001/audit'))
        return ok({ list: [], total: 0, page: 1, limit: 20 });
      return ok({ list: [ALICE], total: 1, page: 1, limit: 20 });
    });
    mountPage('/users', <Users />, '/users?user=1001');
    const notice = await screen.findByRole('alert');
    expect(notice.textContent).toContain(`Banned ${dateTime(Date.UTC(2030, 0, 3))}`);
    expect(notice.textContent).toContain('No reason in the audit log');
  });

  it('shows every time in the tabs as a local date, codes as words, amounts grouped; never a raw epoch', async () => {
    mountPage('/users', <Users />, '/users?user=1001');
    expect(await screen.findByText('ABC123')).toBeTruthy();
    const orders = await tabText(/^Orders/);
    expect(orders).toContain(dateTime(PLACED));
    expect(orders).toContain(dateTime(PLACED + 1000));
    expect(orders).toContain('Partially filled');
    expect(orders).toContain('64,000.50');
    // A futures order: its action and leverage; a malformed time is "--".
    expect(orders).toContain('Open long');
    expect(orders).toContain('Futures 10x');
    expect(orders).toContain('--');
    expect(orders).not.toContain('garbage');
    const ledger = await tabText(/^Ledger/);
    expect(ledger).toContain(dateTime(LEDGER_AT));
    expect(ledger).toContain('Transfer in');
    expect(ledger).toContain('2,500.00');
    const kyc = await tabText(/^KYC/);
    expect(kyc).toContain(dateTime(KYC_AT));
    expect(kyc).toContain('Passport');
    expect(kyc).toContain('Passed');
    expect(await tabText(/^Cards/)).toContain(dateTime(CARD_AT));
    const sessions = await tabText(/^Sessions/);
    expect(sessions).toContain(dateTime(Date.UTC(2030, 1, 1)));
    const all = orders + ledger + kyc + sessions;
    for (const at of [PLACED, LEDGER_AT, KYC_AT, CARD_AT, Date.UTC(2030, 0, 1)]) {
      expect(all).not.toContain(String(at));
    }
    expect(all).not.toMatch(/created_at|partially_filled|transferIn/);
  });

  it('says in words what each ledger entry belongs to, beside the raw reference', async () => {
    mountPage('/users', <Users />, '/users?user=1001');
    expect(await screen.findByText('ABC123')).toBeTruthy();
    await tabText(/^Ledger/);
    const panel = await screen.findByRole('tabpanel', { name: /^Ledger/ });
    // The sticky header is a table of its own: the first head is the columns once.
    const headers = [...panel.querySelector('thead')!.querySelectorAll('th')].map((th) => th.textContent);
    expect(headers).toContain('Belongs to');
    expect(headers.indexOf('Belongs to')).toBe(headers.indexOf('Reference') - 1);
    // Each row's "Belongs to" cell, in the order of the entries.
    const col = headers.indexOf('Belongs to');
    console.log(
      JSON.stringify(headers),
      [...panel.querySelectorAll('tbody tr')].map((tr) => tr.querySelectorAll('td').length),
    );
    const cells = [...panel.querySelectorAll('tbody tr')]
      .filter((tr) => tr.querySelectorAll('td').length === headers.length)
      .map((tr) => tr.querySelectorAll('td')[col]!.textContent);
    expect(cells).toEqual([
      'Transfer',
      'Liquidation of BTC/USDC long (isolated) · Order liq:57:0',
      'Profit realised on BTC/USDC short (cross) · for Order #123',
      'Order #123 · BTC/USDC perpetual',
      '—',
      'Staking interest · stake #4',
    ]);
    expect(panel.textContent).toContain('realise:1001:BTC_USDC_PERP:short:#12');
  });

  it('ends every session of the user', async () => {
    mountPage('/users', <Users />, '/users?user=1001');
    fireEvent.click(await screen.findByRole('button', { name: 'Revoke sessions' }));
    expect(
      (await screen.findAllByText('End every session of alice@example.com (user 1001)?')).length,
    ).toBeGreaterThan(0);
    fireEvent.click(await screen.findByRole('button', { name: 'End sessions' }));
    await waitFor(() =>
      expect(sent.find((s) => s.url === '/api/admin/users/1001/revoke-sessions')?.method).toBe('POST'),
    );
  });
});
