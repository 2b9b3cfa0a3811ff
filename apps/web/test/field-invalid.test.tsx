// An invalid field is announced on the <input> itself: `aria-invalid="true"` and
// `aria-describedby` naming its error text. antd-mobile's Input hands those props to its wrapper
// <div>, where screen readers never look; FieldInput (components/) sets them on the <input>, from
// its props or, inside an antd Form.Item, from the item's error lines (the shared fields of the
// account and security forms: password, e-mail, code with its send button, 2FA code). The sign-in
// form's own fields (auth-form's Field) already give them to their <input>. antd-mobile's TextArea
// has the same wrapper problem: FieldTextArea marks the <textarea> (the support ticket's message
// and reply).
import { webCatalogues } from '@ex/i18n';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { openScreen } from './helpers/screen.tsx';

vi.mock('../src/lib/api.ts', () => ({
  api: {
    system: { config: async () => ({ captcha: false, webview_hosts: [] }) },
    account: { login: async () => new Promise(() => {}), areaCodes: async () => [] },
  },
}));

const { FieldInput, FieldTextArea } = await import('../src/components/FieldInput.tsx');
const { default: Login } = await import('../src/features/auth/routes/Login.tsx');
const { Form } = await import('antd-mobile');
const { PasswordField } = await import('../src/features/auth/components/fields.tsx');
const { InputWithAction } = await import('../src/features/auth/components/InputWithAction.tsx');

/** The error text an input's aria-describedby names. */
const description = (el: HTMLElement) =>
  (el.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .filter(Boolean)
    .map((id) => document.getElementById(id)?.textContent)
    .join(' ');

function Probe() {
  const [error, setError] = useState(false);
  return (
    <>
      <FieldInput
        id="f"
        aria-label="Amount"
        aria-invalid={error}
        aria-describedby={error ? 'f-err' : undefined}
      />
      {error && <p id="f-err">Too much</p>}
      <button type="button" onClick={() => setError((e) => !e)}>
        toggle
      </button>
    </>
  );
}

/** An antd Form as the account and security screens build them, with the shared fields. */
function ItemForm() {
  return (
    <Form footer={<button type="submit">Save</button>}>
      <PasswordField />
      <Form.Item name="code" label="Code" rules={[{ required: true, message: 'Enter the code' }]}>
        <InputWithAction placeholder="Code" action={<button type="button">Send</button>} />
      </Form.Item>
    </Form>
  );
}

describe('invalid fields are announced on the input', () => {
  afterEach(() => cleanup());

  it('FieldInput: aria-invalid and aria-describedby on the <input>, not on antd\u2019s wrapper; gone when valid', () => {
    render(<Probe />);
    const input = screen.getByRole('textbox', { name: 'Amount' });
    expect(input.tagName).toBe('INPUT');
    expect(input.hasAttribute('aria-invalid')).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'toggle' }));
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(description(input)).toBe('Too much');
    expect(input.closest('.adm-input')?.hasAttribute('aria-invalid')).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'toggle' }));
    expect(input.hasAttribute('aria-invalid')).toBe(false);
    expect(input.hasAttribute('aria-describedby')).toBe(false);
  });

  for (const lang of ['en', 'de'] as const) {
    it(`/Login (${lang}): an empty submit marks the email and password inputs invalid, described by their errors`, async () => {
      const auth = webCatalogues[lang].auth;
      openScreen(
        [
          { path: '/Login', Component: Login },
          { path: '/', Component: () => <p>home</p> },
        ],
        '/Login',
        { lang },
      );
      const email = await screen.findByPlaceholderText(auth.emailPlaceholder);
      const password = screen.getByPlaceholderText(auth.passwordPlaceholder);
      expect(email.hasAttribute('aria-invalid') && email.getAttribute('aria-invalid') !== 'false').toBe(
        false,
      );
      fireEvent.click(screen.getByRole('button', { name: auth.login }));
      await waitFor(() => expect(email.getAttribute('aria-invalid')).toBe('true'));
      expect(email.tagName).toBe('INPUT');
      expect(description(email)).toBe(auth.required);
      expect(password.getAttribute('aria-invalid')).toBe('true');
      expect(description(password)).toBe(auth.required);
      // Corrected: valid again, no longer described by an error.
      fireEvent.change(email, { target: { value: 'demo@exchange.local' } });
      await waitFor(() => expect(email.getAttribute('aria-invalid')).toBe('false'));
      expect(description(email)).toBe('');
    });
  }

  it('inside an antd Form.Item: the item\u2019s error marks the <input> and describes it, until corrected', async () => {
    openScreen([{ path: '/', Component: ItemForm }], '/');
    const password = screen.getByPlaceholderText(webCatalogues.en.auth.passwordPlaceholder);
    const code = screen.getByPlaceholderText('Code');
    expect(password.hasAttribute('aria-invalid')).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(password.getAttribute('aria-invalid')).toBe('true'));
    expect(description(password)).toBe(webCatalogues.en.auth.required);
    expect(code.getAttribute('aria-invalid')).toBe('true');
    expect(description(code)).toBe('Enter the code');
    expect(code.closest('.adm-input')?.hasAttribute('aria-invalid')).toBe(false);
    fireEvent.change(code, { target: { value: '123456' } });
    await waitFor(() => expect(code.hasAttribute('aria-invalid')).toBe(false));
    expect(code.hasAttribute('aria-describedby')).toBe(false);
    // The other field keeps its error.
    expect(password.getAttribute('aria-invalid')).toBe('true');
  });

  it('FieldTextArea: aria-invalid and aria-describedby on the <textarea>, from its props or its Form.Item', async () => {
    function AreaProbe() {
      const [error, setError] = useState(false);
      return (
        <>
          <label htmlFor="m">Message</label>
          <FieldTextArea id="m" aria-invalid={error} aria-describedby={error ? 'm-err' : undefined} />
          {error && <p id="m-err">Too short</p>}
          <button type="button" onClick={() => setError((e) => !e)}>
            toggle
          </button>
        </>
      );
    }
    render(<AreaProbe />);
    const area = screen.getByRole('textbox', { name: 'Message' });
    expect(area.tagName).toBe('TEXTAREA');
    expect(area.hasAttribute('aria-invalid')).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'toggle' }));
    expect(area.getAttribute('aria-invalid')).toBe('true');
    expect(description(area)).toBe('Too short');
    expect(area.closest('.adm-text-area')?.hasAttribute('aria-invalid')).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'toggle' }));
    expect(area.hasAttribute('aria-invalid')).toBe(false);
    cleanup();

    openScreen(
      [
        {
          path: '/',
          Component: () => (
            <Form footer={<button type="submit">Send</button>}>
              <Form.Item
                name="body"
                label="Body"
                rules={[{ required: true, message: 'Describe the problem' }]}
              >
                <FieldTextArea placeholder="Body" />
              </Form.Item>
            </Form>
          ),
        },
      ],
      '/',
    );
    const body = screen.getByLabelText(/^Body/);
    expect(body.tagName).toBe('TEXTAREA');
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(body.getAttribute('aria-invalid')).toBe('true'));
    expect(description(body)).toBe('Describe the problem');
    fireEvent.change(body, { target: { value: 'My deposit has not arrived.' } });
    await waitFor(() => expect(body.hasAttribute('aria-invalid')).toBe(false));
  });
});
