import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
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

  /** The console as an operator of `role`: /api/admin/me answers, every other request waits. */
  function mountAs(role: 'admin' | 'reviewer' | 'support', path: string) {
    sessionStorage.setItem('admin_token', 'op-token');
    vi.stubGlobal('fetch', (url: string) =>
      String(url).endsWith('/api/admin/me')
        ? Promise.resolve(
            new Response(
              JSON.stringify({
                code: 0,
                data: { id: '7', email: `${role}@example.com`, role, totp_enabled: false },
                message: 'OK',
              }),
              { status: 200, headers: { 'content-type': 'application/json' } },
            ),
          )
        : new Promise<Response>(() => {}),
    );
    const router = createMemoryRouter(routes, { initialEntries: [path] });
    render(
      <AntApp>
        <QueryClientProvider client={new QueryClient()}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </AntApp>,
    );
  }
  const menuItems = () =>
    Array.from(document.querySelectorAll('.ant-menu-item')).map((li) => li.textContent?.trim());

  it('support is not offered the audit log, operators or content, and a page opened anyway says why', async () => {
    mountAs('support', '/audit');
    await screen.findByText('Not for your role');
    expect(screen.getByText(/A support operator cannot open this page/)).toBeTruthy();
    const items = menuItems();
    expect(items).toContain('Users');
    expect(items).toContain('Support');
    for (const hidden of ['Audit log', 'Operators', 'Content', 'Markets', 'IEO', 'Releases'])
      expect(items).not.toContain(hidden);
  });

  it('a reviewer reads the audit log but is not offered operators; an admin sees every section', async () => {
    mountAs('reviewer', '/audit');
    // Until the session answers the role is unknown and every section shows; then Operators goes.
    await waitFor(() => {
      expect(menuItems()).toContain('Audit log');
      expect(menuItems()).not.toContain('Operators');
    });
    expect(screen.queryByText('Not for your role')).toBeNull();
    cleanup();
    mountAs('admin', '/users');
    await waitFor(() => expect(menuItems()).toContain('Operators'));
    expect(menuItems()).toHaveLength(sections.length);
  });
});
