// The console's three operator roles (ADR 160) signed in on a test app, and the market-params calls
// (ADR 154, 183) the market-params suites share.
import { sql } from 'kysely';
import { expect } from 'vitest';
import type { TestApp } from './testApp.ts';

export const ADMIN = { email: 'root@example.com', password: 'root-password-1' };
export const REVIEWER = { email: 'reviewer@example.com', password: 'reviewer-pass-1' };
export const SUPPORT = { email: 'support@example.com', password: 'support-pass-1' };

export async function operatorLogin(t: TestApp, who: { email: string; password: string }): Promise<string> {
  const res = await t.call<{ token: string }>('POST', '/api/admin/login', { body: who });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data.token;
}

/** Creates the admin, then a reviewer and a support operator through the API; all three signed in. */
export async function signInOperators(
  t: TestApp,
): Promise<{ admin: string; reviewer: string; support: string }> {
  await t.services.admins.createAdmin(ADMIN.email, ADMIN.password);
  const admin = await operatorLogin(t, ADMIN);
  for (const [who, role] of [
    [REVIEWER, 'reviewer'],
    [SUPPORT, 'support'],
  ] as const) {
    const res = await t.call('POST', '/api/admin/operators', { token: admin, body: { ...who, role } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  }
  return { admin, reviewer: await operatorLogin(t, REVIEWER), support: await operatorLogin(t, SUPPORT) };
}

/** POST /api/admin/markets/:symbol/params as `token`, in `lang`. */
export const postMarketParams = (t: TestApp, symbol: string, body: unknown, token: string, lang = 'en') =>
  t.call<Record<string, unknown>>('POST', `/api/admin/markets/${symbol}/params`, { token, body, lang });

/** The audit entries of market-params changes, oldest first. */
export async function marketParamsAudit(t: TestApp) {
  return (
    await sql<{
      action: string;
      admin_email: string;
      before: Record<string, unknown>;
      after: Record<string, unknown>;
    }>`select action, admin_email, before, after from operator_audit where action = 'market.params' order by id`.execute(
      t.db,
    )
  ).rows;
}
