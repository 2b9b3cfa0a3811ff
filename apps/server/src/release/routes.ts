import { UpdateRequest } from '@ex/contract';
import { type Lang, translateServer } from '@ex/i18n';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { z } from 'zod';
import { releaseBundleKey } from '../files/store.ts';
import { ok } from '../http/envelope.ts';
import { AppError } from '../http/errors.ts';
import { legacySigningKeyFile, loadReleaseKey, type ReleaseKey } from './keys.ts';
import {
  bundleStore,
  createReleaseService,
  DEFAULT_MAX_BUNDLE_BYTES,
  type FieldProblem,
  type ReleaseServiceDeps,
  toPublic,
} from './service.ts';
import { listReleases, releaseById, setRollout } from './store.ts';

export interface ReleaseRoutesOptions extends Omit<ReleaseServiceDeps, 'releaseKey'> {
  /** The operator guard of the admin API (401 without an admin token). */
  requireAdmin: preHandlerAsyncHookHandler;
  /** Defaults to RELEASE_PUBLIC_KEY, else (outside production) the DEV/TEST key (ADR 128). */
  releaseKey?: ReleaseKey;
  /** Production refuses to start without RELEASE_PUBLIC_KEY or with the DEV/TEST key. */
  production?: boolean;
}

/**
 * The spec's request plus `native_version`, which the staged rollout needs to honour a release's
 * minimum native version (a bundle that calls a plugin the installed shell lacks would break).
 * Optional: a client that omits it only gets releases without a native minimum above 0.
 */
export const UpdateCheckBody = UpdateRequest.extend({ native_version: z.string().max(32).optional() });

const ListQuery = z.strictObject({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(20),
  platform: z.enum(['android', 'ios']).optional(),
});

const RolloutBody = z.strictObject({ rollout_percent: z.number().int().min(0).max(100) });
const IdParams = z.strictObject({ id: z.uuid() });
const BundleParams = z.strictObject({ file: z.string().regex(/^[0-9a-f-]{36}\.zip$/) });

function localise(lang: Lang, errors: Record<string, FieldProblem[]>): Record<string, string[]> {
  return Object.fromEntries(
    Object.entries(errors).map(([field, list]) => [
      field,
      list.map((p) => translateServer(lang, p.key, p.params)),
    ]),
  );
}

function validation(lang: Lang, errors: Record<string, FieldProblem[]>): AppError {
  // Messages are localised here already; the envelope passes non-catalogue keys through as text.
  return new AppError('VALIDATION', undefined, localise(lang, errors));
}

async function readPublishForm(request: FastifyRequest, maxBytes: number) {
  const fields: Record<string, string> = {};
  const extraFiles: string[] = [];
  let bundle: Uint8Array | undefined;
  const parts = request.parts({ limits: { fileSize: maxBytes, files: 2, fields: 12, fieldSize: 64 * 1024 } });
  for await (const part of parts) {
    if (part.type === 'file') {
      if (part.fieldname !== 'bundle' || bundle) {
        extraFiles.push(part.fieldname);
        part.file.resume();
        continue;
      }
      // Over the limit this throws FST_REQ_FILE_TOO_LARGE: a 413 envelope, like every oversize body.
      bundle = new Uint8Array(await part.toBuffer());
    } else {
      fields[part.fieldname] = typeof part.value === 'string' ? part.value : String(part.value);
    }
  }
  for (const name of extraFiles) if (name !== 'bundle') fields[name] ??= '';
  return { fields, bundle };
}

/** Release publishing (admin) and the update check, bundle download and public key (app). */
export async function releaseRoutes(app: FastifyInstance, opts: ReleaseRoutesOptions): Promise<void> {
  const releaseKey =
    opts.releaseKey ??
    loadReleaseKey({
      envPublicKey: process.env.RELEASE_PUBLIC_KEY,
      envSigningKey: process.env.RELEASE_SIGNING_KEY,
      production: opts.production ?? false,
    });
  const legacy = legacySigningKeyFile(opts.dataDir);
  if (legacy) {
    // Read by nothing any more; it only makes a stolen data folder worth more (ADR 128).
    app.log.warn(
      { file: legacy },
      'a release signing seed sits beside the database; move it offline for npm run release and delete it',
    );
  }
  const maxBytes = opts.maxBundleBytes ?? DEFAULT_MAX_BUNDLE_BYTES;
  const files = bundleStore(opts);
  const service = createReleaseService({ ...opts, files, releaseKey, maxBundleBytes: maxBytes });
  if (!app.hasContentTypeParser('multipart/form-data')) await app.register(multipart);

  app.post('/api/app/update', { schema: { body: UpdateCheckBody } }, async (request) => {
    const body = request.body as z.infer<typeof UpdateCheckBody>;
    return ok(request, await service.answer(body, request.lang));
  });

  app.get('/api/app/update/public-key', async (request) =>
    ok(request, { algorithm: 'ed25519', public_key: releaseKey.publicKeyHex }),
  );

  app.get('/api/app/update/bundles/:file', { schema: { params: BundleParams } }, async (request, reply) => {
    const { file } = request.params as z.infer<typeof BundleParams>;
    const id = file.slice(0, -'.zip'.length);
    const row = await releaseById(opts.db, id);
    const bundle = row ? await files.stream(releaseBundleKey(id)) : undefined;
    if (!row || !bundle) throw new AppError('NOT_FOUND');
    return reply
      .header('content-type', 'application/zip')
      .header('content-length', row.size_bytes)
      .header('cache-control', 'public, max-age=31536000, immutable')
      .send(bundle);
  });

  app.post('/api/admin/releases', { preHandler: opts.requireAdmin }, async (request) => {
    if (!request.isMultipart()) {
      throw validation(request.lang, { body: [{ key: 'release.multipart_required' }] });
    }
    const form = await readPublishForm(request, maxBytes);
    const principal = (request as { principal?: { id: string } | null }).principal;
    const outcome = await service.publish({ ...form, ...(principal ? { createdBy: principal.id } : {}) });
    if (!outcome.ok) throw validation(request.lang, outcome.errors);
    const r = outcome.release;
    request.log.info({ release: r.id, platform: r.platform, version: r.version }, 'release published');
    return ok(request, {
      id: r.id,
      version: r.version,
      md5: r.md5,
      sha256: r.sha256,
      signature: r.signature,
      download_path: r.download_path,
    });
  });

  app.get(
    '/api/admin/releases',
    { preHandler: opts.requireAdmin, schema: { querystring: ListQuery } },
    async (request) => {
      const q = request.query as z.infer<typeof ListQuery>;
      const { list, total } = await listReleases(opts.db, {
        ...(q.platform ? { platform: q.platform } : {}),
        limit: q.limit,
        offset: (q.page - 1) * q.limit,
      });
      return ok(request, { list: list.map(toPublic), total, page: q.page, limit: q.limit });
    },
  );

  // Widening (or pausing with 0) a staged rollout without re-uploading: buckets are stable, so
  // every device that already had the release keeps getting it when the percentage grows.
  app.post(
    '/api/admin/releases/:id/rollout',
    { preHandler: opts.requireAdmin, schema: { params: IdParams, body: RolloutBody } },
    async (request) => {
      const { id } = request.params as z.infer<typeof IdParams>;
      const { rollout_percent } = request.body as z.infer<typeof RolloutBody>;
      const row = await setRollout(opts.db, id, rollout_percent);
      if (!row) throw new AppError('NOT_FOUND');
      return ok(request, toPublic(row));
    },
  );
}
