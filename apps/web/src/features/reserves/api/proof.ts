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
    queryFn: ({ signal }) => api.reserves.myProof({ signal }),
    // A snapshot is daily: no need to refetch on every focus.
    staleTime: 5 * 60_000,
  });
}
