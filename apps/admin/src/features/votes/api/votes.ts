import type { AdminPollCreate, AdminPollUpdate } from '@ex/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

const key = ['admin', 'votes'] as const;

export function usePolls() {
  return useQuery({ queryKey: key, queryFn: ({ signal }) => api.vote.adminPolls({ signal }) });
}

export function useCreatePoll() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: AdminPollCreate) => api.vote.adminCreate(body),
    onSuccess: () => qc.invalidateQueries({ queryKey: key }),
  });
}

/** A poll's texts and their maps (ADR 243); the list is fetched again after. */
export function useUpdatePoll() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (p: { id: string; body: AdminPollUpdate }) => api.vote.adminUpdate(p.id, p.body),
    onSuccess: () => qc.invalidateQueries({ queryKey: key }),
  });
}
