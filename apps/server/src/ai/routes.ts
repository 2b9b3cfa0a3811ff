import {
  AdminAiProductCreate,
  AdminAiProductUpdate,
  AdminTreasuryFund,
  AiAccrualResult,
  AiIdParams,
  AiOrder,
  AiOrderPage,
  AiOrdersQuery,
  AiProduct,
  AiProductList,
  AiSubscribeRequest,
} from '@ex/contract';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Services } from '../deps.ts';
import { hourlyJob } from '../earn/earn.ts';
import { treasuriesOf } from '../exchange/treasury.ts';
import { principalOf, requireAuth } from '../http/auth.ts';
import { jsonRoute } from '../http/route.ts';
import { AiService } from './service.ts';
import { aiDb } from './tables.ts';

/** AI quantified savings (ADR 080). Returns the service so tests and jobs can drive accrual. */
export function aiRoutes(app: FastifyInstance, s: Services): AiService {
  const treasuries = treasuriesOf(s.engine, s.config.treasuryLowWater, (d, m) => app.log.warn(d, m));
  const ai = new AiService(aiDb(s.db), s.edb, s.engine, s.clock, treasuries);
  const user = requireAuth(s.tokens, 'user');
  const admin = requireAuth(s.tokens, 'admin');
  const empty = z.strictObject({}).optional();

  // The accrual is idempotent per day: running it hourly only catches up on missed days.
  hourlyJob(app, s.jobs, 'AI accrual', () => ai.runAccrual());

  jsonRoute(app, {
    method: 'GET',
    url: '/api/app/ai/products',
    tags: ['ai'],
    summary: 'AI quantified savings products (enabled ones)',
    response: AiProductList,
    handler: async (req) => ai.products(req.lang),
  });

  jsonRoute(app, {
    method: 'POST',
    url: '/api/app/ai/subscribe',
    tags: ['ai'],
    summary: 'Subscribe: the amount moves from spot to the earn account',
    body: AiSubscribeRequest,
    response: AiOrder,
    preHandler: user,
    handler: async (req) => ai.subscribe(principalOf(req).id, req.body, req.lang),
  });

  jsonRoute(app, {
    method: 'GET',
    url: '/api/app/ai/orders',
    tags: ['ai'],
    summary: 'Own AI subscriptions: tab active or settled, newest first',
    query: AiOrdersQuery,
    response: AiOrderPage,
    preHandler: user,
    handler: async (req) => ai.orders(principalOf(req).id, req.query, req.lang),
  });

  jsonRoute(app, {
    method: 'GET',
    url: '/api/app/ai/orders/:id',
    tags: ['ai'],
    summary: 'One own AI subscription',
    params: AiIdParams,
    response: AiOrder,
    preHandler: user,
    handler: async (req) => ai.order(principalOf(req).id, req.params.id, req.lang),
  });

  jsonRoute(app, {
    method: 'POST',
    url: '/api/app/ai/orders/:id/redeem',
    tags: ['ai'],
    summary: 'Redeem: principal plus interest to spot, minus the fee when a fixed term is cut short',
    params: AiIdParams,
    body: empty,
    response: AiOrder,
    preHandler: user,
    handler: async (req) => ai.redeem(principalOf(req).id, req.params.id, req.lang),
  });

  jsonRoute(app, {
    method: 'GET',
    url: '/api/admin/ai/products',
    tags: ['admin'],
    summary: 'All AI products, disabled ones too',
    response: AiProductList,
    preHandler: admin,
    handler: async () => ai.products(),
  });

  jsonRoute(app, {
    method: 'POST',
    url: '/api/admin/ai/products',
    tags: ['admin'],
    summary: 'Create an AI product',
    body: AdminAiProductCreate,
    response: AiProduct,
    preHandler: admin,
    handler: async (req) => ai.createProduct(req.body),
  });

  jsonRoute(app, {
    method: 'POST',
    url: '/api/admin/ai/products/:id',
    tags: ['admin'],
    summary: 'Enable or disable an AI product (existing subscriptions keep running) and/or rename it',
    params: AiIdParams,
    body: AdminAiProductUpdate,
    response: AiProduct,
    preHandler: admin,
    handler: async (req) => ai.update(req.params.id, req.body),
  });

  jsonRoute(app, {
    method: 'POST',
    url: '/api/admin/earn/treasury',
    tags: ['admin'],
    summary: 'Fund the earn interest reserve (or, with purpose, the dividend pool) from off-chain reserves',
    body: AdminTreasuryFund,
    response: z.object({ coin: z.string(), amount: z.string() }),
    preHandler: admin,
    handler: async (req) => ai.fundTreasury(principalOf(req).id, req.body),
  });

  jsonRoute(app, {
    method: 'POST',
    url: '/api/admin/ai/accrue',
    tags: ['admin'],
    summary: 'Run the daily accrual now (idempotent per day)',
    body: empty,
    response: AiAccrualResult,
    preHandler: admin,
    handler: async () => ai.runAccrual(),
  });

  return ai;
}
