import type { AdminDividendCreate, AdminDividendUpdate } from '@ex/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

const key = ['admin', 'dividends'] as const;

export function useDividendPools() {
  return useQuery({ queryKey: key, queryFn: ({ signal }) => api.dividend.adminPools({ signal }) });
}

export function useCreateDividend() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: AdminDividendCreate) => api.dividend.adminCreate(body),
    onSuccess: () => qc.invalidateQueries({ queryKey: key }),
  });
}

/** A plan's title and its map (ADR 243); the list is fetched again after. */
export function useUpdateDividend() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (p: { id: string; body: AdminDividendUpdate }) => api.dividend.adminUpdate(p.id, p.body),
    onSuccess: () => qc.invalidateQueries({ queryKey: key }),
  });
}
