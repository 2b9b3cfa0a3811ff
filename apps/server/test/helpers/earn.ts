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
