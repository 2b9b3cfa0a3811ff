import type { LoginRequest } from '@ex/sdk';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { queryKeys } from '../../../lib/queries.ts';

/** The SDK stores the token before resolving; the user from the answer seeds the profile cache. */
export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: LoginRequest) => api.account.login(body),
    onSuccess: (result) => {
      queryClient.removeQueries({ queryKey: ['user'] });
      queryClient.setQueryData(queryKeys.userInfo, result.user);
    },
  });
}
