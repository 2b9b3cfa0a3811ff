// What the screen tests share (issue 14): the providers a routed screen needs (react-query, the
// language and its i18next instance) around a memory router. Each test keeps its own API mocks.
import { type Lang, webCatalogues } from '@ex/i18n';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, type RouteObject, RouterProvider } from 'react-router';
import '../../src/app/antd-react19.ts';
import { LangProvider, useLang } from '../../src/app/lang-context.tsx';

export function WithI18n({ children }: { children: ReactNode }) {
  const { i18n } = useLang();
  return <I18nextProvider i18n={i18n}>{children}</I18nextProvider>;
}

/** A query client that neither retries a query nor a mutation (a refusal is shown at once). */
export const testQueryClient = (): QueryClient =>
  new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });

/**
 * Renders `routes` at `path` in `lang` (English unless told) with `qc` (a fresh testQueryClient
 * unless given, e.g. one with cached data); returns the router to read its location.
 */
export function openScreen(
  routes: RouteObject[],
  /** A path, or a location with the navigation's state (a detail opened from its list). */
  path: string | { pathname: string; search?: string; state?: unknown },
  { lang = 'en', qc = testQueryClient() }: { lang?: Lang; qc?: QueryClient } = {},
) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <QueryClientProvider client={qc}>
      <LangProvider initial={lang} catalogue={webCatalogues[lang]}>
        <WithI18n>
          <RouterProvider router={router} />
        </WithI18n>
      </LangProvider>
    </QueryClientProvider>,
  );
  return router;
}
