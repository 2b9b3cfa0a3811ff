import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { App as AntApp } from 'antd';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { vi } from 'vitest';

/** One request the page sent, as the fake server saw it. */
export interface Sent {
  method: string;
  url: string;
  body: unknown;
  auth: string | null;
}

export function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}
export const ok = (data: unknown) => json(200, { code: 0, data, message: 'OK' });

/**
 * Replaces fetch with `answer`; returns the list every request is pushed to. The operator is signed
 * in with `token` (`null`: signed out).
 */
export function fakeServer(answer: (s: Sent) => Response, token: string | null = 'op-token'): Sent[] {
  const sent: Sent[] = [];
  if (token !== null) sessionStorage.setItem('admin_token', token);
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    const s = {
      method: init.method ?? 'GET',
      url,
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
      auth: new Headers(init.headers).get('authorization'),
    };
    sent.push(s);
    return answer(s);
  });
  return sent;
}

/**
 * Renders one console page at `path` with the providers the app gives it, starting at `entry`;
 * `others` are further routes (path -> element) the page may navigate to.
 */
export function mountPage(
  path: string,
  page: ReactNode,
  entry = path,
  others: Record<string, ReactNode> = {},
) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  return render(
    <AntApp>
      <QueryClientProvider client={queryClient}>
        <MemoryRouter initialEntries={[entry]}>
          <Routes>
            <Route path={path} element={page} />
            {Object.entries(others).map(([p, element]) => (
              <Route key={p} path={p} element={element} />
            ))}
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>
    </AntApp>,
  );
}
