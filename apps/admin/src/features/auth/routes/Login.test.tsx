import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeServer, json, mountPage, ok } from '../../../test/console.tsx';
import { Login } from './Login.tsx';

/** The server's answer to a successful sign-in. */
const signedIn = () => ok({ token: 'op-token', admin: { id: '1', email: 'ops@example.com', created_at: 1 } });

const mount = () => mountPage('/login', <Login />, '/login', { '/outbox': <p>outbox page</p> });

function type(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

describe('<Login/> with two-step sign-in', () => {
  let bodies: Record<string, unknown>[];

  beforeEach(() => {
    bodies = [];
    fakeServer((s) => {
      const body = s.body as Record<string, unknown>;
      bodies.push(body);
      if (body.otp === undefined) {
        return json(400, { code: 1070, data: null, message: 'Enter the code from your authenticator app' });
      }
      if (body.otp !== '123456') {
        return json(400, {
          code: 1071,
          data: null,
          message: 'The authenticator code is wrong or was already used',
        });
      }
      return signedIn();
    }, null);
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    sessionStorage.clear();
    localStorage.clear();
  });

  it('asks for the code when the server requires it, and keeps the session in this tab only', async () => {
    mount();
    expect(screen.queryByLabelText('Authenticator code')).toBeNull();
    type('E-mail', 'ops@example.com');
    type('Password', 'operator-pass-1');
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByLabelText('Authenticator code')).toBeTruthy();
    expect(sessionStorage.getItem('admin_token')).toBeNull();

    type('Authenticator code', '000000');
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(bodies).toHaveLength(2));
    expect(
      (await screen.findAllByText('The authenticator code is wrong or was already used')).length,
    ).toBeGreaterThan(0);

    type('Authenticator code', '123456');
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('outbox page')).toBeTruthy();
    expect(bodies.at(-1)).toEqual({ email: 'ops@example.com', password: 'operator-pass-1', otp: '123456' });
    expect(sessionStorage.getItem('admin_token')).toBe('op-token');
    expect(localStorage.getItem('admin_token')).toBeNull();
  });
});

describe('<Login/> with the captcha step-up (ADR 101)', () => {
  let bodies: Record<string, unknown>[];

  beforeEach(() => {
    bodies = [];
    fakeServer((s) => {
      if (s.url.endsWith('/api/app/captcha')) {
        return json(200, {
          code: 0,
          message: 'OK',
          data: { key: `k${bodies.length}`, image: 'data:image/svg+xml;base64,PHN2Zy8+' },
        });
      }
      const body = s.body as Record<string, unknown>;
      bodies.push(body);
      if (body.captcha_key === undefined) {
        return json(400, { code: 1050, data: null, message: 'Please solve the image code to continue' });
      }
      if (body.captcha_code !== 'abcd') {
        return json(400, { code: 1020, data: null, message: 'The image code is wrong or has expired' });
      }
      return signedIn();
    }, null);
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    sessionStorage.clear();
  });

  it('shows an image when the server asks, sends its key with the answer, and takes a fresh image after a wrong one', async () => {
    mount();
    expect(screen.queryByLabelText('Image code')).toBeNull();
    type('E-mail', 'ops@example.com');
    type('Password', 'operator-pass-1');
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByLabelText('Image code')).toBeTruthy();

    type('Image code', 'zzzz');
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(bodies).toHaveLength(2));
    expect(bodies[1]).toMatchObject({ captcha_key: 'k1', captcha_code: 'zzzz' });
    expect((await screen.findAllByText('The image code is wrong or has expired')).length).toBeGreaterThan(0);

    type('Image code', 'abcd');
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('outbox page')).toBeTruthy();
    expect(bodies.at(-1)).toMatchObject({ captcha_key: 'k2', captcha_code: 'abcd' });
  });
});
