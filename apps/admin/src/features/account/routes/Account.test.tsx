import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeServer, json, mountPage, ok, type Sent } from '../../../test/console.tsx';
import { Account } from './Account.tsx';

const SESSION = {
  id: '1',
  email: 'ops@example.com',
  role: 'reviewer',
  totp_enabled: false,
  password_changed_at: null,
  idle_expires_at: Date.UTC(2030, 0, 1, 10, 15),
  absolute_expires_at: Date.UTC(2030, 0, 1, 18, 0),
};
const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';

const mount = () => mountPage('/account', <Account />, '/account', { '/login': <p>login page</p> });

function type(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

describe('<Account/>', () => {
  let sent: Sent[];
  let answer: (s: Sent) => Response;
  let session: typeof SESSION;

  beforeEach(() => {
    session = { ...SESSION };
    answer = (s) => {
      if (s.url === '/api/admin/me') return ok(session);
      if (s.url === '/api/admin/totp/setup')
        return ok({ secret: SECRET, otpauth_uri: `otpauth://totp/x?secret=${SECRET}` });
      return ok(null);
    };
    sent = fakeServer((s) => answer(s));
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    sessionStorage.clear();
    localStorage.clear();
  });

  it('keeps the operator token out of localStorage (sessionStorage of this tab only)', async () => {
    mount();
    expect(await screen.findByText('ops@example.com')).toBeTruthy();
    expect(sent[0]).toMatchObject({ url: '/api/admin/me', auth: 'Bearer op-token' });
    expect(screen.getByText('Reviewer')).toBeTruthy();
    expect(localStorage.getItem('admin_token')).toBeNull();
  });

  it('changes the password with the old one and says other sessions ended', async () => {
    mount();
    await screen.findByText('ops@example.com');
    type('Current password', 'old-pass-1');
    type('New password', 'new-pass-2');
    type('Repeat the new password', 'new-pass-2');
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Password changed')).toBeTruthy();
    expect(screen.getByText(/Every other operator session was signed out/)).toBeTruthy();
    expect(sent.find((s) => s.url === '/api/admin/password')).toMatchObject({
      method: 'POST',
      body: { old_password: 'old-pass-1', password: 'new-pass-2', password_confirmation: 'new-pass-2' },
    });
  });

  it('checks the repeat on the page and shows a wrong old password under its field', async () => {
    answer = (s) =>
      s.url === '/api/admin/password'
        ? json(400, { code: 1030, data: null, message: 'The current password is wrong' })
        : ok(session);
    mount();
    await screen.findByText('ops@example.com');
    type('Current password', 'guess-1');
    type('New password', 'new-pass-2');
    type('Repeat the new password', 'new-pass-3');
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('The two passwords are inconsistent')).toBeTruthy();
    expect(sent.some((s) => s.url === '/api/admin/password')).toBe(false);
    type('Repeat the new password', 'new-pass-2');
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
    await waitFor(() => expect(sent.some((s) => s.url === '/api/admin/password')).toBe(true));
    expect((await screen.findAllByText('The current password is wrong')).length).toBeGreaterThan(0);
    expect(screen.queryByText('Password changed')).toBeNull();
  });

  it('enrols TOTP: shows the key, sends the first code, then shows it on', async () => {
    mount();
    fireEvent.click(await screen.findByRole('button', { name: 'Set up authenticator' }));
    expect(await screen.findByTestId('totp-secret')).toBeTruthy();
    expect(screen.getByTestId('totp-secret').textContent).toContain(SECRET);
    type('Code', '12345');
    fireEvent.click(screen.getByRole('button', { name: 'Turn on' }));
    expect(await screen.findByText('The code has 6 digits')).toBeTruthy();
    session = { ...session, totp_enabled: true };
    type('Code', '123456');
    fireEvent.click(screen.getByRole('button', { name: 'Turn on' }));
    expect(await screen.findByText(/Sign-in asks for a code/)).toBeTruthy();
    expect(sent.find((s) => s.url === '/api/admin/totp/enable')?.body).toEqual({ code: '123456' });
  });

  it('shows a refused code under the code field and stays off', async () => {
    answer = (s) => {
      if (s.url === '/api/admin/totp/setup') return ok({ secret: SECRET, otpauth_uri: 'otpauth://totp/x' });
      if (s.url === '/api/admin/totp/enable') {
        return json(400, {
          code: 1071,
          data: null,
          message: 'The authenticator code is wrong or was already used',
        });
      }
      return ok(session);
    };
    mount();
    fireEvent.click(await screen.findByRole('button', { name: 'Set up authenticator' }));
    await screen.findByTestId('totp-secret');
    type('Code', '000000');
    fireEvent.click(screen.getByRole('button', { name: 'Turn on' }));
    expect(
      (await screen.findAllByText('The authenticator code is wrong or was already used')).length,
    ).toBeGreaterThan(0);
    expect(screen.getByText('Off')).toBeTruthy();
  });

  it('signs out through the server, then forgets the token', async () => {
    mount();
    await screen.findByText('ops@example.com');
    fireEvent.click(screen.getByRole('button', { name: /Sign out/ }));
    expect(await screen.findByText('login page')).toBeTruthy();
    expect(sent.find((s) => s.url === '/api/admin/logout')).toMatchObject({
      method: 'POST',
      auth: 'Bearer op-token',
    });
    expect(sessionStorage.getItem('admin_token')).toBeNull();
  });
});
