import type {
  BindRequest,
  ChangePasswordRequest,
  TradePasswordRequest,
  UpdateProfileRequest,
  User,
} from '@ex/sdk';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { queryKeys } from '../../../lib/queries.ts';

/** The profile answers with the whole user: the cache takes it, so /My shows it at once. */
function useUserMutation<B>(fn: (body: B) => Promise<User>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: (user) => queryClient.setQueryData(queryKeys.userInfo, user),
  });
}

export function useUpdateProfile() {
  return useUserMutation((body: UpdateProfileRequest) => api.user.updateProfile(body));
}

export function useBind() {
  return useUserMutation((body: BindRequest) => api.user.bind(body));
}

/** Public avatar upload: the server answers the stored path, which the profile then takes. */
export function useUploadAvatar() {
  return useMutation({
    mutationFn: (file: Blob) => api.system.upload(file, { filename: 'avatar.jpg', purpose: 'avatar' }),
  });
}

/** The SDK stores the new token; every other session of the account ends on the server. */
export function useChangePassword() {
  return useMutation({ mutationFn: (body: ChangePasswordRequest) => api.user.changePassword(body) });
}

export function useSetTradePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TradePasswordRequest) => api.user.setTradePassword(body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.userInfo }),
  });
}
