import {
  AdminContentCreate,
  AdminContentItem,
  AdminContentPage,
  AdminContentQuery,
  AdminContentUpdate,
  AdminMessageSend,
  AdminMessageSent,
  CheckinResult,
  CheckinStatus,
  CommunityIdParams,
  ContentDetail,
  type ContentKind,
  ContentPage,
  InviteInfo,
  MessageDetail,
  MessagePage,
  PageQuery,
  ReadAllResponse,
  UnreadCount,
} from '@ex/contract';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Services } from '../deps.ts';
import { principalOf, requireAuth } from '../http/auth.ts';
import { jsonRoute } from '../http/route.ts';
import { CheckinService } from './checkin.ts';
import { ContentService } from './content.ts';
import { InviteService } from './invite.ts';
import { MessageService } from './messages.ts';
import { communityDb } from './tables.ts';

/** Notices, news, in-app messages, check-in with points, invitations (ADRs 070-072). */
export function communityRoutes(app: FastifyInstance, s: Services): void {
  const db = communityDb(s.db);
  const content = new ContentService(db, s.clock);
  const messages = new MessageService(db, s.clock);
  const checkin = new CheckinService(db, s.clock);
  const invite = new InviteService(db, new URL(s.config.imageBaseUrl).origin);
  const user = requireAuth(s.tokens, 'user');
  const admin = requireAuth(s.tokens, 'admin');
  const empty = z.strictObject({}).optional();

  const kinds: [ContentKind, string][] = [
    ['notice', 'notices'],
    ['news', 'news'],
  ];
  for (const [kind, path] of kinds) {
    jsonRoute(app, {
      method: 'GET',
      url: `/api/app/${path}`,
      tags: ['content'],
      summary: `Published ${kind} items, newest first, in the Accept-Language language (else en, else de)`,
      query: PageQuery,
      response: ContentPage,
      handler: async (req) => content.list(kind, req.query, req.lang),
    });
    jsonRoute(app, {
      method: 'GET',
      url: `/api/app/${path}/:id`,
      tags: ['content'],
      summary: `One published ${kind} item with its body; unpublished or unknown -> 404`,
      params: CommunityIdParams,
      response: ContentDetail,
      handler: async (req) => content.detail(kind, req.params.id, req.lang),
    });
  }

  jsonRoute(app, {
    method: 'GET',
    url: '/api/app/messages',
    tags: ['messages'],
    summary: 'My in-app messages, newest first, with read flags',
    query: PageQuery,
    response: MessagePage,
    preHandler: user,
    handler: async (req) => messages.list(principalOf(req).id, req.query, req.lang),
  });
  jsonRoute(app, {
    method: 'GET',
    url: '/api/app/messages/unread-count',
    tags: ['messages'],
    summary: 'How many of my messages are unread (the red dot)',
    response: UnreadCount,
    preHandler: user,
    handler: async (req) => messages.unread(principalOf(req).id),
  });
  jsonRoute(app, {
    method: 'POST',
    url: '/api/app/messages/read-all',
    tags: ['messages'],
    summary: 'Marks all my messages read',
    body: empty,
    response: ReadAllResponse,
    preHandler: user,
    handler: async (req) => messages.readAll(principalOf(req).id),
  });
  jsonRoute(app, {
    method: 'GET',
    url: '/api/app/messages/:id',
    tags: ['messages'],
    summary: "One of my messages; opening it marks it read. Someone else's id -> 404",
    params: CommunityIdParams,
    response: MessageDetail,
    preHandler: user,
    handler: async (req) => messages.open(principalOf(req).id, req.params.id, req.lang),
  });

  jsonRoute(app, {
    method: 'GET',
    url: '/api/app/checkin',
    tags: ['checkin'],
    summary: "Today's check-in state (UTC day), streak, points, level and the last 7 days",
    response: CheckinStatus,
    preHandler: user,
    handler: async (req) => checkin.status(principalOf(req).id),
  });
  jsonRoute(app, {
    method: 'POST',
    url: '/api/app/checkin',
    tags: ['checkin'],
    summary: 'Check in for today: 10 points, 50 on every 7th day in a row; twice a day -> 3101',
    body: empty,
    response: CheckinResult,
    preHandler: user,
    handler: async (req) => checkin.checkIn(principalOf(req).id),
  });

  jsonRoute(app, {
    method: 'GET',
    url: '/api/app/invite',
    tags: ['invite'],
    summary: 'My invitation code and link, and the friends who registered with it (accounts masked)',
    query: PageQuery,
    response: InviteInfo,
    preHandler: user,
    handler: async (req) => invite.info(principalOf(req).id, req.query),
  });

  jsonRoute(app, {
    method: 'GET',
    url: '/api/admin/content',
    tags: ['content'],
    summary: 'Notices and news with every language, published or not; ?kind=notice|news',
    query: AdminContentQuery,
    response: AdminContentPage,
    preHandler: admin,
    handler: async (req) =>
      content.adminList(req.query as typeof req.query & { page: number; limit: number }),
  });
  jsonRoute(app, {
    method: 'POST',
    url: '/api/admin/content',
    tags: ['content'],
    summary: 'Create a notice or news item (title and body per language), published or as a draft',
    body: AdminContentCreate,
    response: AdminContentItem,
    preHandler: admin,
    handler: async (req) => content.create(req.body as typeof req.body & { published: boolean }),
  });
  jsonRoute(app, {
    method: 'POST',
    url: '/api/admin/content/:id',
    tags: ['content'],
    summary: 'Edit the texts and/or publish or unpublish',
    params: CommunityIdParams,
    body: AdminContentUpdate,
    response: AdminContentItem,
    preHandler: admin,
    handler: async (req) => content.update(req.params.id, req.body),
  });
  jsonRoute(app, {
    method: 'POST',
    url: '/api/admin/messages',
    tags: ['messages'],
    summary: 'Send an in-app message to one user (user_id) or to every user (broadcast: true)',
    body: AdminMessageSend,
    response: AdminMessageSent,
    preHandler: admin,
    handler: async (req) => messages.send(req.body),
  });
}

export { ContentService };
