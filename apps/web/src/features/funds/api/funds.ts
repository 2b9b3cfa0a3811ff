import type { Deposit, Page, Withdrawal, WithdrawRequest } from '@ex/contract';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

/** Deposit and withdrawal queries; a withdrawal also refreshes `['wallet']` (balances, ledgers). */
export const fundsKeys = {
  all: ['funds'] as const,
  address: ['funds', 'address'] as const,
  deposits: ['funds', 'deposits'] as const,
  withdrawals: ['funds', 'withdrawals'] as const,
  coins: ['funds', 'coins'] as const,
};

export const PAGE_SIZE = 20;

function nextPage<T>(last: Page<T>): number | undefined {
  return last.page * last.limit < last.total && last.list.length > 0 ? last.page + 1 : undefined;
}

export function useDepositAddress() {
  return useQuery({
    queryKey: fundsKeys.address,
    queryFn: ({ signal }) => api.chain.depositAddress({ signal }),
    // The address never changes for a user.
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useDeposits() {
  return useInfiniteQuery({
    queryKey: fundsKeys.deposits,
    queryFn: ({ pageParam, signal }) => api.chain.deposits({ page: pageParam, limit: PAGE_SIZE }, { signal }),
    initialPageParam: 1,
    getNextPageParam: nextPage<Deposit>,
  });
}

export function useWithdrawals() {
  return useInfiniteQuery({
    queryKey: fundsKeys.withdrawals,
    queryFn: ({ pageParam, signal }) =>
      api.chain.withdrawals({ page: pageParam, limit: PAGE_SIZE }, { signal }),
    initialPageParam: 1,
    getNextPageParam: nextPage<Withdrawal>,
  });
}

/** USDC on TRC20: fee, min and max as the server configures them. */
export function useWithdrawLimits() {
  return useQuery({
    queryKey: fundsKeys.coins,
    queryFn: ({ signal }) => api.wallet.withdrawCoins({ signal }),
    select: (coins) => coins.find((c) => c.coin === 'USDC')?.networks.find((n) => n.network === 'TRC20'),
    staleTime: 60_000,
  });
}

/** One idempotency key per confirmed withdrawal: a retried request freezes the money once. */
export function useWithdraw() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ body, key }: { body: WithdrawRequest; key: string }) =>
      // Quiet: the form shows every refusal at its field (a wrong trade password under the
      // password), so the SDK's toast would only say it twice.
      api.chain.withdraw(body, { idempotencyKey: key, quiet: true }),
    onSettled: async () => {
      await Promise.all([
        qc.invalidateQueries({ queryKey: ['wallet'] }),
        qc.invalidateQueries({ queryKey: fundsKeys.withdrawals }),
      ]);
    },
  });
}
