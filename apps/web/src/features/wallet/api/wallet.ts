import type {
  Balances,
  LedgerEntry,
  LedgerQuery,
  LedgerType,
  Page,
  Transfer,
  TransferRequest,
  WalletAccount,
} from '@ex/sdk';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { useChannel, useStreamStatus } from '../../stream/hooks.ts';
import { signOf } from '../lib/decimal.ts';

/**
 * Every wallet query lives under `['wallet', ...]`: a transfer, or a `balances` push from the
 * stream (features/stream invalidates `['wallet']`), refreshes balances and ledgers in one go.
 */
export const walletKeys = {
  all: ['wallet'] as const,
  balances: ['wallet', 'balances'] as const,
  ledger: (account: WalletAccount | 'all', types: readonly LedgerType[], coin: string) =>
    ['wallet', 'ledger', account, [...types].sort().join(','), coin] as const,
  transfers: ['wallet', 'transfers'] as const,
};

export const PAGE_SIZE = 20;

/** Balances; `pollMs` keeps the assets page fresh where no stream push arrives. */
export function useBalances(pollMs?: number | ((data: Balances | undefined) => number | false)) {
  return useQuery({
    queryKey: walletKeys.balances,
    queryFn: ({ signal }) => api.wallet.balances({ signal }),
    refetchInterval: typeof pollMs === 'function' ? (q) => pollMs(q.state.data) : pollMs,
    staleTime: 2_000,
  });
}

function nextPage<T>(last: Page<T>): number | undefined {
  return last.page * last.limit < last.total && last.list.length > 0 ? last.page + 1 : undefined;
}

/** A wallet coin the ledger can be filtered by. */
export type LedgerCoin = NonNullable<LedgerQuery['coin']>;

/**
 * One account's ledger (or all accounts), newest first, page by page for infinite scroll; `coin`
 * '' for every coin. The server filters by type and coin.
 */
export function useLedger(
  account: WalletAccount | undefined,
  types: readonly LedgerType[],
  coin: LedgerCoin | '' = '',
) {
  return useInfiniteQuery({
    queryKey: walletKeys.ledger(account ?? 'all', types, coin),
    queryFn: ({ pageParam, signal }) => {
      const query: LedgerQuery = { page: pageParam, limit: PAGE_SIZE };
      if (account) query.account = account;
      if (types.length > 0) query.type = [...types];
      if (coin) query.coin = coin;
      return api.wallet.ledger(query, { signal });
    },
    initialPageParam: 1,
    getNextPageParam: nextPage<LedgerEntry>,
  });
}

export function useTransfers() {
  return useInfiniteQuery({
    queryKey: walletKeys.transfers,
    queryFn: ({ pageParam, signal }) =>
      api.wallet.transfers({ page: pageParam, limit: PAGE_SIZE }, { signal }),
    initialPageParam: 1,
    getNextPageParam: nextPage<Transfer>,
  });
}

/**
 * One idempotency key per confirmed transfer: a retried request (flaky network) moves the money
 * once. Balances and ledgers refetch afterwards whatever the outcome.
 */
export function useTransfer() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ body, key }: { body: TransferRequest; key: string }) =>
      api.wallet.transfer(body, { idempotencyKey: key }),
    onSettled: () => qc.invalidateQueries({ queryKey: walletKeys.all }),
  });
}

/** Finds an entry already loaded by a ledger list (the detail screen opened from that list). */
export function findCachedEntry(qc: ReturnType<typeof useQueryClient>, id: string): LedgerEntry | undefined {
  for (const [, data] of qc.getQueriesData<{ pages: Page<LedgerEntry>[] }>({
    queryKey: ['wallet', 'ledger'],
  })) {
    for (const page of data?.pages ?? []) {
      const hit = page.list.find((e) => e.id === id);
      if (hit) return hit;
    }
  }
  return undefined;
}

/** Without a live socket the assets page polls at this pace (DESIGN.md: it never looks frozen). */
export const BALANCES_POLL_MS = 10_000;

/**
 * With open positions the futures equity, uPnL, position margin and free collateral move with the
 * mark, which no `balances` push announces (only ledger changes do): the assets page then refetches
 * at the pace /ContractOpe refetches its positions, so both show the same numbers (ADR 221).
 */
export const MARK_POLL_MS = 5_000;

/**
 * Balances that follow the `balances` push of the private stream (each push refetches every
 * wallet query); while the socket is not open, a poll stands in.
 */
export function useLiveBalances() {
  const qc = useQueryClient();
  const status = useStreamStatus();
  useChannel('balances', () => {
    void qc.invalidateQueries({ queryKey: walletKeys.all });
  });
  return useBalances((data) => {
    const marked = data !== undefined && signOf(data.contract.position_margin) > 0;
    if (marked) return MARK_POLL_MS;
    return status === 'open' ? false : BALANCES_POLL_MS;
  });
}
