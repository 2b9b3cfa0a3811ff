import { webCatalogues } from '@ex/i18n';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, waitFor } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LangProvider, useLang } from '../src/app/lang-context.tsx';
import { queryClient } from '../src/app/query-client.ts';

// No network: every API call of the screens that open answers nothing.
vi.mock('../src/lib/api.ts', () => {
  const anything: unknown = new Proxy(() => new Promise(() => {}), { get: () => anything });
  return { api: anything, setSessionEndHandler: () => {}, setFallbackText: () => {} };
});

const { AppRoutes } = await import('../src/app/router.tsx');

let where = '';
function Probe() {
  const { pathname, search } = useLocation();
  where = pathname + search;
  return null;
}

function WithI18n({ children }: { children: React.ReactNode }) {
  const { i18n } = useLang();
  return <I18nextProvider i18n={i18n}>{children}</I18nextProvider>;
}

// Runs the real route tree (the guard, the lazy screens) in a memory router: where does opening an
// address end up?
async function land(path: string): Promise<string> {
  where = '';
  render(
    <QueryClientProvider client={queryClient}>
      <LangProvider initial="en" catalogue={webCatalogues.en}>
        <WithI18n>
          <MemoryRouter initialEntries={[path]}>
            <AppRoutes />
            <Probe />
          </MemoryRouter>
        </WithI18n>
      </LangProvider>
    </QueryClientProvider>,
  );
  // The guard redirects in an effect; settle, then read where the router stands.
  await waitFor(() => expect(where).not.toBe(''));
  await new Promise((r) => setTimeout(r, 20));
  const at = where;
  cleanup();
  return at;
}

describe('guarded router', () => {
  afterEach(() => window.localStorage.clear());

  it('sends an anonymous visitor of a protected page to /Login, remembering the page', async () => {
    expect(await land('/My')).toBe('/Login?redirect=%2FMy');
    expect(await land('/Recharge')).toBe('/Login?redirect=%2FRecharge');
    expect(await land('/')).toBe('/Login');
  });

  it('opens the four public pages without a token', async () => {
    for (const path of ['/Login', '/Register', '/ForgetPwd', '/Agree']) expect(await land(path)).toBe(path);
  });

  it('opens protected pages when a token is stored', async () => {
    window.localStorage.setItem('token', 'any');
    expect(await land('/My')).toBe('/My');
    expect(await land('/DefnHis')).toBe('/DefnHis');
  });

  it('redirects unknown paths to /', async () => {
    window.localStorage.setItem('token', 'any');
    expect(await land('/does-not-exist')).toBe('/');
  });

  it('matches paths in any letter case, as the guard does', async () => {
    window.localStorage.setItem('token', 'any');
    expect(await land('/my')).toBe('/my');
  });
});
