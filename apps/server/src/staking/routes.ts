import {
  AdminStake,
  AdminStakePage,
  AdminStakeReview,
  AdminStakingProductCreate,
  AdminStakingProductUpdate,
  Stake,
  StakePage,
  StakeRequest,
  StakesQuery,
  StakingIdParams,
  StakingProduct,
  StakingProductList,
} from '@ex/contract';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Services } from '../deps.ts';
import { hourlyJob } from '../earn/earn.ts';
import { principalOf, requireAuth } from '../http/auth.ts';
import { jsonRoute } from '../http/route.ts';
import { StakingService } from './service.ts';
import { stakingDb } from './tables.ts';

/** DeFi staking (ADR 081). Returns the service so tests can drive the settlement job. */
export function stakingRoutes(app: FastifyInstance, s: Services): StakingService {
  const staking = new StakingService(stakingDb(s.db), s.edb, s.engine, s.clock);
  const user = requireAuth(s.tokens, 'user');
  const admin = requireAuth(s.tokens, 'admin');
  const empty = z.strictObject({}).optional();

  hourlyJob(app, s.jobs, 'staking settlement', () => staking.settleDue());

  jsonRoute(app, {
    method: 'GET',
    url: '/api/app/staking/products',
    tags: ['staking'],
    summary: 'DeFi staking products (enabled ones)',
    response: StakingProductList,
    handler: async (req) => staking.products(req.lang),
  });

  jsonRoute(app, {
    method: 'POST',
    url: '/api/app/staking/stakes',
    tags: ['staking'],
    summary: 'Stake: the amount moves from spot to the earn account and waits for review',
    body: StakeRequest,
    response: Stake,
    preHandler: user,
    handler: async (req) => staking.stake(principalOf(req).id, req.body, req.lang),
  });

  jsonRoute(app, {
    method: 'GET',
    url: '/api/app/staking/stakes',
    tags: ['staking'],
    summary: 'Own stakes, newest first, optionally by status',
    query: StakesQuery,
    response: StakePage,
    preHandler: user,
    handler: async (req) => {
      const page = await staking.list(principalOf(req).id, req.query, req.lang);
      return { ...page, list: page.list.map(({ user_id: _, ...rest }) => rest) };
    },
  });

  jsonRoute(app, {
    method: 'GET',
    url: '/api/app/staking/stakes/:id',
    tags: ['staking'],
    summary: 'One own stake',
    params: StakingIdParams,
    response: Stake,
    preHandler: user,
    handler: async (req) => staking.get(principalOf(req).id, req.params.id, req.lang),
  });

  jsonRoute(app, {
    method: 'GET',
    url: '/api/admin/staking/products',
    tags: ['admin'],
    summary: 'All staking products',
    response: StakingProductList,
    preHandler: admin,
    handler: async () => staking.products(),
  });

  jsonRoute(app, {
    method: 'POST',
    url: '/api/admin/staking/products',
    tags: ['admin'],
    summary: 'Create a staking product',
    body: AdminStakingProductCreate,
    response: StakingProduct,
    preHandler: admin,
    handler: async (req) => staking.createProduct(req.body),
  });

  jsonRoute(app, {
    method: 'POST',
    url: '/api/admin/staking/products/:id',
    tags: ['admin'],
    summary: 'Enable or disable a staking product (open stakes keep running) and/or rename it',
    params: StakingIdParams,
    body: AdminStakingProductUpdate,
    response: StakingProduct,
    preHandler: admin,
    handler: async (req) => staking.updateProduct(req.params.id, req.body),
  });

  jsonRoute(app, {
    method: 'GET',
    url: '/api/admin/staking/stakes',
    tags: ['admin'],
    summary: 'Every stake, newest first, optionally by status (review queue: status=review)',
    query: StakesQuery,
    response: AdminStakePage,
    preHandler: admin,
    handler: async (req) => staking.list(null, req.query),
  });

  jsonRoute(app, {
    method: 'POST',
    url: '/api/admin/staking/stakes/:id/review',
    tags: ['admin'],
    summary: 'Approve a stake under review, or reject it with a reason (refunded)',
    params: StakingIdParams,
    body: AdminStakeReview,
    response: AdminStake,
    preHandler: admin,
    handler: async (req) => staking.review(req.params.id, req.body),
  });

  jsonRoute(app, {
    method: 'POST',
    url: '/api/admin/staking/settle',
    tags: ['admin'],
    summary: 'Run the settlement of stakes whose period is over (idempotent)',
    body: empty,
    response: z.object({ settled: z.number().int(), outstanding: z.number().int() }),
    preHandler: admin,
    handler: async () => staking.settleDue(),
  });

  return staking;
}
