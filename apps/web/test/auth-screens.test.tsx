// Issue 7 items 6 and 9 on the screens: sign-up always sends the verification code (an invitation
// no longer replaces it), and the password reset sends a solved image captcha when the server has
// the captcha on.
import { webCatalogues } from '@ex/i18n';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { openScreen } from './helpers/screen.tsx';

const register = vi.fn();
const forget = vi.fn();
let captchaOn = false;
let captchaCount = 0;
vi.mock('../src/lib/api.ts', () => ({
  api: {
    system: { config: async () => ({ captcha: captchaOn }) },
    account: {
      captcha: async () => {
        captchaCount += 1;
        return { key: `k${captchaCount}`, image: 'data:image/svg+xml;base64,PHN2Zy8+' };
      },
      register: (...args: unknown[]) => register(...args),
      forget: (...args: unknown[]) => forget(...args),
      sendCode: async () => null,
    },
  },
}));

const { default: Register } = await import('../src/features/auth/routes/Register.tsx');
const { default: ForgetPwd } = await import('../src/features/auth/routes/ForgetPwd.tsx');

function open(path: string) {
  return openScreen(
    [
      { path: '/Register', Component: Register },
      { path: '/ForgetPwd', Component: ForgetPwd },
      { path: '/', Component: () => <p>home</p> },
      { path: '/Login', Component: () => <p>login page</p> },
    ],
    path,
  );
}

const en = webCatalogues.en.auth;
const fill = (placeholder: string, value: string) =>
  fireEvent.change(screen.getByPlaceholderText(placeholder), { target: { value } });

describe('auth screens', () => {
  beforeEach(() => {
    register.mockReset();
    forget.mockReset();
    captchaOn = false;
    captchaCount = 0;
  });
  afterEach(() => cleanup());

  it('sign-up by invitation still needs the verification code and sends it with the invitation', async () => {
    register.mockResolvedValue({ token: 't', user: { id: '1' } });
    open('/Register?invite=ABCD2345');
    await screen.findByPlaceholderText(en.codePlaceholder);
    // No "invitation instead of a code" mode any more.
    expect(document.querySelector('.method-switch')).toBeNull();
    fill(en.emailPlaceholder, 'new@example.com');
    fill(en.passwordPlaceholder, 'Secret1234');
    fill(en.confirmPlaceholder, 'Secret1234');
    fireEvent.click(document.querySelector('.agree-line .adm-checkbox') as Element);
    fireEvent.click(screen.getByRole('button', { name: en.register }));
    expect((await screen.findAllByText(en.required)).length).toBeGreaterThan(0);
    expect(register).not.toHaveBeenCalled();
    fill(en.codePlaceholder, '123456');
    fireEvent.click(screen.getByRole('button', { name: en.register }));
    await waitFor(() => expect(register).toHaveBeenCalledTimes(1));
    expect(register.mock.calls[0]?.[0]).toMatchObject({
      account: 'new@example.com',
      code: '123456',
      invite_code: 'ABCD2345',
    });
  });

  it('the password reset sends the solved image with the code when the captcha is on', async () => {
    captchaOn = true;
    forget.mockResolvedValue(null);
    open('/ForgetPwd');
    await screen.findByPlaceholderText(en.captchaPlaceholder);
    await waitFor(() => expect(captchaCount).toBe(1));
    fill(en.emailPlaceholder, 'me@example.com');
    fill(en.codePlaceholder, '654321');
    fill(en.passwordPlaceholder, 'Secret1234');
    fill(en.confirmPlaceholder, 'Secret1234');
    fireEvent.click(screen.getByRole('button', { name: en.resetSubmit }));
    // The image answer is required before anything is sent.
    expect((await screen.findAllByText(en.required)).length).toBeGreaterThan(0);
    expect(forget).not.toHaveBeenCalled();
    fill(en.captchaPlaceholder, 'ab12');
    fireEvent.click(screen.getByRole('button', { name: en.resetSubmit }));
    await waitFor(() => expect(forget).toHaveBeenCalledTimes(1));
    expect(forget.mock.calls[0]?.[0]).toMatchObject({
      account: 'me@example.com',
      code: '654321',
      captcha_key: 'k1',
      captcha_code: 'ab12',
    });
  });
});
