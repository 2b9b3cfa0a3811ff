// The set-up the earn suites (ai, staking) share: a funded user, a second user, an operator.
import { adminToken } from '../kyc-support.ts';
import { deposit, registerUser, type TestApp } from './testApp.ts';

export interface EarnUsers {
  token: string;
  userId: string;
  otherToken: string;
  admin: string;
}

/** `<prefix>1@example.com` with 10,000 USDC on spot, `<prefix>2@example.com` with nothing. */
export async function earnUsers(t: TestApp, prefix: string): Promise<EarnUsers> {
  const u = await registerUser(t, `${prefix}1@example.com`);
  const otherToken = (await registerUser(t, `${prefix}2@example.com`)).token;
  const admin = await adminToken(t);
  await deposit(t, u.user.id, 'USDC', 10_000_000_000n);
  return { token: u.token, userId: u.user.id, otherToken, admin };
}

const HOUR = 3_600_000;

/**
 * A valid IEO project body (100 SOL, 1 to 80 per user): subscribing opens in an hour, closes an
 * hour later, listing an hour after that; `fields` changes any of it.
 */
export const ieoProjectBody = (now: number, fields: Record<string, unknown> = {}) => ({
  coin: 'SOL',
  name: 'Solana launch',
  issue_amount: '100',
  unit_price: '1',
  price_range: '1',
  min_quantity: '1',
  max_quantity: '80',
  start_at: now + HOUR,
  end_at: now + 2 * HOUR,
  listing_at: now + 3 * HOUR,
  announcement_at: now,
  white_paper: 'https://example.com/wp.pdf',
  expected_return: '10%',
  ...fields,
});
