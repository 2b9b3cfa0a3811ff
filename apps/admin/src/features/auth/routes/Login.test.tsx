import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App as AntApp } from 'antd';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Login } from './Login.tsx';

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

function mount() {
  const queryClient = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  return render(
    <AntApp>
      <QueryClientProvider client={queryClient}>
        <MemoryRouter initialEntries={['/login']}>
          <Routes>
            <Route path="/login" element={<Login />} />
            <Route path="/outbox" element={<p>outbox page</p>} />
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>
    </AntApp>,
  );
}

function type(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

describe('<Login/> with two-step sign-in', () => {
  let bodies: Record<string, unknown>[];

  beforeEach(() => {
    bodies = [];
    vi.stubGlobal('fetch', async (_url: string, init: RequestInit) => {
      const body = JSON.parse(String(init.body)) as Record<string, unknown>;
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
      return json(200, {
        code: 0,
        message: 'OK',
        data: { token: 'op-token', admin: { id: '1', email: 'ops@example.com', created_at: 1 } },
      });
    });
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
    vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
      if (String(url).endsWith('/api/app/captcha')) {
        return json(200, {
          code: 0,
          message: 'OK',
          data: { key: `k${bodies.length}`, image: 'data:image/svg+xml;base64,PHN2Zy8+' },
        });
      }
      const body = JSON.parse(String(init.body)) as Record<string, unknown>;
      bodies.push(body);
      if (body.captcha_key === undefined) {
        return json(400, { code: 1050, data: null, message: 'Please solve the image code to continue' });
      }
      if (body.captcha_code !== 'abcd') {
        return json(400, { code: 1020, data: null, message: 'The image code is wrong or has expired' });
      }
      return json(200, {
        code: 0,
        message: 'OK',
        data: { token: 'op-token', admin: { id: '1', email: 'ops@example.com', created_at: 1 } },
      });
    });
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
