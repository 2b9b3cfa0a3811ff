import { AdminPollCreate, AdminPollUpdate, Poll, PollList, VoteIdParams, VoteRequest } from '@ex/contract';
import type { FastifyInstance } from 'fastify';
import type { Services } from '../deps.ts';
import { principalOf, requireAuth } from '../http/auth.ts';
import { jsonRoute } from '../http/route.ts';
import { VoteService } from './service.ts';

/** Voting (ADR 083). */
export function voteRoutes(app: FastifyInstance, s: Services): VoteService {
  const votes = new VoteService(s.db, s.clock);
  const user = requireAuth(s.tokens, 'user');
  const admin = requireAuth(s.tokens, 'admin');

  jsonRoute(app, {
    method: 'GET',
    url: '/api/app/votes',
    tags: ['vote'],
    summary: 'Polls, newest first, with counts and the own choice',
    response: PollList,
    preHandler: user,
    handler: async (req) => votes.list(principalOf(req).id, req.lang),
  });

  jsonRoute(app, {
    method: 'POST',
    url: '/api/app/votes/:id',
    tags: ['vote'],
    summary: 'Vote once inside the poll window',
    params: VoteIdParams,
    body: VoteRequest,
    response: Poll,
    preHandler: user,
    handler: async (req) => votes.vote(principalOf(req).id, req.params.id, req.body.option, req.lang),
  });

  jsonRoute(app, {
    method: 'GET',
    url: '/api/admin/votes',
    tags: ['admin'],
    summary: 'Polls with their counts',
    response: PollList,
    preHandler: admin,
    handler: async () => votes.list(null),
  });

  jsonRoute(app, {
    method: 'POST',
    url: '/api/admin/votes',
    tags: ['admin'],
    summary: 'Create a poll with options and a time window (ms)',
    body: AdminPollCreate,
    response: Poll,
    preHandler: admin,
    handler: async (req) => votes.create(req.body),
  });

  jsonRoute(app, {
    method: 'POST',
    url: '/api/admin/votes/:id',
    tags: ['admin'],
    summary: "Edit a poll's texts and their translations (options and window stay)",
    params: VoteIdParams,
    body: AdminPollUpdate,
    response: Poll,
    preHandler: admin,
    handler: async (req) => votes.update(req.params.id, req.body),
  });

  return votes;
}
