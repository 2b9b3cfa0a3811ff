import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeServer, mountPage, ok } from '../../../test/console.tsx';
import { Reserves } from './Reserves.tsx';

describe('<Reserves/>', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    sessionStorage.clear();
  });

  it('says that no snapshot was taken yet and how to take one', async () => {
    fakeServer(() => ok([]));
    mountPage('/reserves', <Reserves />);
    expect(await screen.findByText(/^No snapshot yet: .* Snapshot now publishes one\.$/)).toBeTruthy();
    expect(screen.getByRole('button', { name: /Snapshot now/ })).toBeTruthy();
  });
});
