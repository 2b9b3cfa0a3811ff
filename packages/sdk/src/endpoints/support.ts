import type { CallOptions, Client } from '../client.ts';
import { call } from '../endpoint.ts';
import type { FaqSaveRequest, TicketCreateRequest, TicketReplyRequest } from '../types.ts';

/** The support centre (ADR 208): FAQ in the caller's language, tickets with replies; console calls. */
export function supportApi(client: Client) {
  return {
    faq: (opts?: CallOptions) => call(client, 'faq', {}, opts),
    tickets: (query?: { page?: number; limit?: number }, opts?: CallOptions) =>
      call(client, 'tickets', { query }, opts),
    create: (body: TicketCreateRequest, opts?: CallOptions) => call(client, 'ticketCreate', { body }, opts),
    /** Opening a ticket marks the operator's replies read. */
    ticket: (id: string, opts?: CallOptions) => call(client, 'ticket', { params: { id } }, opts),
    reply: (id: string, body: TicketReplyRequest, opts?: CallOptions) =>
      call(client, 'ticketReply', { params: { id }, body }, opts),
    unread: (opts?: CallOptions) => call(client, 'supportUnread', {}, opts),
    admin: {
      faq: (opts?: CallOptions) => call(client, 'adminFaq', {}, opts),
      createFaq: (body: FaqSaveRequest, opts?: CallOptions) => call(client, 'adminFaqCreate', { body }, opts),
      updateFaq: (id: string, body: FaqSaveRequest, opts?: CallOptions) =>
        call(client, 'adminFaqUpdate', { params: { id }, body }, opts),
      deleteFaq: (id: string, opts?: CallOptions) => call(client, 'adminFaqDelete', { params: { id } }, opts),
      tickets: (
        query?: { status?: 'open' | 'answered' | 'closed'; page?: number; limit?: number },
        opts?: CallOptions,
      ) => call(client, 'adminTickets', { query }, opts),
      ticket: (id: string, opts?: CallOptions) => call(client, 'adminTicket', { params: { id } }, opts),
      reply: (id: string, body: TicketReplyRequest, opts?: CallOptions) =>
        call(client, 'adminTicketReply', { params: { id }, body }, opts),
      close: (id: string, opts?: CallOptions) => call(client, 'adminTicketClose', { params: { id } }, opts),
    },
  };
}
