import { describe, expect, it } from 'vitest';
import {
  actionLabel,
  codeLabel,
  dateTime,
  formatCoinOverview,
  formatDecimal,
  formatUsdcOverview,
  timeAgo,
} from './format.ts';

describe('timeAgo', () => {
  const now = Date.UTC(2026, 0, 1, 12, 0, 0);
  it.each([
    [now, 'now'],
    [now - 5_000, '5 seconds ago'],
    [now - 3 * 60_000, '3 minutes ago'],
    [now - 2 * 3_600_000, '2 hours ago'],
    [now - 86_400_000, 'yesterday'],
    [now - 3 * 86_400_000, '3 days ago'],
  ])('%i -> %s', (at, text) => {
    expect(timeAgo(at, now)).toBe(text);
  });
});

describe('formatDecimal and the overview formats', () => {
  it.each([
    ['1234567.891', {}, '1,234,567.891'],
    ['0.000000', { minFraction: 2, maxFraction: 2 }, '0.00'],
    ['-0.004', { minFraction: 2, maxFraction: 2 }, '0.00'],
    ['12345678901234567890.125', { minFraction: 2, maxFraction: 2 }, '12,345,678,901,234,567,890.13'],
    ['2463.519', { minFraction: 2, maxFraction: 2, rounding: 'down' }, '2,463.51'],
    ['0', { minFraction: 4, maxFraction: 4 }, '0.0000'],
    ['NaN', {}, '--'],
    ['1e21', {}, '--'],
    ['', {}, '--'],
  ] as const)('%s %o -> %s', (value, f, text) => {
    expect(formatDecimal(value, f)).toBe(text);
  });

  it('USDC in an overview: 2 decimals, half up for sums, cut for balances', () => {
    expect(formatUsdcOverview('1500.250000')).toBe('1,500.25');
    expect(formatUsdcOverview('99999.995000')).toBe('100,000.00');
    expect(formatUsdcOverview('99999.999999', 'down')).toBe('99,999.99');
  });

  it('what is owed rounds up: a liability of 4,001.000001 USDC shows 4,001.01, never 4,001.00', () => {
    expect(formatUsdcOverview('4001.000001', 'up')).toBe('4,001.01');
    expect(formatUsdcOverview('4001.004999', 'up')).toBe('4,001.01');
    expect(formatUsdcOverview('4001.000000', 'up')).toBe('4,001.00');
    expect(formatUsdcOverview('4001.000001')).toBe('4,001.00');
  });

  it('a coin balance: USDC with 2 decimals, other coins with 2 up to their own', () => {
    expect(formatCoinOverview('500000.000000', 'USDC')).toBe('500,000.00');
    expect(formatCoinOverview('10.00000000', 'BTC')).toBe('10.00');
    expect(formatCoinOverview('0.00012345', 'BTC')).toBe('0.00012345');
  });
});

describe('dateTime', () => {
  it('shows epoch milliseconds as a local date and time', () => {
    expect(dateTime(Date.UTC(2030, 0, 3, 9, 15, 30))).toMatch(/^\d{2}\/\d{2}\/2030, \d{2}:\d{2}:30$/);
  });
  it.each([[Number.NaN], [Number.POSITIVE_INFINITY], [8.64e15 + 1], ['1700000000000'], [null], [undefined]])(
    'a malformed time %o shows "--" instead of throwing',
    (v) => {
      expect(dateTime(v)).toBe('--');
    },
  );
});

describe('codeLabel', () => {
  it.each([
    ['partially_filled', 'Partially filled'],
    ['transferIn', 'Transfer in'],
    ['refundPostingOrder', 'Refund posting order'],
    ['open_long', 'Open long'],
    ['spot', 'Spot'],
    ['', '--'],
    [42, '--'],
  ])('%o -> %s', (code, text) => {
    expect(codeLabel(code)).toBe(text);
  });
});

describe('actionLabel', () => {
  it('reads dotted codes and route keys as words', () => {
    expect(actionLabel('user.ban')).toBe('User: ban');
    expect(actionLabel('user.revoke_sessions')).toBe('User: revoke sessions');
    expect(actionLabel('market.params')).toBe('Market: params');
    expect(actionLabel('POST /api/admin/withdrawals/:id/approve')).toBe('Withdrawals: approve');
    expect(actionLabel('POST /api/admin/users/:id/revoke-sessions')).toBe('Users: revoke sessions');
    expect(actionLabel('POST /api/admin/kyc/:id/reject')).toBe('KYC: reject');
    expect(actionLabel('POST /api/admin/support/faq')).toBe('Support FAQ: create');
    expect(actionLabel('POST /api/admin/support/faq/:id')).toBe('Support FAQ: update');
    expect(actionLabel('DELETE /api/admin/support/faq/:id')).toBe('Support FAQ: delete');
    expect(actionLabel('POST /api/admin/totp/enable')).toBe('2FA: enable');
  });
  it('shows anything else as sent', () => {
    expect(actionLabel('GET /api/admin/users')).toBe('GET /api/admin/users');
    expect(actionLabel('something odd')).toBe('something odd');
    expect(actionLabel('')).toBe('');
  });
});
