import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, waitFor } from '@testing-library/react';
import { App as AntApp } from 'antd';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { pages, routes } from './routes.tsx';
import { sections } from './sections.ts';

/** The console's pages, every request left unanswered: what a page shows before its data. */
function mountConsole(path: string) {
  sessionStorage.setItem('admin_token', 'op-token');
  vi.stubGlobal('fetch', () => new Promise<Response>(() => {}));
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const view = render(
    <AntApp>
      <QueryClientProvider client={new QueryClient()}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </AntApp>,
  );
  return { router, view };
}

describe('console routes', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    sessionStorage.clear();
  });

  it('routes every section once, and nothing else below the layout', () => {
    const below = routes.find((r) => r.path === '/')?.children ?? [];
    const paths = below.filter((r) => !r.index && r.path !== '*').map((r) => r.path);
    expect(paths).toEqual(sections.map((s) => s.path));
  });

  it.each(sections.map((s) => s.path))('/%s renders its own page', async (path) => {
    const { router, view } = mountConsole(`/${path}`);
    await waitFor(() => expect(router.state.initialized).toBe(true));
    // Not sent on to /outbox by the catch-all, nor to /login.
    expect(router.state.location.pathname).toBe(`/${path}`);
    const page = router.state.matches.at(-1)?.route;
    expect(page?.path).toBe(path);
    // The component of the section's own feature (Kyc for kyc, Audit for audit, ...); the router
    // turns a lazy route's Component into its element.
    const Page = await pages[path]();
    expect((page?.element as ReactElement | undefined)?.type).toBe(Page);
    expect(Page.name.toLowerCase()).toBe(path);
    // Drawn inside the console's frame, with something on it even before its data.
    const content = () => view.container.querySelector('.ant-layout-content')?.textContent ?? '';
    await waitFor(() => expect(content().trim()).not.toBe(''));
    expect(content()).not.toMatch(/coming/i);
  });
});
