// /SupportTicket without an id (or with one the server does not know) showed a loading skeleton
// forever (the query never runs) or a blank page: it now says the ticket does not exist.

import { webCatalogues } from '@ex/i18n';
import { cleanup, screen } from '@testing-library/react';
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
});
