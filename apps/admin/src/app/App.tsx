import { isApiError } from '@ex/sdk';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App as AntApp, ConfigProvider } from 'antd';
import enUS from 'antd/locale/en_US';
import { useEffect } from 'react';
import { RouterProvider } from 'react-router';
import { bindUi } from '../lib/api.ts';
import { router } from './router.tsx';
import { themeConfig } from './theme.ts';

const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      // The SDK already toasted a refusal; retrying would only repeat it. A dropped connection is worth one retry.
      retry: (failureCount, error) => failureCount < 1 && isApiError(error) && error.kind === 'network',
      refetchOnWindowFocus: false,
    },
  },
});

/** Connects the SDK's toast and logout to antd's context-aware message API and to the router. */
function UiBridge() {
  const { message } = AntApp.useApp();
  useEffect(() => {
    bindUi({
      toast: (text, durationMs) => void message.error(text, durationMs / 1000),
      // Leave the page first: clearing the cache under a mounted query would refetch it once more.
      logout: () => void router.navigate('/login').then(() => queryClient.clear()),
    });
  }, [message]);
  return null;
}

export function App() {
  return (
    <ConfigProvider theme={themeConfig} locale={enUS}>
      <AntApp>
        <QueryClientProvider client={queryClient}>
          <UiBridge />
          <RouterProvider router={router} />
        </QueryClientProvider>
      </AntApp>
    </ConfigProvider>
  );
}

export { queryClient };
