import {
  AdminFaqArticle,
  AdminFaqList,
  AdminTicketDetail,
  AdminTicketPage,
  AppealReceived,
  AppealRequest,
  FaqList,
  FaqSaveRequest,
  PageQuery,
  PRIVATE_UPLOAD_ID_RE,
  SupportIdParams,
  SupportUnread,
  TicketCreateRequest,
  TicketDetail,
  TicketPage,
  TicketQuery,
  TicketReplyRequest,
} from '@ex/contract';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Services } from '../deps.ts';
import { privateUploadKey } from '../files/store.ts';
import { fileStoreOf } from '../files/wiring.ts';
import { principalOf, requireAuth } from '../http/auth.ts';
import { clientKeyOf } from '../http/client.ts';
import { AppError } from '../http/errors.ts';
import { jsonRoute } from '../http/route.ts';
import { sendPrivateImage } from '../system/upload.ts';
import { AppealDesk } from './appeal.ts';
import { SupportService } from './service.ts';

/** The support centre (ADR 208): FAQ for everyone, tickets for their owner, the console's side. */
export function supportRoutes(app: FastifyInstance, s: Services): void {
  const support = new SupportService(s.db, s.clock, s.sender);
  const user = requireAuth(s.tokens, 'user');
  const admin = requireAuth(s.tokens, 'admin');
  const tags = ['support'];
  const files = fileStoreOf(s);

  jsonRoute(app, {
    method: 'GET',
    url: '/api/app/support/faq',
    tags,
    summary: 'Published FAQ articles in the caller’s language (German when missing)',
    response: FaqList,
    handler: (req) => support.faq(req.lang),
  });

  jsonRoute(app, {
    method: 'GET',
    url: '/api/app/support/tickets',
    tags,
    summary:
      'My tickets, last changed first, with an unread flag for new replies (an appeal’s subject in the caller’s language)',
    query: PageQuery,
    response: TicketPage,
    preHandler: user,
    handler: (req) => support.tickets(principalOf(req).id, req.query.page, req.query.limit, req.lang),
  });

  jsonRoute(app, {
    method: 'GET',
    url: '/api/app/support/unread',
    tags,
    summary: 'How many of my tickets have a reply I have not opened (the dot on Home)',
    response: SupportUnread,
    preHandler: user,
    handler: (req) => support.unread(principalOf(req).id),
  });

  jsonRoute(app, {
    method: 'POST',
    url: '/api/app/support/tickets',
    tags,
    summary: 'Open a ticket (subject, message, optionally one of my private uploads as screenshot)',
    body: TicketCreateRequest,
    response: TicketDetail,
    preHandler: user,
    handler: (req) => support.create(principalOf(req).id, req.body, req.lang),
  });

  jsonRoute(app, {
    method: 'GET',
    url: '/api/app/support/tickets/:id',
    tags,
    summary: 'One of my tickets with its messages (marks replies read; 404 for anyone else)',
    params: SupportIdParams,
    response: TicketDetail,
    preHandler: user,
    handler: (req) => support.ticket(principalOf(req).id, req.params.id, req.lang),
  });

  jsonRoute(app, {
    method: 'POST',
    url: '/api/app/support/tickets/:id/messages',
    tags,
    summary: 'Reply on one of my tickets (404 for anyone else, 3415 when closed)',
    params: SupportIdParams,
    body: TicketReplyRequest,
    response: TicketDetail,
    preHandler: user,
    handler: (req) => support.reply(principalOf(req).id, req.params.id, req.body, req.lang),
  });

  // A disabled account cannot log in, so it has no ticket routes: this one takes no session (ADR 268).
  const appeals = new AppealDesk(s.db, s.clock);
  jsonRoute(app, {
    method: 'POST',
    url: '/api/app/support/appeal',
    tags,
    summary:
      'Appeal of a disabled account, without a session: filed as a ticket of that account if it exists and is disabled; the same answer either way (5 an hour per client address, 429 after)',
    body: AppealRequest,
    response: AppealReceived,
    handler: async (req) => {
      // Like the login: the image captcha when it is on, checked before anything is looked up.
      await s.captcha.check(req.body.captcha_key, req.body.captcha_code);
      await appeals.file(req.body, clientKeyOf(req), req.lang);
      return { received: true as const };
    },
  });

  // ---- console ----

  jsonRoute(app, {
    method: 'GET',
    url: '/api/admin/support/faq',
    tags,
    summary: 'Every FAQ article with its texts in all languages',
    response: AdminFaqList,
    preHandler: admin,
    handler: () => support.adminFaq(),
  });

  jsonRoute(app, {
    method: 'POST',
    url: '/api/admin/support/faq',
    tags,
    summary: 'Add an FAQ article (German required, other languages fall back to it)',
    body: FaqSaveRequest,
    response: AdminFaqArticle,
    preHandler: admin,
    handler: (req) => support.saveFaq(undefined, req.body),
  });

  jsonRoute(app, {
    method: 'POST',
    url: '/api/admin/support/faq/:id',
    tags,
    summary: 'Change an FAQ article',
    params: SupportIdParams,
    body: FaqSaveRequest,
    response: AdminFaqArticle,
    preHandler: admin,
    handler: (req) => support.saveFaq(req.params.id, req.body),
  });

  jsonRoute(app, {
    method: 'DELETE',
    url: '/api/admin/support/faq/:id',
    tags,
    summary: 'Delete an FAQ article',
    params: SupportIdParams,
    response: z.null(),
    preHandler: admin,
    handler: async (req) => {
      await support.deleteFaq(req.params.id);
      return null;
    },
  });

  jsonRoute(app, {
    method: 'GET',
    url: '/api/admin/support/tickets',
    tags,
    summary: 'Tickets by status, unread first',
    query: TicketQuery,
    response: AdminTicketPage,
    preHandler: admin,
    handler: (req) => support.adminTickets(req.query.status, req.query.page, req.query.limit),
  });

  jsonRoute(app, {
    method: 'GET',
    url: '/api/admin/support/tickets/:id',
    tags,
    summary: 'One ticket with its messages (marks the user’s messages read)',
    params: SupportIdParams,
    response: AdminTicketDetail,
    preHandler: admin,
    handler: (req) => support.adminTicket(req.params.id),
  });

  jsonRoute(app, {
    method: 'POST',
    url: '/api/admin/support/tickets/:id/reply',
    tags,
    summary: 'Answer a ticket: the user sees an unread dot',
    params: SupportIdParams,
    body: TicketReplyRequest,
    response: AdminTicketDetail,
    preHandler: admin,
    handler: (req) => support.adminReply(req.params.id, principalOf(req).id, req.body),
  });

  jsonRoute(app, {
    method: 'POST',
    url: '/api/admin/support/tickets/:id/close',
    tags,
    summary: 'Close a ticket (the user can open a new one)',
    params: SupportIdParams,
    response: AdminTicketDetail,
    preHandler: admin,
    handler: (req) => support.adminClose(req.params.id),
  });

  app.get(
    '/api/admin/support/tickets/:id/images/:image',
    {
      schema: { tags, summary: 'The screenshot attached to a message of this ticket, for the operator' },
      preHandler: admin,
    },
    async (req, reply) => {
      const { id, image } = req.params as { id?: unknown; image?: unknown };
      if (typeof id !== 'string' || !/^\d{1,18}$/.test(id)) throw new AppError('NOT_FOUND');
      if (typeof image !== 'string' || !PRIVATE_UPLOAD_ID_RE.test(image)) throw new AppError('NOT_FOUND');
      if ((await support.ticketImage(id, image)) === undefined) throw new AppError('NOT_FOUND');
      return sendPrivateImage(reply, files, privateUploadKey(image));
    },
  );
}
