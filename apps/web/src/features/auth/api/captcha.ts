import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { api } from '../../../lib/api.ts';

const key = ['auth', 'captcha'] as const;

/**
 * The image captcha, fetched only when the server's config asks for one. Each captcha is single-use
 * on the server, so `refresh()` is called after every submit that sent it.
 */
export function useCaptcha(enabled: boolean) {
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => api.account.captcha({ signal }),
    enabled,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
  });
  const refresh = useCallback(() => queryClient.invalidateQueries({ queryKey: key }), [queryClient]);
  return { captcha: enabled ? query.data : undefined, loading: query.isFetching, refresh };
}
