import {
  AdminKycItem,
  AdminKycPage,
  AdminKycQuery,
  KycIdParams,
  KycInfo,
  KycRejectRequest,
  KycSubmitRequest,
} from '@ex/contract';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { bankRoutes } from '../bank/routes.ts';
import { BankCardService } from '../bank/service.ts';
import type { Services } from '../deps.ts';
import { principalOf, requireAuth } from '../http/auth.ts';
import { jsonRoute } from '../http/route.ts';
import { KycService } from './service.ts';
import { kycDb } from './tables.ts';
import { trackUploads } from './uploads.ts';

/** Identity verification, the operator's review, and (built on it) bank cards. */
export function kycRoutes(app: FastifyInstance, s: Services): void {
  const db = kycDb(s.db);
  const kyc = new KycService(db, s.clock, s.config.imageBaseUrl);
  trackUploads(app, db, () => s.clock.now());
  const user = requireAuth(s.tokens, s.db, 'user');
  const admin = requireAuth(s.tokens, s.db, 'admin');
  const tags = ['kyc'];

  jsonRoute(app, {
    method: 'GET',
    url: '/api/app/kyc',
    tags,
    summary: 'My identity verification: status (none, under_audit, passed, failed), reason, masked fields',
    response: KycInfo,
    preHandler: user,
    handler: async (req) => kyc.info(principalOf(req).id),
  });

  jsonRoute(app, {
    method: 'POST',
    url: '/api/app/kyc',
    tags,
    summary: 'Submit identity verification (images are paths of my own uploads); again after a rejection',
    body: KycSubmitRequest,
    response: KycInfo,
    preHandler: user,
    handler: async (req) => kyc.submit(principalOf(req).id, req.body),
  });

  jsonRoute(app, {
    method: 'GET',
    url: '/api/admin/kyc',
    tags,
    summary: 'Identity applications, newest first; ?status= repeatable (under_audit, passed, failed)',
    query: AdminKycQuery,
    response: AdminKycPage,
    preHandler: admin,
    handler: async (req) => kyc.list(req.query),
  });

  jsonRoute(app, {
    method: 'POST',
    url: '/api/admin/kyc/:id/approve',
    tags,
    summary: 'Approve an application under audit: the user becomes verified',
    params: KycIdParams,
    body: z.strictObject({}).optional(),
    response: AdminKycItem,
    preHandler: admin,
    handler: async (req) => kyc.review(req.params.id, principalOf(req).id, { status: 'passed' }),
  });

  jsonRoute(app, {
    method: 'POST',
    url: '/api/admin/kyc/:id/reject',
    tags,
    summary: 'Reject an application under audit with a reason the user sees',
    params: KycIdParams,
    body: KycRejectRequest,
    response: AdminKycItem,
    preHandler: admin,
    handler: async (req) =>
      kyc.review(req.params.id, principalOf(req).id, { status: 'failed', reason: req.body.reason }),
  });

  bankRoutes(app, s, new BankCardService(db, s.clock, kyc));
}
