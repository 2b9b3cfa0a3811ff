import { isApiError, isCancel } from '@ex/sdk';
import { QueryClient } from '@tanstack/react-query';

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 15_000,
      // The SDK already toasts failures; retry only what may heal by itself (network, 5xx).
      retry: (count, error) => {
        if (isCancel(error)) return false;
        if (isApiError(error) && error.status >= 400 && error.status < 500) return false;
        return count < 2;
      },
      refetchOnWindowFocus: false,
    },
    mutations: { retry: false },
  },
});
