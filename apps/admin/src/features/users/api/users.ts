import type { AuditPage, UserDetailRecords } from '@ex/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, client } from '../../../lib/api.ts';

export const usersKey = ['admin', 'users'] as const;

/** One page of users; `q` is an e-mail or phone (part) or a UID. */
export function useUsers(page: number, limit: number, q: string) {
  return useQuery({
    queryKey: [...usersKey, 'list', page, limit, q],
    queryFn: ({ signal }) => api.admin.users({ page, limit, ...(q ? { q } : {}) }, { signal }),
    placeholderData: keepPreviousData,
  });
}

/**
 * One user with the drawer's records typed (ADR 239). The route's schema, `UserDetail`, sends the
 * orders, positions, ledger, KYC and cards as plain records; `UserDetailRecords` is what the server
 * puts in them (the spot and futures services' orders, their positions and ledger entries, the KYC
 * and card columns it selects), checked against a live server by e2e/admin-polish.e2e.ts. This is
 * the console's one place that reads them as such.
 */
export function useUser(id: string | null) {
  return useQuery({
    queryKey: [...usersKey, 'detail', id],
    queryFn: async ({ signal }): Promise<UserDetailRecords> =>
      (await api.admin.user(id!, { signal })) as unknown as UserDetailRecords,
    enabled: id !== null,
  });
}

/**
 * The audit entries about this user, newest first: bans with their reason, unbans with their note,
 * ended sessions, messages (ADR 268). Every role reads them, support too, which may not read the log.
 */
export function useUserAudit(id: string | null) {
  return useQuery({
    queryKey: [...usersKey, 'audit', id],
    queryFn: ({ signal }) =>
      client.get<AuditPage>(`/api/admin/users/${encodeURIComponent(id!)}/audit`, { limit: 20 }, { signal }),
    enabled: id !== null,
  });
}

export type UserAction = 'ban' | 'unban' | 'revoke';

/**
 * Ban (with its required reason), unban (with an optional note) or end every session; the server
 * writes the audit entry, which keeps the reason or note (ADR 265).
 */
export function useUserAction() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action, text }: { id: string; action: UserAction; text?: string }) =>
      action === 'ban'
        ? api.admin.banUser(id, { reason: text ?? '' })
        : action === 'unban'
          ? api.admin.unbanUser(id, text ? { note: text } : {})
          : api.admin.revokeUserSessions(id),
    onSuccess: () => qc.invalidateQueries({ queryKey: usersKey }),
  });
}
