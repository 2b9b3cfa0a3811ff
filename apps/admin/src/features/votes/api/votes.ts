import type { AdminPollCreate } from '@ex/contract';
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
