import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeServer, json, mountPage, ok } from '../../../test/console.tsx';
import { Content } from './Content.tsx';

const EMPTY = { list: [], total: 0, page: 1, limit: 20 };
const refused = (errors: Record<string, string[]>) =>
  json(422, { code: 422, data: null, message: 'This field is required', errors });

describe('<Content/>: a refused save is shown, never swallowed', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    sessionStorage.clear();
  });

  it('nothing filled: the server refuses "translations" and the drawer says what is missing', async () => {
    const sent = fakeServer((s) =>
      s.method === 'POST' ? refused({ translations: ['This field is required'] }) : ok(EMPTY),
    );
    mountPage('/content', <Content />);
    fireEvent.click(await screen.findByRole('button', { name: /New/ }));
    const drawer = await screen.findByRole('dialog');
    fireEvent.click(within(drawer).getByRole('button', { name: 'Save' }));
    expect(
      await within(drawer).findByText('Fill in the title and body of at least one language.'),
    ).toBeTruthy();
    expect(sent.filter((s) => s.method === 'POST')).toHaveLength(1);
  });

  it('an error in a language tab not open: that tab is marked, opened, and its field says why', async () => {
    fakeServer((s) =>
      s.method === 'POST' ? refused({ 'translations.en.title': ['This field is required'] }) : ok(EMPTY),
    );
    mountPage('/content', <Content />);
    fireEvent.click(await screen.findByRole('button', { name: /New/ }));
    const drawer = await screen.findByRole('dialog');
    // The operator wrote only the English body, with German open.
    fireEvent.change(drawer.querySelector('#translations_en_body') as HTMLTextAreaElement, {
      target: { value: 'Only a body' },
    });
    expect(within(drawer).getByRole('tab', { selected: true }).textContent).toBe('Deutsch');
    fireEvent.click(within(drawer).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(within(drawer).getByRole('tab', { selected: true }).textContent).toContain('English'),
    );
    expect(within(drawer).getByLabelText('has errors')).toBeTruthy();
    const english = drawer.querySelector('#translations_en_title')?.closest('.ant-form-item');
    await waitFor(() => expect(english?.textContent).toContain('This field is required'));
  });

  it('Send message: a missing text is said above the form too', async () => {
    fakeServer((s) =>
      s.method === 'POST' ? refused({ translations: ['This field is required'] }) : ok(EMPTY),
    );
    mountPage('/content', <Content />, '/content?tab=message');
    fireEvent.change(await screen.findByLabelText('User id'), { target: { value: '7' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Fill in the title and body of at least one language.')).toBeTruthy();
  });
});
