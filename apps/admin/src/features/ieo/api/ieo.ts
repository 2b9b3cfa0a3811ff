import type { IeoProjectCreate } from '@ex/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

export const ieoKey = ['admin', 'ieo'] as const;

export function useIeoProjects() {
  return useQuery({ queryKey: ieoKey, queryFn: ({ signal }) => api.ieo.adminProjects({ signal }) });
}

export function useIeoMutations() {
  const qc = useQueryClient();
  const settled = () => qc.invalidateQueries({ queryKey: ieoKey });
  return {
    create: useMutation({
      mutationFn: (body: IeoProjectCreate) => api.ieo.adminCreate(body),
      onSettled: settled,
    }),
    settle: useMutation({ mutationFn: (id: string) => api.ieo.adminSettle(id), onSettled: settled }),
  };
}
