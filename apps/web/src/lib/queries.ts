import { useQuery } from '@tanstack/react-query';
import { useLang } from '../app/lang-context.tsx';
import { api } from './api.ts';
import { hasToken } from './storage.ts';

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

export function useCoins() {
  return useQuery({
    queryKey: queryKeys.coins,
    queryFn: ({ signal }) => api.market.coins({ signal }),
    // Tickers move; until the /ws ticker stream is wired, poll while the screen is open.
    refetchInterval: 5_000,
    staleTime: 3_000,
  });
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
