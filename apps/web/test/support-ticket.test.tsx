// /SupportTicket without an id (or with one the server does not know) showed a loading skeleton
// forever (the query never runs) or a blank page: it now says the ticket does not exist. An empty
// reply marks the <textarea> itself invalid, described by its error (FieldTextArea, ADR 270).

import { webCatalogues } from '@ex/i18n';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { openScreen } from './helpers/screen.tsx';

const ticket = vi.hoisted(() => ({ state: {} as Record<string, unknown> }));
vi.mock('../src/features/support/api.ts', () => ({
  useTicket: (id: string) => (id === '' ? { isPending: true, isError: false } : ticket.state),
  useTicketChange: () => ({ reply: { mutate: vi.fn(), isPending: false } }),
  usePrivateImage: () => undefined,
}));

const { default: SupportTicket } = await import('../src/features/support/routes/SupportTicket.tsx');

describe('Support ticket screen', () => {
  afterEach(() => cleanup());

  it('says the ticket does not exist when opened without an id, instead of loading forever', () => {
    openScreen([{ path: '/SupportTicket', Component: SupportTicket }], '/SupportTicket');
    expect(screen.getByText(webCatalogues.en.security.support.notFound)).toBeTruthy();
  });

  it('and when the server does not know the id', () => {
    ticket.state = { isPending: false, isError: true, data: undefined };
    openScreen([{ path: '/SupportTicket', Component: SupportTicket }], '/SupportTicket?id=99', {
      lang: 'de',
    });
    expect(screen.getByText('Dieses Ticket gibt es nicht')).toBeTruthy();
  });

  it('an empty reply marks the <textarea> invalid, described by the error', async () => {
    const support = webCatalogues.en.security.support;
    ticket.state = {
      isPending: false,
      isError: false,
      data: {
        id: '7',
        subject: 'Deposit',
        status: 'open',
        messages: [
          { id: '1', from: 'user', body: 'Where is it?', image_url: null, created_at: 1_795_000_000_000 },
        ],
      },
    };
    openScreen([{ path: '/SupportTicket', Component: SupportTicket }], '/SupportTicket?id=7');
    const area = screen.getByPlaceholderText(support.replyPlaceholder);
    expect(area.tagName).toBe('TEXTAREA');
    fireEvent.click(screen.getByRole('button', { name: support.reply }));
    await waitFor(() => expect(area.getAttribute('aria-invalid')).toBe('true'));
    const described = area.getAttribute('aria-describedby') ?? '';
    expect(document.getElementById(described)?.textContent).toBe(webCatalogues.en.auth.required);
  });
});
