import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

export const usersKey = ['admin', 'users'] as const;

/** One page of users; `q` is an e-mail or phone (part) or a UID. */
export function useUsers(page: number, limit: number, q: string) {
  return useQuery({
    queryKey: [...usersKey, 'list', page, limit, q],
    queryFn: ({ signal }) => api.admin.users({ page, limit, ...(q ? { q } : {}) }, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useUser(id: string | null) {
  return useQuery({
    queryKey: [...usersKey, 'detail', id],
    queryFn: ({ signal }) => api.admin.user(id!, { signal }),
    enabled: id !== null,
  });
}

export type UserAction = 'ban' | 'unban' | 'revoke';

/** Ban, unban or end every session; the server writes the audit entry. */
export function useUserAction() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action }: { id: string; action: UserAction }) =>
      action === 'ban'
        ? api.admin.banUser(id)
        : action === 'unban'
          ? api.admin.unbanUser(id)
          : api.admin.revokeUserSessions(id),
    onSuccess: () => qc.invalidateQueries({ queryKey: usersKey }),
  });
}
