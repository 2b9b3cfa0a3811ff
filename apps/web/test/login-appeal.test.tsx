// ADR 268: a disabled account's way to support. The login's refusal (1003) says the account is
// disabled and offers "Contact support"; its sheet takes the account as typed and a message and
// sends them without a session; whatever the server found, it says the same; field errors show
// under the field. No other refusal offers it.
import { webCatalogues } from '@ex/i18n';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { openScreen } from './helpers/screen.tsx';

const loginCall = vi.fn();
const post = vi.fn();
vi.mock('../src/lib/api.ts', () => ({
  api: {
    system: { config: async () => ({ captcha: false, webview_hosts: [] }) },
    account: { login: (...a: unknown[]) => loginCall(...a), areaCodes: async () => [] },
  },
  client: { post: (...a: unknown[]) => post(...a) },
}));

// Loaded before the tests so a toast or the sheet's popup never loads after teardown.
await Promise.all([
  import('antd-mobile/es/components/toast'),
  import('../src/app/antd-react19.ts'),
  import('../src/features/support/components/AppealSheet.tsx'),
]);
const { ApiError, ValidationError } = await import('@ex/sdk');
const { default: Login } = await import('../src/features/auth/routes/Login.tsx');

const open = (lang: 'en' | 'de' = 'en') =>
  openScreen(
    [
      { path: '/Login', Component: Login },
      { path: '/', Component: () => <p>home</p> },
    ],
    '/Login',
    { lang },
  );
const en = webCatalogues.en;
const appeal = en.security.support.appeal;
const fill = (placeholder: string, value: string) =>
  fireEvent.change(screen.getByPlaceholderText(placeholder), { target: { value } });

async function refusedLogin(code: number, message: string, account = 'banned@example.com') {
  loginCall.mockRejectedValueOnce(new ApiError({ code, message, status: 400 }));
  fill(en.auth.emailPlaceholder, account);
  fill(en.auth.passwordPlaceholder, 'Secret1234');
  fireEvent.click(screen.getByRole('button', { name: en.auth.login }));
  await waitFor(() => expect(loginCall).toHaveBeenCalled());
}

describe('/Login: a disabled account reaches support', () => {
  beforeEach(() => {
    loginCall.mockReset();
    post.mockReset();
  });
  afterEach(() => cleanup());

  it('offers "Contact support" on 1003 and sends the account and the message without a session', async () => {
    open();
    await refusedLogin(1003, 'This account is disabled');
    const notice = await screen.findByRole('alert', { name: appeal.disabledTitle });
    expect(notice.textContent).toContain(appeal.disabledText);
    fireEvent.click(within(notice).getByRole('button', { name: appeal.contact }));
    const sheet = await screen.findByRole('dialog', { name: appeal.title });
    // The account as typed at login.
    expect((within(sheet).getByLabelText(en.auth.email) as HTMLInputElement).value).toBe(
      'banned@example.com',
    );
    const message = within(sheet).getByLabelText(appeal.message);
    // Empty, then too short: said under the field, nothing sent.
    fireEvent.click(within(sheet).getByRole('button', { name: en.security.support.send }));
    expect(await within(sheet).findByText(en.auth.required)).toBeTruthy();
    // The error is announced on the <textarea> itself (ADR 270), described by the error line.
    expect(message.tagName).toBe('TEXTAREA');
    expect(message.getAttribute('aria-invalid')).toBe('true');
    const errorIds = (message.getAttribute('aria-describedby') ?? '').split(' ');
    expect(errorIds.map((id) => document.getElementById(id)?.textContent)).toContain(en.auth.required);
    fireEvent.change(message, { target: { value: '  unban  ' } });
    fireEvent.click(within(sheet).getByRole('button', { name: en.security.support.send }));
    expect(await within(sheet).findByText(appeal.messageShort.replace('{{min}}', '10'))).toBeTruthy();
    expect(post).not.toHaveBeenCalled();
    post.mockResolvedValueOnce({ received: true });
    fireEvent.change(message, { target: { value: '  The chargeback was my bank’s error.  ' } });
    fireEvent.click(within(sheet).getByRole('button', { name: en.security.support.send }));
    await waitFor(() => expect(post).toHaveBeenCalledTimes(1));
    expect(post.mock.calls[0]).toEqual([
      '/api/app/support/appeal',
      { type: 'email', account: 'banned@example.com', message: 'The chargeback was my bank’s error.' },
    ]);
    // The same words whatever the server found: it does not say whether the account exists.
    const done = await screen.findByRole('dialog', { name: appeal.doneTitle });
    expect(within(done).getByRole('status').textContent).toContain(appeal.doneText);
    fireEvent.click(within(done).getByRole('button', { name: appeal.close }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: appeal.doneTitle })).toBeNull());
  });

  it("puts the server's field errors under the fields (422)", async () => {
    open();
    await refusedLogin(1003, 'This account is disabled');
    fireEvent.click(await screen.findByRole('button', { name: appeal.contact }));
    const sheet = await screen.findByRole('dialog', { name: appeal.title });
    post.mockRejectedValueOnce(
      new ValidationError({ message: 'Too long', status: 422, errors: { message: ['Too long'] } }),
    );
    fireEvent.change(within(sheet).getByLabelText(appeal.message), {
      target: { value: 'A message long enough to send.' },
    });
    fireEvent.click(within(sheet).getByRole('button', { name: en.security.support.send }));
    expect(await within(sheet).findByText('Too long')).toBeTruthy();
    expect(screen.queryByRole('dialog', { name: appeal.doneTitle })).toBeNull();
  });

  it('offers nothing on a wrong password', async () => {
    open();
    await refusedLogin(1002, 'Wrong account or password', 'someone@example.com');
    await waitFor(() => expect(loginCall).toHaveBeenCalledTimes(1));
    expect(screen.queryByRole('button', { name: appeal.contact })).toBeNull();
  });

  it('says it in German', async () => {
    open('de');
    const de = webCatalogues.de;
    loginCall.mockRejectedValueOnce(new ApiError({ code: 1003, message: 'Konto gesperrt', status: 400 }));
    fireEvent.change(screen.getByPlaceholderText(de.auth.emailPlaceholder), {
      target: { value: 'banned@example.com' },
    });
    fireEvent.change(screen.getByPlaceholderText(de.auth.passwordPlaceholder), {
      target: { value: 'Secret1234' },
    });
    fireEvent.click(screen.getByRole('button', { name: de.auth.login }));
    const notice = await screen.findByRole('alert', { name: de.security.support.appeal.disabledTitle });
    expect(within(notice).getByRole('button', { name: de.security.support.appeal.contact })).toBeTruthy();
  });
});
