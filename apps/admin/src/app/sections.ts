import type { OperatorRole } from '@ex/contract';

const REVIEW: readonly OperatorRole[] = ['admin', 'reviewer'];
const ADMIN: readonly OperatorRole[] = ['admin'];

/**
 * Every page below the layout; the router and the side menu are built from the same list. `roles`:
 * who can open the page (the server's role table, apps/server/src/ops/roles.ts, decides what each
 * call allows; this only keeps the menu from offering a page whose first read would be refused).
 * Without `roles`, every operator.
 */
export const sections = [
  {
    path: 'dashboard',
    label: 'Dashboard',
    purpose: 'Users, money in and out today, volume, open interest, funds, pending reviews, engine.',
  },
  { path: 'outbox', label: 'Outbox', purpose: 'Verification codes and mails the embedded sender wrote.' },
  {
    path: 'withdrawals',
    label: 'Withdrawals',
    purpose: 'Review withdrawals: approve to pay out, or reject with a reason.',
  },
  { path: 'kyc', label: 'KYC', purpose: 'Review identity verifications with their document images.' },
  {
    path: 'chain',
    label: 'Chain',
    purpose: 'USDC TRC20 deposits seen on chain; simulate one on the embedded default.',
  },
  { path: 'otc', label: 'OTC', purpose: 'OTC ads, order review and the treasury that pays them.' },
  {
    path: 'ieo',
    label: 'IEO',
    purpose: 'Token offerings: create projects, watch subscriptions, settle.',
    roles: ADMIN,
  },
  {
    path: 'earn',
    label: 'Earn',
    purpose: 'AI savings products, accrual, and the DeFi staking review queue.',
  },
  {
    path: 'releases',
    label: 'Releases',
    purpose: 'Upload signed app bundles and control their rollout.',
    roles: ADMIN,
  },
  {
    path: 'reserves',
    label: 'Reserves',
    purpose: 'Proof of liabilities snapshots, the USDC reserve ratio history, and snapshot now.',
    roles: REVIEW,
  },
  { path: 'users', label: 'Users', purpose: 'Find accounts, see their state and ban them.' },
  {
    path: 'markets',
    label: 'Markets',
    purpose: 'Pause and resume trading per market; fees and leverage.',
    roles: REVIEW,
  },
  {
    path: 'dividends',
    label: 'Dividends',
    purpose: 'Dividend pools funded from the treasury.',
    roles: REVIEW,
  },
  { path: 'votes', label: 'Votes', purpose: 'Community polls with their counts.', roles: REVIEW },
  {
    path: 'audit',
    label: 'Audit log',
    purpose: 'Every operator action: who, what, when, before and after.',
    roles: REVIEW,
  },
  {
    path: 'operators',
    label: 'Operators',
    purpose: 'Operator accounts and their roles (admin only).',
    roles: ADMIN,
  },
  {
    path: 'content',
    label: 'Content',
    purpose: 'Notices, news and in-app messages in every language.',
    roles: ADMIN,
  },
  { path: 'support', label: 'Support', purpose: 'Answer user tickets; the FAQ articles in every language.' },
  {
    path: 'account',
    label: 'Account',
    purpose: 'Your operator password, two-step sign-in and session.',
  },
] as const satisfies readonly {
  path: string;
  label: string;
  purpose: string;
  roles?: readonly OperatorRole[];
}[];

export type SectionPath = (typeof sections)[number]['path'];

/** Whether an operator of `role` can open `path` (a role not known yet: every page, as before). */
export function sectionOpenTo(path: SectionPath, role: OperatorRole | undefined): boolean {
  const section = sections.find((s) => s.path === path);
  const roles = section && 'roles' in section ? section.roles : undefined;
  return role === undefined || roles === undefined || roles.includes(role);
}
