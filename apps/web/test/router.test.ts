import { createMemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { appRoutes } from '../src/app/router.tsx';

// Runs the real route tree (guard loaders, lazy chunks) in a memory router, without rendering:
// where does a navigation end up?
async function land(path: string): Promise<string> {
  const router = createMemoryRouter(appRoutes(), { initialEntries: [path] });
  await new Promise<void>((resolve) => {
    if (router.state.initialized && router.state.navigation.state === 'idle') resolve();
    const stop = router.subscribe((state) => {
      if (state.initialized && state.navigation.state === 'idle') {
        stop();
        resolve();
      }
    });
  });
  const { pathname, search } = router.state.location;
  router.dispose();
  return pathname + search;
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
});
