import type { RegisterRequest } from '@ex/sdk';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { queryKeys } from '../../../lib/queries.ts';

export function useRegister() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RegisterRequest) => api.account.register(body),
    onSuccess: (result) => {
      queryClient.removeQueries({ queryKey: ['user'] });
      queryClient.setQueryData(queryKeys.userInfo, result.user);
    },
  });
}
