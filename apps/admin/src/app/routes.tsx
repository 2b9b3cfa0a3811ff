import type { ComponentType } from 'react';
import { Navigate, type RouteObject } from 'react-router';
import { ConsoleLayout } from '../components/ConsoleLayout.tsx';
import { PageLoading } from '../components/PageLoading.tsx';
import { RequireAdmin } from '../components/RequireAdmin.tsx';
import { type SectionPath, sections } from './sections.ts';

/**
 * The page of every section, each its own chunk. Keyed by the sections' paths: a section without
 * a page, or a page for a section the menu does not list, fails the typecheck.
 */
export const pages = {
  dashboard: () => import('../features/dashboard/routes/Dashboard.tsx').then((m) => m.Dashboard),
  outbox: () => import('../features/outbox/routes/Outbox.tsx').then((m) => m.Outbox),
  withdrawals: () => import('../features/withdrawals/routes/Withdrawals.tsx').then((m) => m.Withdrawals),
  kyc: () => import('../features/kyc/routes/Kyc.tsx').then((m) => m.Kyc),
  chain: () => import('../features/chain/routes/Chain.tsx').then((m) => m.Chain),
  otc: () => import('../features/otc/routes/Otc.tsx').then((m) => m.Otc),
  ieo: () => import('../features/ieo/routes/Ieo.tsx').then((m) => m.Ieo),
  earn: () => import('../features/earn/routes/Earn.tsx').then((m) => m.Earn),
  releases: () => import('../features/releases/routes/Releases.tsx').then((m) => m.Releases),
  reserves: () => import('../features/reserves/routes/Reserves.tsx').then((m) => m.Reserves),
  users: () => import('../features/users/routes/Users.tsx').then((m) => m.Users),
  markets: () => import('../features/markets/routes/Markets.tsx').then((m) => m.Markets),
  dividends: () => import('../features/dividends/routes/Dividends.tsx').then((m) => m.Dividends),
  votes: () => import('../features/votes/routes/Votes.tsx').then((m) => m.Votes),
  audit: () => import('../features/audit/routes/Audit.tsx').then((m) => m.Audit),
  operators: () => import('../features/operators/routes/Operators.tsx').then((m) => m.Operators),
  content: () => import('../features/content/routes/Content.tsx').then((m) => m.Content),
  support: () => import('../features/support/routes/Support.tsx').then((m) => m.Support),
  account: () => import('../features/account/routes/Account.tsx').then((m) => m.Account),
} satisfies Record<SectionPath, () => Promise<ComponentType>>;

/** The console's routes: sign-in, then every section below the layout, each once. */
export const routes: RouteObject[] = [
  {
    path: '/login',
    lazy: async () => ({ Component: (await import('../features/auth/routes/Login.tsx')).Login }),
  },
  {
    path: '/',
    HydrateFallback: PageLoading,
    element: (
      <RequireAdmin>
        <ConsoleLayout />
      </RequireAdmin>
    ),
    children: [
      // Stays /outbox: e2e/admin-release.e2e.ts and testers land there after sign-in; the
      // dashboard is the first menu entry.
      { index: true, element: <Navigate to="/outbox" replace /> },
      ...sections.map(({ path }) => ({ path, lazy: async () => ({ Component: await pages[path]() }) })),
      { path: '*', element: <Navigate to="/outbox" replace /> },
    ],
  },
];
