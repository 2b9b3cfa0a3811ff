import type { FastifyInstance } from 'fastify';
import type { Services } from './deps.ts';
import { fileStoreOf } from './files/wiring.ts';
import { requireAuth } from './http/auth.ts';
import { releaseRoutes } from './release/routes.ts';

/**
 * The one place the release domain (apps/server/src/release, owned by the update-flow work) is
 * plugged in: it serves POST /api/app/update (null until a release exists) and the admin release
 * endpoints behind the operator token. Uploads must carry an offline signature (ADR 128).
 */
export async function registerReleases(app: FastifyInstance, s: Services): Promise<void> {
  await app.register(releaseRoutes, {
    db: s.db,
    dataDir: s.config.dataDir,
    // The data folder, or the shared database in a cluster (ADR 240).
    files: fileStoreOf(s),
    now: () => s.clock.now(),
    requireAdmin: requireAuth(s.tokens, 'admin'),
    // Production (CHAIN=tron or NODE_ENV=production, ADR 121): the release public key must be the
    // operator's own, never missing or the DEV/TEST key (ADR 128); the start fails otherwise.
    production: s.config.production,
  });
}
