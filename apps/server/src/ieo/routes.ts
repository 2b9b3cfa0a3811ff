import {
  IeoApplication,
  IeoApplicationPage,
  IeoIdParams,
  IeoProject,
  IeoProjectCreate,
  IeoProjectList,
  IeoProjectTextsUpdate,
  IeoSettlement,
  IeoSubscribeRequest,
  PageQuery,
} from '@ex/contract';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Services } from '../deps.ts';
import { registerRecovery } from '../exchange/money.ts';
import { earnDb } from '../exchange/tables.ts';
import { principalOf, requireAuth } from '../http/auth.ts';
import { jsonRoute } from '../http/route.ts';
import { IeoService } from './service.ts';

/** IEO and new coins (ADR 077). */
export function ieoRoutes(app: FastifyInstance, s: Services): IeoService {
  const svc = new IeoService(s.engine, earnDb(s.db), s.edb, s.clock);
  registerRecovery(s.engine, 'ieo', () => svc.recover());
  const user = requireAuth(s.tokens, 'user');
  const admin = requireAuth(s.tokens, 'admin');

  jsonRoute(app, {
    method: 'GET',
    url: '/api/app/ieo/projects',
    tags: ['ieo'],
    summary: 'IEO projects (new coins), newest start first',
    response: IeoProjectList,
    handler: async (req) => svc.projects(req.lang),
  });
  jsonRoute(app, {
    method: 'GET',
    url: '/api/app/ieo/projects/:id',
    tags: ['ieo'],
    summary: 'One IEO project',
    params: IeoIdParams,
    response: IeoProject,
    handler: async (req) => svc.project(req.params.id, req.lang),
  });
  jsonRoute(app, {
    method: 'POST',
    url: '/api/app/ieo/projects/:id/subscribe',
    tags: ['ieo'],
    summary: 'Subscribes a quantity, paid in USDC from the spot account',
    params: IeoIdParams,
    body: IeoSubscribeRequest,
    response: IeoApplication,
    preHandler: user,
    handler: async (req) => svc.subscribe(principalOf(req).id, req.params.id, req.body.quantity, req.lang),
  });
  jsonRoute(app, {
    method: 'GET',
    url: '/api/app/ieo/applications',
    tags: ['ieo'],
    summary: 'Own IEO applications, newest first',
    query: PageQuery,
    response: IeoApplicationPage,
    preHandler: user,
    handler: async (req) => svc.applications(principalOf(req).id, req.query.page, req.query.limit, req.lang),
  });
  jsonRoute(app, {
    method: 'GET',
    url: '/api/admin/ieo/projects',
    tags: ['admin'],
    summary: 'Every IEO project',
    response: IeoProjectList,
    preHandler: admin,
    handler: async () => svc.projects(),
  });
  jsonRoute(app, {
    method: 'POST',
    url: '/api/admin/ieo/projects',
    tags: ['admin'],
    summary: 'Creates an IEO project',
    body: IeoProjectCreate,
    response: IeoProject,
    preHandler: admin,
    handler: async (req) => svc.create(req.body),
  });
  jsonRoute(app, {
    method: 'POST',
    url: '/api/admin/ieo/projects/:id',
    tags: ['admin'],
    summary: "Edits a project's name and description and their translations (figures and dates stay)",
    params: IeoIdParams,
    body: IeoProjectTextsUpdate,
    response: IeoProject,
    preHandler: admin,
    handler: async (req) => svc.updateTexts(req.params.id, req.body),
  });
  jsonRoute(app, {
    method: 'POST',
    url: '/api/admin/ieo/projects/:id/settle',
    tags: ['admin'],
    summary: 'After the end: allots, delivers the coin and refunds the rest',
    params: IeoIdParams,
    body: z.strictObject({}).optional(),
    response: IeoSettlement,
    preHandler: admin,
    handler: async (req) => svc.settle(req.params.id),
  });
  return svc;
}
