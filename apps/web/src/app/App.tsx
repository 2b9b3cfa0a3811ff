import type { WebCatalogueWithEarn1 } from '@ex/i18n';
import { QueryClientProvider } from '@tanstack/react-query';
// antd-mobile by component, not through its index: the index statically imports every component,
// which would make each lazy import of one (lazy-overlays.tsx, lib/toast.ts) land in the first load.
import 'antd-mobile/es/global';
import ConfigProvider from 'antd-mobile/es/components/config-provider';
import { lazy, type ReactNode, Suspense, useEffect, useState } from 'react';
import { I18nextProvider } from 'react-i18next';
import { afterFirstPaint } from '../lib/after-paint.ts';
import { setFallbackText } from '../lib/api.ts';
import type { Lang } from '../lib/lang.ts';
import type { AntdLocale } from './antd-locales.ts';
import { LangProvider, useLang } from './lang-context.tsx';
import { queryClient } from './query-client.ts';
import { AppRouter } from './router.tsx';

// The update flow (Capacitor, the live updater, its pop-up) is not needed to paint the first screen:
// it loads in its own chunk a moment after the page has loaded and is idle (ADR 091), and checks
// for an update as soon as it is there.
const UpdatePopup = lazy(() =>
  import('../features/update/UpdatePopup.tsx').then((m) => ({ default: m.UpdatePopup })),
);

/** How long after `load` the update flow waits, so the first screen's own requests finish first. */
const UPDATE_FLOW_DELAY_MS = 1500;

/**
 * Android or iOS (Capacitor's own test, without loading Capacitor), or the e2e tests' fake native
 * updater (`window.__UPDATE_PORT__`).
 */
function insideNativeShell(): boolean {
  const w = window as Window & {
    androidBridge?: unknown;
    webkit?: { messageHandlers?: { bridge?: unknown } };
    CapacitorCustomPlatform?: unknown;
    __UPDATE_PORT__?: unknown;
  };
  return Boolean(
    w.androidBridge || w.webkit?.messageHandlers?.bridge || w.CapacitorCustomPlatform || w.__UPDATE_PORT__,
  );
}

function Providers({ children }: { children: ReactNode }) {
  const { i18n, antdLocale } = useLang();
  useEffect(() => {
    setFallbackText((reason) =>
      reason === 'timeout' || reason === 'network'
        ? i18n.t('common.networkError')
        : i18n.t('common.genericError'),
    );
  }, [i18n]);
  return (
    <I18nextProvider i18n={i18n}>
      <ConfigProvider {...(antdLocale ? { locale: antdLocale } : {})}>
        <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
      </ConfigProvider>
    </I18nextProvider>
  );
}

/** The app root: the current route, and the update pop-up mounted beside it (spec section 2). */
export function App({
  lang,
  catalogue,
  antdLocale,
}: {
  lang: Lang;
  catalogue: WebCatalogueWithEarn1;
  antdLocale: AntdLocale;
}) {
  const [updateFlow, setUpdateFlow] = useState(false);
  useEffect(
    () =>
      afterFirstPaint(() => {
        if (insideNativeShell()) setUpdateFlow(true);
        // On the web there is no update check (spec section 9), only the service worker: the
        // pop-up, antd's Modal and the native updater are never loaded there.
        else void import('../features/update/runtime.ts').then((m) => m.registerServiceWorker());
      }, UPDATE_FLOW_DELAY_MS),
    [],
  );
  return (
    <LangProvider initial={lang} catalogue={catalogue} antdLocale={antdLocale}>
      <Providers>
        <AppRouter />
        {updateFlow && (
          <Suspense fallback={null}>
            <UpdatePopup />
          </Suspense>
        )}
      </Providers>
    </LangProvider>
  );
}
