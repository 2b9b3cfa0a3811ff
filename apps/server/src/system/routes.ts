import {
  AppConfig,
  AreaCodeList,
  CaptchaResponse,
  CountryList,
  Health,
  UploadQuery,
  UploadResponse,
} from '@ex/contract';
import { LANGS } from '@ex/i18n';
import type { FastifyInstance } from 'fastify';
import { ping } from '../db/db.ts';
import type { Services } from '../deps.ts';
import { fileStoreOf } from '../files/wiring.ts';
import { principalOf, requireAuth } from '../http/auth.ts';
import { jsonRoute } from '../http/route.ts';
import { areaCodes, countries } from './service.ts';
import { PRIVATE_IMAGE_URL, saveUpload } from './upload.ts';
import { UploadQuota } from './upload-quota.ts';

export function systemRoutes(app: FastifyInstance, s: Services): void {
  const tags = ['system'];

  jsonRoute(app, {
    method: 'GET',
    url: '/api/health',
    tags,
    summary: 'Liveness and database check',
    response: Health,
    handler: async () => {
      await ping(s.db);
      return { status: 'ok' as const, db: 'ok' as const, server_time: s.clock.now() };
    },
  });

  jsonRoute(app, {
    method: 'GET',
    url: '/api/app/config',
    tags,
    summary: 'Public client configuration',
    response: AppConfig,
    handler: async () => ({
      captcha: s.captcha.enabled,
      image_base_url: s.config.imageBaseUrl,
      webview_hosts: s.config.webviewHosts,
      langs: [...LANGS],
      default_lang: 'de' as const,
      server_time: s.clock.now(),
    }),
  });

  jsonRoute(app, {
    method: 'POST',
    url: '/api/app/captcha',
    tags,
    summary: 'A new image captcha (SVG data URL) and its key',
    response: CaptchaResponse,
    rateLimit: { max: s.config.rateLimit.authPerIpPerMinute, timeWindow: 60_000 },
    handler: async () => {
      const { key, image } = await s.captcha.create();
      return { key, image };
    },
  });

  jsonRoute(app, {
    method: 'GET',
    url: '/api/app/account/area_code',
    tags,
    summary: 'Phone area codes with localised country names',
    response: AreaCodeList,
    handler: async (req) => areaCodes(req.lang),
  });

  jsonRoute(app, {
    method: 'GET',
    url: '/api/app/country',
    tags,
    summary: 'Countries (for KYC) with localised names',
    response: CountryList,
    handler: async (req) => countries(req.lang),
  });
}

/**
 * The image upload, in a scope of its own where multipart bodies are parsed (app.ts): the
 * multipart plugin adds a response hook to every route of its scope (ADR 229).
 */
export function uploadRoutes(app: FastifyInstance, s: Services): void {
  const tags = ['system'];
  const files = fileStoreOf(s);
  const uploadQuota = new UploadQuota(s.db, files.diskDir, s.config.uploads, () => s.clock.now());

  jsonRoute(app, {
    method: 'POST',
    url: '/api/app/images/upload',
    tags,
    summary:
      'Upload one image (multipart field "file"; JPEG, PNG or WebP; at most 5 MB); ?purpose=kyc stores it privately',
    query: UploadQuery,
    response: UploadResponse,
    preHandler: requireAuth(s.tokens, 'user'),
    handler: async (req) => {
      const owner = { userId: principalOf(req).id, quota: uploadQuota };
      if (req.query.purpose === 'kyc') {
        const { path } = await saveUpload(req, files, s.clock.now(), 'private', owner);
        return { path, url: `${PRIVATE_IMAGE_URL}/${path}` };
      }
      const { path } = await saveUpload(req, files, s.clock.now(), 'public', owner);
      return { path, url: s.config.imageBaseUrl + path };
    },
  });
}
