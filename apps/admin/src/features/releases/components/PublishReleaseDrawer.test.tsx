import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App as AntApp } from 'antd';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json } from '../../../test/console.tsx';
import { PublishReleaseDrawer } from './PublishReleaseDrawer.tsx';

const LANG_CODES = ['DE', 'EN', '简中', '繁中', 'ES', 'FR', 'IT'];

interface Sent {
  url: string;
  auth: string | null;
  form: FormData;
}

function mount() {
  const queryClient = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  return render(
    <AntApp>
      <QueryClientProvider client={queryClient}>
        <PublishReleaseDrawer open onClose={() => {}} />
      </QueryClientProvider>
    </AntApp>,
  );
}

function type(label: string | RegExp, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

async function fillValid() {
  const input = document.querySelector<HTMLInputElement>('input[type=file]')!;
  const file = new File([new Uint8Array([0x50, 0x4b, 3, 4, 9])], 'web.zip', { type: 'application/zip' });
  await act(async () => {
    fireEvent.change(input, { target: { files: [file] } });
  });
  type('Version', '2.0.0');
  type('Minimum native version', '1.0');
  fireEvent.click(screen.getByText('iOS'));
  for (const code of LANG_CODES) {
    fireEvent.click(screen.getByText(code));
    const area = document.querySelector<HTMLTextAreaElement>(`.ant-tabs-tabpane-active textarea[data-lang]`)!;
    fireEvent.change(area, { target: { value: `notes ${code}` } });
  }
  type('Signature', 'ef'.repeat(64));
}

describe('<PublishReleaseDrawer/>', () => {
  let sent: Sent[];
  let reply: () => Response;

  beforeEach(() => {
    sessionStorage.setItem('admin_token', 'op-token');
    sent = [];
    reply = () => json(200, { code: 0, data: null });
    vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
      const headers = new Headers(init.headers);
      sent.push({ url, auth: headers.get('authorization'), form: init.body as FormData });
      return reply();
    });
  });

  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    sessionStorage.clear();
  });

  it('blocks an empty form on the client and sends nothing', async () => {
    mount();
    fireEvent.click(screen.getByRole('button', { name: /Publish/ }));
    expect(await screen.findByText('Choose the bundle zip')).toBeTruthy();
    expect(screen.getByText('Enter the bundle version')).toBeTruthy();
    expect(screen.getByText('Choose the platform')).toBeTruthy();
    expect(screen.getByText(/Paste the signature printed by npm run release -- --sign/)).toBeTruthy();
    expect(sent).toHaveLength(0);
  });

  it('sends one multipart request through the SDK, disables the form meanwhile, then shows the hashes', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => {
      release = r;
    });
    const data = {
      id: '3f1c2b1e-0000-4000-8000-000000000001',
      version: '2.0.0',
      md5: 'a'.repeat(32),
      sha256: 'b'.repeat(64),
      signature: 'c'.repeat(128),
      download_path: '/api/app/update/bundles/3f1c2b1e-0000-4000-8000-000000000001.zip',
    };
    vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
      sent.push({ url, auth: new Headers(init.headers).get('authorization'), form: init.body as FormData });
      await gate;
      return json(200, { code: 0, data, message: 'OK' });
    });
    mount();
    await fillValid();
    fireEvent.click(screen.getByRole('button', { name: /Publish/ }));
    await waitFor(() => expect(sent).toHaveLength(1));
    const [req] = sent;
    expect(req!.url).toBe('/api/admin/releases');
    expect(req!.auth).toBe('Bearer op-token');
    expect(req!.form.get('platform')).toBe('ios');
    expect(req!.form.get('version')).toBe('2.0.0');
    expect(req!.form.get('rollout_percent')).toBe('100');
    expect(JSON.parse(String(req!.form.get('release_content')))).toMatchObject({
      de: 'notes DE',
      zh_TW: 'notes 繁中',
    });
    expect((req!.form.get('bundle') as File).name).toBe('web.zip');
    expect(req!.form.get('signature')).toBe('ef'.repeat(64));
    // While sending, nothing in the form can be changed or pressed again.
    expect(screen.getByRole('button', { name: /Publish/ }).hasAttribute('disabled')).toBe(true);
    expect(screen.getByLabelText('Version').hasAttribute('disabled')).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: /Publish/ }));
    expect(sent).toHaveLength(1);
    await act(async () => release());
    expect(await screen.findByText('Version 2.0.0 published')).toBeTruthy();
    for (const value of [data.md5, data.sha256, data.signature, data.download_path]) {
      expect(screen.getByText(value)).toBeTruthy();
    }
  });

  it('shows the server 422 field errors under their fields', async () => {
    reply = () =>
      json(422, {
        code: 422,
        data: null,
        message: 'Validation failed',
        errors: {
          version: ['The version must be newer than 2.1.0, the latest release for this platform'],
          signature: [
            'The signature does not verify for this bundle with the release public key 6ca26e81bbd5e349…',
          ],
          release_content: ['Release notes may have at most 2000 characters per language'],
        },
      });
    mount();
    await fillValid();
    fireEvent.click(screen.getByRole('button', { name: /Publish/ }));
    expect(
      await screen.findByText('The version must be newer than 2.1.0, the latest release for this platform'),
    ).toBeTruthy();
    expect(screen.getByText('Release notes may have at most 2000 characters per language')).toBeTruthy();
    expect(
      screen.getByText(
        'The signature does not verify for this bundle with the release public key 6ca26e81bbd5e349…',
      ),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: /Publish/ }).hasAttribute('disabled')).toBe(false);
  });
});
