import { createBrowserRouter, Navigate } from 'react-router';
import { ConsoleLayout } from '../components/ConsoleLayout.tsx';
import { PageLoading } from '../components/PageLoading.tsx';
import { RequireAdmin } from '../components/RequireAdmin.tsx';
import { sections } from './sections.ts';

export const router = createBrowserRouter(
  [
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
        // The operator console's own pages (issue 10 item 4).
        ...(
          [
            [
              'dashboard',
              () => import('../features/dashboard/routes/Dashboard.tsx').then((m) => m.Dashboard),
            ],
            ['users', () => import('../features/users/routes/Users.tsx').then((m) => m.Users)],
            ['markets', () => import('../features/markets/routes/Markets.tsx').then((m) => m.Markets)],
            [
              'dividends',
              () => import('../features/dividends/routes/Dividends.tsx').then((m) => m.Dividends),
            ],
            ['votes', () => import('../features/votes/routes/Votes.tsx').then((m) => m.Votes)],
            ['audit', () => import('../features/audit/routes/Audit.tsx').then((m) => m.Audit)],
            ['support', () => import('../features/support/routes/Support.tsx').then((m) => m.Support)],
            [
              'operators',
              () => import('../features/operators/routes/Operators.tsx').then((m) => m.Operators),
            ],
          ] as const
        ).map(([path, load]) => ({ path, lazy: async () => ({ Component: await load() }) })),
        {
          path: 'outbox',
          lazy: async () => ({ Component: (await import('../features/outbox/routes/Outbox.tsx')).Outbox }),
        },
        {
          path: 'releases',
          lazy: async () => ({
            Component: (await import('../features/releases/routes/Releases.tsx')).Releases,
          }),
        },
        {
          path: 'kyc',
          lazy: async () => ({ Component: (await import('../features/kyc/routes/Kyc.tsx')).Kyc }),
        },
        {
          path: 'withdrawals',
          lazy: async () => ({
            Component: (await import('../features/withdrawals/routes/Withdrawals.tsx')).Withdrawals,
          }),
        },
        {
          path: 'chain',
          lazy: async () => ({ Component: (await import('../features/chain/routes/Chain.tsx')).Chain }),
        },
        {
          path: 'content',
          lazy: async () => ({ Component: (await import('../features/content/routes/Content.tsx')).Content }),
        },
        {
          path: 'otc',
          lazy: async () => ({ Component: (await import('../features/otc/routes/Otc.tsx')).Otc }),
        },
        {
          path: 'ieo',
          lazy: async () => ({ Component: (await import('../features/ieo/routes/Ieo.tsx')).Ieo }),
        },
        {
          path: 'earn',
          lazy: async () => ({ Component: (await import('../features/earn/routes/Earn.tsx')).Earn }),
        },
        {
          path: 'account',
          lazy: async () => ({
            Component: (await import('../features/account/routes/Account.tsx')).Account,
          }),
        },
        {
          path: 'reserves',
          lazy: async () => ({
            Component: (await import('../features/reserves/routes/Reserves.tsx')).Reserves,
          }),
        },
        ...sections
          .filter(
            (s) =>
              ![
                'outbox',
                'releases',
                'kyc',
                'withdrawals',
                'chain',
                'content',
                'otc',
                'ieo',
                'earn',
                'account',
                'reserves',
                'dashboard',
                'users',
                'markets',
                'dividends',
                'votes',
                'audit',
                'operators',
              ].includes(s.path),
          )
          .map((s) => ({
            path: s.path,
            lazy: async () => {
              const { ComingSoon } = await import('../features/placeholder/routes/ComingSoon.tsx');
              return { element: <ComingSoon title={s.label} purpose={s.purpose} /> };
            },
          })),
        { path: '*', element: <Navigate to="/outbox" replace /> },
      ],
    },
  ],
  // The server serves the console under /admin/; import.meta.env.BASE_URL is "/admin/".
  { basename: import.meta.env.BASE_URL.replace(/\/$/, '') || '/' },
);
