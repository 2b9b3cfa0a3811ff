import type { ForgetRequest } from '@ex/sdk';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

export function useForget() {
  return useMutation({ mutationFn: (body: ForgetRequest) => api.account.forget(body) });
}
