import type { ChainDepositRequest, DepositStatus } from '@ex/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

export const depositsKey = ['admin', 'chain', 'deposits'] as const;

export function useDeposits(page: number, limit: number, status: DepositStatus | undefined) {
  return useQuery({
    queryKey: [...depositsKey, page, limit, status ?? 'all'],
    queryFn: ({ signal }) =>
      api.chain.admin.deposits({ page, limit, ...(status ? { status } : {}) }, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useSimulateDeposit() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: ChainDepositRequest) => api.chain.admin.simulateDeposit(body),
    onSettled: () => qc.invalidateQueries({ queryKey: depositsKey }),
  });
}

/** A fresh 64-hex transaction id for the simulated chain. */
export function randomTxid(): string {
  const bytes = new Uint8Array(32);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
