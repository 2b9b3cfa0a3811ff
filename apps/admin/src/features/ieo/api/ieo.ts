import type { IeoProjectCreate, IeoProjectTextsUpdate } from '@ex/contract';
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
    updateTexts: useMutation({
      mutationFn: (p: { id: string; body: IeoProjectTextsUpdate }) => api.ieo.adminUpdateTexts(p.id, p.body),
      onSuccess: settled,
    }),
    settle: useMutation({ mutationFn: (id: string) => api.ieo.adminSettle(id), onSettled: settled }),
  };
}
