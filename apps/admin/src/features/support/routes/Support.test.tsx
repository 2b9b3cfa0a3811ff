import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeServer, mountPage, ok } from '../../../test/console.tsx';
import { Support } from './Support.tsx';

describe('<Support/>', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    sessionStorage.clear();
  });

  it('says which tickets there are none of, per filter', async () => {
    fakeServer((s) => (s.url.includes('faq') ? ok([]) : ok({ list: [], total: 0, page: 1, limit: 20 })));
    mountPage('/support', <Support />);
    expect(await screen.findByText('No open ticket')).toBeTruthy();
    fireEvent.click(screen.getByText('Answered'));
    expect(await screen.findByText('No answered ticket')).toBeTruthy();
  });
});
