import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

export const reservesKeys = {
  all: ['reserves'] as const,
  mine: ['reserves', 'mine'] as const,
};

/** The latest signed snapshot with the caller's leaf and path (GET /api/app/reserves/proof). */
export function useMyProof() {
  return useQuery({
    queryKey: reservesKeys.mine,
    // The screen says "not published yet" or offers a retry itself: no toast on top of it.
    queryFn: ({ signal }) => api.reserves.myProof({ signal, quiet: true }),
    // A snapshot is daily: no need to refetch on every focus.
    staleTime: 5 * 60_000,
  });
}
