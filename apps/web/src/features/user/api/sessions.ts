import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

const KEYS = { sessions: ['user', 'sessions'] as const, history: ['user', 'login-history'] as const };

export function useSessions() {
  return useQuery({ queryKey: KEYS.sessions, queryFn: ({ signal }) => api.user.sessions({ signal }) });
}

export function useLoginHistory() {
  return useQuery({
    queryKey: KEYS.history,
    queryFn: ({ signal }) => api.user.loginHistory({ page: 1, limit: 20 }, { signal }),
  });
}

/** Ends one session (`id`) or, without one, every session but this one; the list reloads after. */
export function useRevokeSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string | undefined) =>
      id === undefined ? api.user.revokeOtherSessions() : api.user.revokeSession(id),
    onSettled: () => queryClient.invalidateQueries({ queryKey: KEYS.sessions }),
  });
}
