import type { AdminLoginRequest } from '@ex/sdk';
import { useMutation } from '@tanstack/react-query';
import { api, rememberEmail } from '../../../lib/api.ts';

/** Signs the operator in; the SDK stores the token under `admin_token` before this resolves. */
export function useAdminLogin() {
  return useMutation({
    mutationFn: (body: AdminLoginRequest) => api.admin.login(body),
    onSuccess: (result) => rememberEmail(result.admin.email),
  });
}
