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
