import type { Page } from '@ex/sdk';
import {
  keepPreviousData,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { hasToken } from '../../../lib/storage.ts';
import { POLL_MS, useStreamStatus } from '../../stream/hooks.ts';

// What the spot and contract order queries share (ADR 094): open orders, history pages, placing
// with an idempotency key, and the caches a trading action makes stale.

const PAGE_SIZE = 20;

type Opts = { signal?: AbortSignal };
type ListQuery = { status?: 'open' | 'history'; symbol?: string; page?: number; limit?: number };

/** Open orders (one page of up to 100), optionally of one pair. */
export function useOpenOrders<Q extends ListQuery, R>(
  key: readonly unknown[],
  symbol: string | undefined,
  list: (query: Q, opts: Opts) => Promise<R>,
) {
  const status = useStreamStatus();
  return useQuery({
    queryKey: [...key, 'open', symbol ?? 'all'],
    queryFn: ({ signal }) => list({ status: 'open', symbol, limit: 100 } as Q, { signal }),
    enabled: hasToken(window.localStorage),
    placeholderData: keepPreviousData,
    refetchInterval: status === 'open' ? 30_000 : POLL_MS * 2,
  });
}

/** Order history pages for infinite scroll. */
export function useOrderHistory<Q extends ListQuery, T>(
  key: readonly unknown[],
  query: Omit<Q, 'page' | 'limit'>,
  list: (query: Q, opts: Opts) => Promise<Page<T>>,
) {
  return useInfiniteQuery({
    queryKey: [...key, 'history', query],
    queryFn: ({ pageParam, signal }) =>
      list({ ...query, page: pageParam, limit: PAGE_SIZE } as Q, { signal }),
    initialPageParam: 1,
    getNextPageParam: (last: Page<T>) => (last.page * last.limit < last.total ? last.page + 1 : undefined),
    enabled: hasToken(window.localStorage),
  });
}

/** A callback that marks these caches stale (orders, positions, balances after a trade). */
export function useInvalidate(...keys: (readonly unknown[])[]) {
  const qc = useQueryClient();
  return () => {
    for (const queryKey of keys) void qc.invalidateQueries({ queryKey });
  };
}

/** Placing an order: one idempotency key per confirmed ticket, never deduplicated by the client. */
export function usePlaceOrder<B, R>(
  place: (body: B, opts: { idempotencyKey: string; dedupe: false }) => Promise<R>,
  done: () => void,
) {
  return useMutation({
    mutationFn: ({ body, key }: { body: B; key: string }) =>
      place(body, { idempotencyKey: key, dedupe: false }),
    onSuccess: done,
  });
}
