import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeServer, mountPage, ok, type Sent } from '../../../test/console.tsx';
import { Operators } from './Operators.tsx';

const OPS = [
  { id: '1', email: 'root@example.com', role: 'admin', totp_enabled: true, disabled_at: null, created_at: 1 },
  {
    id: '2',
    email: 'help@example.com',
    role: 'support',
    totp_enabled: false,
    disabled_at: null,
    created_at: 2,
  },
];

describe('<Operators/>', () => {
  let sent: Sent[];
  beforeEach(() => {
    sent = fakeServer((s) => (s.url === '/api/admin/operators' && s.method === 'GET' ? ok(OPS) : ok(OPS[1])));
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    sessionStorage.clear();
  });

  it('creates an operator with a role', async () => {
    mountPage('/operators', <Operators />);
    expect(await screen.findByText('help@example.com')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'New operator' }));
    fireEvent.change(await screen.findByLabelText('E-mail'), { target: { value: 'new@example.com' } });
    fireEvent.change(screen.getByLabelText('Initial password'), { target: { value: 'long-enough-1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create' }));
    await waitFor(() =>
      expect(sent.find((s) => s.method === 'POST' && s.url === '/api/admin/operators')?.body).toEqual({
        email: 'new@example.com',
        password: 'long-enough-1',
        role: 'support',
      }),
    );
  });

  it('disables an operator after confirming', async () => {
    mountPage('/operators', <Operators />);
    await screen.findByText('help@example.com');
    fireEvent.click(screen.getAllByRole('button', { name: 'Disable' })[1]!);
    const buttons = await screen.findAllByRole('button', { name: 'Disable' });
    fireEvent.click(buttons[buttons.length - 1]!);
    await waitFor(() => expect(sent.some((s) => s.url === '/api/admin/operators/2/disable')).toBe(true));
  });
});
