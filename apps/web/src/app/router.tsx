import { type ComponentType, lazy, type ReactNode, Suspense, useEffect } from 'react';
import { BrowserRouter, Navigate, Route, Routes, useLocation, useNavigate } from 'react-router';
import { setSessionEndHandler } from '../lib/api.ts';
import { hasToken } from '../lib/storage.ts';
import { guardRedirect, LOGIN_PATH, loginRedirectTarget } from './guard.ts';
import { RootLayout } from './layouts/RootLayout.tsx';
import { TabsLayout } from './layouts/TabsLayout.tsx';
import { queryClient } from './query-client.ts';
import { KNOWN_PATHS, loadedScreen, ROUTES, type RouteDef } from './routes.ts';

// Declarative routes (<Routes>/<Route>) instead of react-router's data router: the app uses no
// loader data, actions or fetchers, and the data router is ~18 KB gzip of the first load (ADR 092).
// The guard runs in `Guarded` before a page renders; pages load with React.lazy (their chunk is
// usually fetched already: at start, beside the language, or on intent).

const pages = new Map<string, ComponentType>();

/** The lazily loaded component of a route (one per route, so React keeps its state across renders). */
function pageOf(def: RouteDef): ComponentType {
  let page = pages.get(def.path);
  if (!page) {
    // Already fetched (the first screen always is): rendered at once, no empty frame.
    const ready = loadedScreen(def.path);
    if (ready) {
      pages.set(def.path, ready);
      return ready;
    }
    page = lazy(def.load);
    pages.set(def.path, page);
  }
  return page;
}

/**
 * Where a protected page goes without a token, and unknown paths: a protected screen never renders
 * (or fetches) for a visitor without one.
 */
export function Guarded({ children }: { children: ReactNode }) {
  const { pathname, search } = useLocation();
  const target = guardRedirect(pathname, hasToken(window.localStorage), KNOWN_PATHS);
  if (target === LOGIN_PATH) return <Navigate to={loginRedirectTarget(pathname, search)} replace />;
  if (target) return <Navigate to={target} replace />;
  return children;
}

function page(def: RouteDef) {
  const Page = pageOf(def);
  return (
    <Route
      key={def.path}
      path={def.path}
      element={
        <Guarded>
          <Page />
        </Guarded>
      }
    />
  );
}

/** The SDK removed the token after a 401/411: drop every cached user query and go to /Login. */
function SessionEnd() {
  const navigate = useNavigate();
  useEffect(() => {
    setSessionEndHandler(() => {
      queryClient.clear();
      void navigate(LOGIN_PATH, { replace: true });
    });
  }, [navigate]);
  return null;
}

/** The route tree (exported so tests can run it in a memory router). */
export function AppRoutes() {
  return (
    <>
      <SessionEnd />
      {/* Nothing to show while a page's chunk loads: the dark background is the splash, and a
          navigation keeps the previous page on screen (react-router updates in a transition). */}
      <Suspense fallback={null}>
        <Routes>
          <Route element={<RootLayout />}>
            <Route element={<TabsLayout />}>{ROUTES.filter((r) => r.layout === 'tabs').map(page)}</Route>
            {ROUTES.filter((r) => r.layout === 'page').map(page)}
            <Route path="*" element={<Navigate to="/" replace />} />
          </Route>
        </Routes>
      </Suspense>
    </>
  );
}

export function AppRouter() {
  return (
    <BrowserRouter>
      <AppRoutes />
    </BrowserRouter>
  );
}
