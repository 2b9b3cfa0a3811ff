import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

/** The console's first screen; refreshed every 30 s while open. */
export function useDashboard() {
  return useQuery({
    queryKey: ['admin', 'dashboard'],
    queryFn: ({ signal }) => api.admin.dashboard({ signal }),
    refetchInterval: 30_000,
  });
}

/**
 * The queues the dashboard's own figures leave out: stakes and OTC orders waiting for review and
 * open support tickets (the server's pending_reviews counts withdrawals and KYC only). Each is its
 * list's total at one row a page, refreshed with the dashboard; quiet, as the card shows a failure.
 */
export function useOtherQueues() {
  const opts = (signal: AbortSignal) => ({ signal, quiet: true });
  const each = { refetchInterval: 30_000, retry: false } as const;
  const stakes = useQuery({
    queryKey: ['admin', 'dashboard', 'queue', 'stakes'],
    queryFn: ({ signal }) => api.staking.adminStakes({ status: 'review', page: 1, limit: 1 }, opts(signal)),
    ...each,
  });
  const otc = useQuery({
    queryKey: ['admin', 'dashboard', 'queue', 'otc'],
    queryFn: ({ signal }) => api.otc.adminOrders({ status: 'review', page: 1, limit: 1 }, opts(signal)),
    ...each,
  });
  const tickets = useQuery({
    queryKey: ['admin', 'dashboard', 'queue', 'tickets'],
    queryFn: ({ signal }) => api.support.admin.tickets({ status: 'open', page: 1, limit: 1 }, opts(signal)),
    ...each,
  });
  return { stakes, otc, tickets };
}
