import type { BankCardRequest } from '@ex/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

export const bankKeys = { list: ['bank', 'cards'] as const };

export function useBankCards(enabled = true) {
  return useQuery({ queryKey: bankKeys.list, queryFn: ({ signal }) => api.bank.list({ signal }), enabled });
}

export function useAddBankCard() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: BankCardRequest) => api.bank.add(body),
    onSuccess: () => qc.invalidateQueries({ queryKey: bankKeys.list }),
  });
}

export function useRemoveBankCard() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.bank.remove(id),
    onSuccess: () => qc.invalidateQueries({ queryKey: bankKeys.list }),
  });
}

/** `4111 1111 1111 1111` as typed: groups of four for reading, digits only for the server. */
export function groupCardNumber(value: string): string {
  return value
    .replace(/\D/g, '')
    .slice(0, 19)
    .replace(/(\d{4})(?=\d)/g, '$1 ');
}
