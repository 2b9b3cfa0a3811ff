import { UPLOAD_PATH_RE } from '@ex/contract';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';
import type { Db } from '../db/db.ts';
import { AppError } from '../http/errors.ts';
import { sendPublicImage } from '../system/upload.ts';
import { dbFileStore } from './db-store.ts';
import { fsFileStore } from './fs-store.ts';
import type { FileStore } from './store.ts';

/** The file store the configuration names (FILE_STORE, ADR 240). */
export function openFileStore(
  config: Pick<Config, 'fileStore' | 'dataDir'>,
  db: Db,
  now?: () => number,
): FileStore {
  return config.fileStore === 'db' ? dbFileStore(db, now) : fsFileStore(config.dataDir);
}

const stores = new WeakMap<object, FileStore>();

/** One store per composition root (the `Services` object), made on first use. */
export function fileStoreOf(s: { config: Pick<Config, 'fileStore' | 'dataDir'>; db: Db }): FileStore {
  let store = stores.get(s);
  if (store === undefined) {
    store = openFileStore(s.config, s.db);
    stores.set(s, store);
  }
  return store;
}

/**
 * `GET /uploads/<yyyymm>/<hex>.<ext>` from the store when it is not the file system (which the
 * static file serving covers, http/static.ts): public uploads are addressed the same on every
 * adapter and every gateway.
 */
export function publicUploadRoutes(app: FastifyInstance, store: FileStore): void {
  app.get('/uploads/*', { schema: { hide: true } }, async (req, reply) => {
    const path = (req.params as { '*'?: string })['*'] ?? '';
    if (!UPLOAD_PATH_RE.test(path)) throw new AppError('NOT_FOUND');
    return sendPublicImage(reply, store, path);
  });
}
