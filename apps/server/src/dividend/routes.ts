import {
  AdminDividendCreate,
  AdminDividendPool,
  AdminDividendPoolList,
  AdminDividendUpdate,
  DividendClaim,
  DividendClaimPage,
  DividendClaimsQuery,
  DividendIdParams,
} from '@ex/contract';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Services } from '../deps.ts';
import { principalOf, requireAuth } from '../http/auth.ts';
import { jsonRoute } from '../http/route.ts';
import { DividendService } from './service.ts';
import { dividendDb } from './tables.ts';

/** Dividend plan (ADR 082). */
export function dividendRoutes(app: FastifyInstance, s: Services): DividendService {
  const dividends = new DividendService(dividendDb(s.db), s.edb, s.engine, s.clock);
  const user = requireAuth(s.tokens, 'user');
  const admin = requireAuth(s.tokens, 'admin');

  jsonRoute(app, {
    method: 'GET',
    url: '/api/app/dividends',
    tags: ['dividend'],
    summary: 'Own dividend claims (claimable / claimed), newest first',
    query: DividendClaimsQuery,
    response: DividendClaimPage,
    preHandler: user,
    handler: async (req) => dividends.claims(principalOf(req).id, req.query, req.lang),
  });

  jsonRoute(app, {
    method: 'POST',
    url: '/api/app/dividends/:id/claim',
    tags: ['dividend'],
    summary: 'Claim a dividend once: the amount moves to the spot account',
    params: DividendIdParams,
    body: z.strictObject({}).optional(),
    response: DividendClaim,
    preHandler: user,
    handler: async (req) => dividends.claim(principalOf(req).id, req.params.id, req.lang),
  });

  jsonRoute(app, {
    method: 'GET',
    url: '/api/admin/dividends',
    tags: ['admin'],
    summary: 'Dividend pools with their claimed total',
    response: AdminDividendPoolList,
    preHandler: admin,
    handler: async () => dividends.pools(),
  });

  jsonRoute(app, {
    method: 'POST',
    url: '/api/admin/dividends',
    tags: ['admin'],
    summary: 'Create a pool funded from the treasury with a claimable amount per user',
    body: AdminDividendCreate,
    response: AdminDividendPool,
    preHandler: admin,
    handler: async (req) => dividends.create(req.body),
  });

  jsonRoute(app, {
    method: 'POST',
    url: '/api/admin/dividends/:id',
    tags: ['admin'],
    summary: 'Rename a dividend plan: its title and the title per language',
    params: DividendIdParams,
    body: AdminDividendUpdate,
    response: AdminDividendPool,
    preHandler: admin,
    handler: async (req) => dividends.update(req.params.id, req.body),
  });

  return dividends;
}
