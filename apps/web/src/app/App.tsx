import { QueryClientProvider } from '@tanstack/react-query';
import { ConfigProvider } from 'antd-mobile';
import { type ReactNode, useEffect, useState } from 'react';
import { I18nextProvider } from 'react-i18next';
import { RouterProvider } from 'react-router';
import { UpdatePopup } from '../features/update/index.ts';
import { setFallbackText } from '../lib/api.ts';
import type { Lang } from '../lib/lang.ts';
import { ANTD_LOCALES } from './antd-locales.ts';
import { LangProvider, useLang } from './lang-context.tsx';
import { queryClient } from './query-client.ts';
import { createAppRouter } from './router.tsx';

function Providers({ children }: { children: ReactNode }) {
  const { lang, i18n } = useLang();
  useEffect(() => {
    setFallbackText((reason) =>
      reason === 'timeout' || reason === 'network'
        ? i18n.t('common.networkError')
        : i18n.t('common.genericError'),
    );
  }, [i18n]);
  return (
    <I18nextProvider i18n={i18n}>
      <ConfigProvider locale={ANTD_LOCALES[lang]}>
        <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
      </ConfigProvider>
    </I18nextProvider>
  );
}

/** The app root: the current route, and the update pop-up mounted beside it (spec section 2). */
export function App({ lang }: { lang: Lang }) {
  const [router] = useState(createAppRouter);
  return (
    <LangProvider initial={lang}>
      <Providers>
        <RouterProvider router={router} />
        <UpdatePopup />
      </Providers>
    </LangProvider>
  );
}
