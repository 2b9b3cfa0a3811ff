import type { SendCodeRequest } from '@ex/sdk';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

export function useSendCode() {
  return useMutation({ mutationFn: (body: SendCodeRequest) => api.account.sendCode(body) });
}
