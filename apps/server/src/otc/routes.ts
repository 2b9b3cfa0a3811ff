import {
  AdminOtcOrder,
  AdminOtcOrderPage,
  AdminOtcOrderQuery,
  OtcAd,
  OtcAdCreate,
  OtcAdList,
  OtcAdUpdate,
  OtcIdParams,
  OtcOrder,
  OtcOrderPage,
  OtcOrderRequest,
  OtcReview,
  PageQuery,
} from '@ex/contract';
import type { FastifyInstance } from 'fastify';
import type { Services } from '../deps.ts';
import { registerRecovery } from '../exchange/money.ts';
import { earnDb } from '../exchange/tables.ts';
import { treasuriesOf } from '../exchange/treasury.ts';
import { principalOf, requireAuth } from '../http/auth.ts';
import { jsonRoute } from '../http/route.ts';
import { OtcService } from './service.ts';

/** OTC desk (ADR 076). */
export function otcRoutes(app: FastifyInstance, s: Services): OtcService {
  const treasuries = treasuriesOf(s.engine, s.config.treasuryLowWater, (d, m) => app.log.warn(d, m));
  const svc = new OtcService(s.engine, earnDb(s.db), s.edb, s.clock, treasuries);
  registerRecovery(s.engine, 'otc', () => svc.recover());
  const user = requireAuth(s.tokens, 'user');
  const admin = requireAuth(s.tokens, 'admin');

  jsonRoute(app, {
    method: 'GET',
    url: '/api/app/otc/ads',
    tags: ['otc'],
    summary: 'Active OTC ads with price, limits, payment methods and stats',
    response: OtcAdList,
    handler: async () => svc.ads(true),
  });
  jsonRoute(app, {
    method: 'POST',
    url: '/api/app/otc/orders',
    tags: ['otc'],
    summary: 'Places an OTC order (a sell moves the coins out of reach until reviewed)',
    body: OtcOrderRequest,
    response: OtcOrder,
    preHandler: user,
    handler: async (req) => svc.place(principalOf(req).id, req.body),
  });
  jsonRoute(app, {
    method: 'GET',
    url: '/api/app/otc/orders',
    tags: ['otc'],
    summary: 'Own OTC orders, newest first',
    query: PageQuery,
    response: OtcOrderPage,
    preHandler: user,
    handler: async (req) => svc.orders(principalOf(req).id, req.query.page, req.query.limit),
  });
  jsonRoute(app, {
    method: 'GET',
    url: '/api/app/otc/orders/:id',
    tags: ['otc'],
    summary: 'One own OTC order',
    params: OtcIdParams,
    response: OtcOrder,
    preHandler: user,
    handler: async (req) => svc.order(principalOf(req).id, req.params.id),
  });
  jsonRoute(app, {
    method: 'GET',
    url: '/api/admin/otc/ads',
    tags: ['admin'],
    summary: 'Every OTC ad',
    response: OtcAdList,
    preHandler: admin,
    handler: async () => svc.ads(false),
  });
  jsonRoute(app, {
    method: 'POST',
    url: '/api/admin/otc/ads',
    tags: ['admin'],
    summary: 'Creates an OTC ad',
    body: OtcAdCreate,
    response: OtcAd,
    preHandler: admin,
    handler: async (req) => svc.createAd(req.body),
  });
  jsonRoute(app, {
    method: 'POST',
    url: '/api/admin/otc/ads/:id',
    tags: ['admin'],
    summary: 'Activates or pauses an OTC ad',
    params: OtcIdParams,
    body: OtcAdUpdate,
    response: OtcAd,
    preHandler: admin,
    handler: async (req) => svc.setActive(req.params.id, req.body.active),
  });
  jsonRoute(app, {
    method: 'GET',
    url: '/api/admin/otc/orders',
    tags: ['admin'],
    summary: 'OTC orders, optionally by status',
    query: AdminOtcOrderQuery,
    response: AdminOtcOrderPage,
    preHandler: admin,
    handler: async (req) => svc.adminOrders(req.query),
  });
  jsonRoute(app, {
    method: 'POST',
    url: '/api/admin/otc/orders/:id/review',
    tags: ['admin'],
    summary: 'Completes or rejects an OTC order under review',
    params: OtcIdParams,
    body: OtcReview,
    response: AdminOtcOrder,
    preHandler: admin,
    handler: async (req) => svc.review(req.params.id, req.body),
  });
  return svc;
}
