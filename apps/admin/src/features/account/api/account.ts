import type {
  AdminPasswordChangeRequest,
  AdminSession,
  AdminTotpEnableRequest,
  AdminTotpSetup,
} from '@ex/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { client, rememberEmail } from '../../../lib/api.ts';

/** Operator account security (ADR 125/126); the SDK has no typed calls for these yet. */
export const sessionKey = ['admin', 'me'] as const;

export function useAdminSession() {
  return useQuery({
    queryKey: sessionKey,
    queryFn: ({ signal }) => client.get<AdminSession>('/api/admin/me', undefined, { signal }),
  });
}

export function useChangePassword() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: AdminPasswordChangeRequest) => client.post<null>('/api/admin/password', body),
    onSuccess: () => qc.invalidateQueries({ queryKey: sessionKey }),
  });
}

export function useTotpSetup() {
  return useMutation({
    mutationFn: () => client.post<AdminTotpSetup>('/api/admin/totp/setup'),
  });
}

export function useTotpEnable() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: AdminTotpEnableRequest) => client.post<null>('/api/admin/totp/enable', body),
    onSuccess: () => qc.invalidateQueries({ queryKey: sessionKey }),
  });
}

/**
 * Ends the session on the server first (the token answers 411 from then on), then forgets it here.
 * A failed request still signs out locally: the server ends the session by itself within 15 minutes.
 */
export async function signOutEverywhereHere(): Promise<void> {
  try {
    if (client.getToken()) await client.post<null>('/api/admin/logout', undefined, { timeoutMs: 5000 });
  } catch {
    // Already ended (411) or unreachable: nothing more to do than forget the token.
  } finally {
    client.setToken(null);
    rememberEmail(null);
  }
}
