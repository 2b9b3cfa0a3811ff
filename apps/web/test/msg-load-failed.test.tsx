// /Msg when the request fails: an error with a retry, not "Noch keine Nachrichten" (which told a
// user with unread messages that the inbox was empty).
import { webCatalogues } from '@ex/i18n';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { openScreen } from './helpers/screen.tsx';

const de = webCatalogues.de;
const messages = vi.fn();
vi.mock('../src/lib/api.ts', () => ({
  api: { community: { messages: () => messages(), readAll: vi.fn() } },
}));

const { default: Msg } = await import('../src/features/community/routes/Msg.tsx');

describe('/Msg', () => {
  afterEach(() => cleanup());

  it('shows the failure with a retry instead of an empty inbox, and the messages after the retry', async () => {
    messages.mockRejectedValueOnce(new Error('offline'));
    openScreen([{ path: '/Msg', Component: Msg }], '/Msg', { lang: 'de' });
    expect(await screen.findByText(de.community.msg.loadFailed)).toBeTruthy();
    expect(screen.queryByText(de.community.msg.empty)).toBeNull();
    messages.mockResolvedValueOnce({
      list: [{ id: '1', title: 'Willkommen!', summary: 'Hallo', read: false, created_at: Date.now() }],
      total: 1,
      page: 1,
      limit: 50,
    });
    fireEvent.click(screen.getByRole('button', { name: de.common.retry }));
    expect(await screen.findByText('Willkommen!')).toBeTruthy();
  });
});
