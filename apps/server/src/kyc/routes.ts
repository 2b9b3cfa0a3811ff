import {
  AdminKycItem,
  AdminKycPage,
  AdminKycQuery,
  KYC_IMAGE_SIDES,
  KycIdParams,
  KycInfo,
  KycRejectRequest,
  KycSubmitRequest,
  PRIVATE_UPLOAD_ID_RE,
  UPLOAD_PATH_RE,
} from '@ex/contract';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { bankRoutes } from '../bank/routes.ts';
import { BankCardService } from '../bank/service.ts';
import type { Services } from '../deps.ts';
import { privateUploadKey, publicUploadKey } from '../files/store.ts';
import { fileStoreOf } from '../files/wiring.ts';
import { principalOf, requireAuth } from '../http/auth.ts';
import { AppError } from '../http/errors.ts';
import { jsonRoute } from '../http/route.ts';
import { PRIVATE_IMAGE_URL, sendPrivateImage } from '../system/upload.ts';
import { KycService } from './service.ts';
import { kycDb } from './tables.ts';
import { ownsUpload, trackUploads } from './uploads.ts';

/** Identity verification, the operator's review, and (built on it) bank cards. */
export function kycRoutes(app: FastifyInstance, s: Services): void {
  const db = kycDb(s.db);
  const kyc = new KycService(db, s.clock);
  const files = fileStoreOf(s);
  trackUploads(app, db, () => s.clock.now());
  const user = requireAuth(s.tokens, 'user');
  const admin = requireAuth(s.tokens, 'admin');
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

  // Raw image routes (not jsonRoute: the answer is the image). Every refusal past authentication is
  // the same 404 as a missing file, so an id reveals nothing about whether it exists.
  app.get(
    `${PRIVATE_IMAGE_URL}/:id`,
    {
      schema: { tags, summary: 'One of my private uploads (owner only; 404 for anyone else)' },
      preHandler: user,
    },
    async (req, reply) => {
      const { id } = req.params as { id?: unknown };
      if (typeof id !== 'string' || !PRIVATE_UPLOAD_ID_RE.test(id)) throw new AppError('NOT_FOUND');
      if (!(await ownsUpload(db, principalOf(req).id, id))) throw new AppError('NOT_FOUND');
      return sendPrivateImage(reply, files, privateUploadKey(id));
    },
  );

  app.get(
    '/api/admin/kyc/:id/images/:which',
    {
      schema: { tags, summary: 'One image (front, back, face) of an application, for the operator' },
      preHandler: admin,
    },
    async (req, reply) => {
      const { id, which } = req.params as { id?: unknown; which?: unknown };
      const side = KYC_IMAGE_SIDES.find((w) => w === which);
      if (typeof id !== 'string' || !side) throw new AppError('NOT_FOUND');
      const ref = await kyc.imageOf(id, side);
      if (ref === undefined) throw new AppError('NOT_FOUND');
      // Applications from before ADR 061 name public paths; they are still shown from where they are.
      if (PRIVATE_UPLOAD_ID_RE.test(ref)) return sendPrivateImage(reply, files, privateUploadKey(ref));
      if (UPLOAD_PATH_RE.test(ref)) return sendPrivateImage(reply, files, publicUploadKey(ref));
      throw new AppError('NOT_FOUND');
    },
  );

  bankRoutes(app, s, new BankCardService(db, s.clock, kyc));
}
