import type { FastifyInstance } from 'fastify';
import type { KycDb } from './tables.ts';

export const UPLOAD_URL = '/api/app/images/upload';

/**
 * Records the owner of every successful upload. The upload route (system/) stores files without an
 * owner; KYC must only accept a user's own images, so this hook notes (path, user) before the
 * answer leaves, which means a client that got the path can use it at once.
 */
export function trackUploads(app: FastifyInstance, db: KycDb, now: () => number): void {
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.routeOptions.url !== UPLOAD_URL || reply.statusCode !== 200) return payload;
    const userId = request.principal?.kind === 'user' ? request.principal.id : undefined;
    if (userId === undefined || typeof payload !== 'string') return payload;
    const path = (JSON.parse(payload) as { data?: { path?: unknown } }).data?.path;
    if (typeof path === 'string') {
      await db
        .insertInto('user_uploads')
        .values({ path, user_id: userId, created_at: String(now()) })
        .onConflict((oc) => oc.column('path').doNothing())
        .execute();
    }
    return payload;
  });
}

/** True when this user uploaded `path` (a private id or a public path). */
export async function ownsUpload(db: KycDb, userId: string, path: string): Promise<boolean> {
  const row = await db
    .selectFrom('user_uploads')
    .select('path')
    .where('user_id', '=', userId)
    .where('path', '=', path)
    .executeTakeFirst();
  return row !== undefined;
}

/** True when every path was uploaded by this user. */
export async function ownsUploads(db: KycDb, userId: string, paths: string[]): Promise<boolean> {
  const unique = [...new Set(paths)];
  const rows = await db
    .selectFrom('user_uploads')
    .select('path')
    .where('user_id', '=', userId)
    .where('path', 'in', unique)
    .execute();
  return rows.length === unique.length;
}
