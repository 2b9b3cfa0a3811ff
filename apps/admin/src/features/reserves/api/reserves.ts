import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

export const snapshotsKey = ['admin', 'reserves', 'snapshots'] as const;

/** Liability snapshots with their reserve ratios, newest first. */
export function useSnapshots(limit = 90) {
  return useQuery({
    queryKey: [...snapshotsKey, limit],
    queryFn: ({ signal }) => api.reserves.adminSnapshots({ signal }),
  });
}

export function useSnapshotNow() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => api.reserves.adminSnapshotNow(),
    onSettled: () => qc.invalidateQueries({ queryKey: snapshotsKey }),
  });
}
