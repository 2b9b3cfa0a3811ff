import { createBrowserRouter, type LoaderFunctionArgs, type RouteObject, redirect } from 'react-router';
import { setSessionEndHandler } from '../lib/api.ts';
import { hasToken } from '../lib/storage.ts';
import { guardRedirect, LOGIN_PATH, loginRedirectTarget } from './guard.ts';
import { RootLayout } from './layouts/RootLayout.tsx';
import { TabsLayout } from './layouts/TabsLayout.tsx';
import { queryClient } from './query-client.ts';
import { KNOWN_PATHS, ROUTES, type RouteDef, type RouteHandle } from './routes.ts';

/**
 * Runs before every navigation to a leaf route, so a protected screen never renders (or fetches)
 * for a visitor without a token.
 */
function guardLoader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const target = guardRedirect(url.pathname, hasToken(window.localStorage), KNOWN_PATHS);
  if (target === LOGIN_PATH) throw redirect(loginRedirectTarget(url.pathname, url.search));
  if (target) throw redirect(target);
  return null;
}

function toRoute(def: RouteDef): RouteObject {
  return {
    path: def.path,
    loader: guardLoader,
    handle: { title: def.title, soon: def.soon } satisfies RouteHandle,
    async lazy() {
      if (def.load) {
        const page = await def.load();
        return { Component: page.default };
      }
      const { ComingSoonRoute } = await import('../components/ComingSoonPage.tsx');
      return { Component: ComingSoonRoute };
    },
  };
}

/** Nothing to show while the first route's chunk loads: the dark background is the splash. */
function HydrateFallback() {
  return null;
}

/** The route tree (exported so tests can run it in a memory router). */
export function appRoutes(): RouteObject[] {
  return [
    {
      Component: RootLayout,
      HydrateFallback,
      children: [
        { Component: TabsLayout, children: ROUTES.filter((r) => r.layout === 'tabs').map(toRoute) },
        ...ROUTES.filter((r) => r.layout === 'page').map(toRoute),
        { path: '*', loader: () => redirect('/') },
      ],
    },
  ];
}

export function createAppRouter() {
  const router = createBrowserRouter(appRoutes());
  // The SDK removed the token after a 401/411; drop every cached user query and go to /Login.
  setSessionEndHandler(() => {
    queryClient.clear();
    void router.navigate(LOGIN_PATH, { replace: true });
  });
  return router;
}
