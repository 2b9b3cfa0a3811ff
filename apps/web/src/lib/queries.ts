import type { Coin } from '@ex/sdk';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useLang } from '../app/lang-context.tsx';
import { api } from './api.ts';
import { hasToken, type KeyValueStorage, STORAGE_KEYS } from './storage.ts';

/**
 * Server state shared by several features (TanStack Query only; nothing is copied into React
 * state). Feature-specific calls live in `features/<domain>/api`.
 */
export const queryKeys = {
  config: ['config'] as const,
  userInfo: ['user', 'info'] as const,
  coins: ['market', 'coins'] as const,
  areaCodes: (lang: string) => ['account', 'area-codes', lang] as const,
};

export function useAppConfig() {
  return useQuery({
    queryKey: queryKeys.config,
    queryFn: ({ signal }) => api.system.config({ signal }),
    staleTime: 5 * 60_000,
  });
}

export function useUserInfo() {
  return useQuery({
    queryKey: queryKeys.userInfo,
    queryFn: ({ signal }) => api.user.info({ signal }),
    enabled: hasToken(window.localStorage),
  });
}

/** The market list as last seen on this device, with when; undefined when none or unreadable. */
export function readLastMarkets(storage: KeyValueStorage): { coins: Coin[]; at: number } | undefined {
  try {
    const saved = JSON.parse(storage.getItem(STORAGE_KEYS.lastMarkets) ?? 'null') as {
      coins?: unknown;
      at?: unknown;
    } | null;
    if (!saved || !Array.isArray(saved.coins) || typeof saved.at !== 'number') return undefined;
    return { coins: saved.coins as Coin[], at: saved.at };
  } catch {
    return undefined;
  }
}

/** At most every 30 s: the list is a few KB and tickers change every second. */
const SAVE_EVERY_MS = 30_000;
let lastSaveMs = 0;
export function saveLastMarkets(storage: KeyValueStorage, coins: Coin[], nowMs: number): void {
  if (nowMs - lastSaveMs < SAVE_EVERY_MS) return;
  lastSaveMs = nowMs;
  try {
    storage.setItem(STORAGE_KEYS.lastMarkets, JSON.stringify({ coins, at: nowMs }));
  } catch {
    // Storage full or denied: the cache is a nicety, never a reason to fail.
  }
}

export function useCoins() {
  const query = useQuery({
    queryKey: queryKeys.coins,
    queryFn: ({ signal }) => api.market.coins({ signal }),
    // The last known prices paint at once (perceived speed); dated when they were seen, so they
    // count as stale and the real ones are fetched straight away and replace them.
    initialData: () => readLastMarkets(window.localStorage)?.coins,
    initialDataUpdatedAt: () => readLastMarkets(window.localStorage)?.at,
    // Tickers move; the /ws ticker stream patches this list, the poll covers a lost socket.
    refetchInterval: 5_000,
    staleTime: 3_000,
  });
  const fresh = query.isFetchedAfterMount ? query.data : undefined;
  useEffect(() => {
    if (fresh) saveLastMarkets(window.localStorage, fresh, Date.now());
  }, [fresh]);
  return query;
}

/** Country names come back in the request language, so the language is part of the key. */
export function useAreaCodes() {
  const { lang } = useLang();
  return useQuery({
    queryKey: queryKeys.areaCodes(lang),
    queryFn: ({ signal }) => api.account.areaCodes({ signal }),
    staleTime: 60 * 60_000,
  });
}
