import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

/**
 * Ends the session on the server; the SDK drops the local token whatever the answer, so a failed
 * call (offline) still signs the device out. Every cached user query goes with it.
 */
export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.account.logout(),
    onSettled: () => queryClient.clear(),
  });
}
