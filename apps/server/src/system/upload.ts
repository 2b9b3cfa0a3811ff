import { randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { type FileStore, privateUploadKey, publicUploadKey } from '../files/store.ts';
import { AppError, fieldError } from '../http/errors.ts';
import type { UploadQuota } from './upload-quota.ts';

export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
/** The owner's read address of a private upload; `/:id` follows. */
export const PRIVATE_IMAGE_URL = '/api/app/images/private';

/** The file's first bytes decide its type; the declared MIME type and file name are not trusted. */
export function sniffImage(bytes: Uint8Array): 'jpg' | 'png' | 'webp' | null {
  const b = (i: number) => bytes[i];
  if (b(0) === 0xff && b(1) === 0xd8 && b(2) === 0xff) return 'jpg';
  if ([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a].every((v, i) => b(i) === v)) return 'png';
  const ascii = (from: number, to: number) => Buffer.from(bytes.subarray(from, to)).toString('latin1');
  if (bytes.length >= 12 && ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return 'webp';
  return null;
}

/**
 * Reads the single `file` part, checks it and stores it. Public: key `uploads/<yyyymm>/<hex>.<ext>`,
 * `path` is `<yyyymm>/<hex>.<ext>`. Private: key `private/<hex>` without an extension (the type is
 * sniffed again when served), `path` is the bare hex id. The owner's quota and the free space are
 * checked, and the upload recorded for the owner, before a byte is stored (ADR 123, 240).
 */
export async function saveUpload(
  request: FastifyRequest,
  store: FileStore,
  now: number,
  visibility: 'public' | 'private',
  owner: { userId: string; quota: UploadQuota },
): Promise<{ path: string }> {
  if (!request.isMultipart() || !/;\s*boundary=/i.test(request.headers['content-type'] ?? '')) {
    throw fieldError('body', 'validation.multipart_required');
  }
  const part = await request.file({ limits: { fileSize: MAX_IMAGE_BYTES, files: 1 } });
  // The image must come in the documented field; a file under another name is not taken.
  if (part?.fieldname !== 'file') {
    part?.file.resume();
    throw fieldError('file', 'validation.file_required');
  }
  // toBuffer throws FST_REQ_FILE_TOO_LARGE past the limit: a 413 envelope.
  const bytes = await part.toBuffer();
  if (bytes.length === 0) throw fieldError('file', 'validation.file_required');
  const ext = sniffImage(bytes);
  if (!ext) throw new AppError('UPLOAD_TYPE');
  const id = randomBytes(16).toString('hex');
  const month = new Date(now).toISOString().slice(0, 7).replace('-', '');
  const path = visibility === 'private' ? id : `${month}/${id}.${ext}`;
  const key = visibility === 'private' ? privateUploadKey(path) : publicUploadKey(path);
  await owner.quota.checkDisk(bytes.length);
  await owner.quota.reserve(owner.userId, path, bytes.length);
  try {
    await store.put(key, bytes, { private: visibility === 'private' });
  } catch (error) {
    request.log.error({ err: error }, 'storing an upload failed');
    await owner.quota.release(path);
    throw new AppError('UPLOAD_FAILED');
  }
  return { path };
}

const IMAGE_TYPES = { jpg: 'image/jpeg', png: 'image/png', webp: 'image/webp' } as const;

/**
 * Sends a stored image with its sniffed type and `private, no-store`, or throws NOT_FOUND. Callers
 * pass a key they built from a checked id; the file is read whole (at most 5 MB) so the type can
 * be sniffed and a missing file is a clean 404 rather than a broken stream.
 */
export async function sendPrivateImage(
  reply: FastifyReply,
  store: FileStore,
  key: string,
): Promise<FastifyReply> {
  const bytes = await store.get(key).catch(() => undefined);
  if (bytes === undefined) throw new AppError('NOT_FOUND');
  const ext = sniffImage(bytes);
  if (!ext) throw new AppError('NOT_FOUND');
  return reply
    .header('content-type', IMAGE_TYPES[ext])
    .header('cache-control', 'private, no-store')
    .header('x-content-type-options', 'nosniff')
    .send(bytes);
}

/**
 * A public upload from the store, for the database adapter (the file system adapter keeps the
 * static file serving of `/uploads/`): the sniffed type must match the name's, a day's caching as
 * the static route gives, 404 for anything else.
 */
export async function sendPublicImage(
  reply: FastifyReply,
  store: FileStore,
  path: string,
): Promise<FastifyReply> {
  const bytes = await store.get(publicUploadKey(path)).catch(() => undefined);
  const ext = bytes === undefined ? null : sniffImage(bytes);
  if (bytes === undefined || ext === null || !path.endsWith(`.${ext}`)) throw new AppError('NOT_FOUND');
  return reply
    .header('content-type', IMAGE_TYPES[ext])
    .header('cache-control', 'public, max-age=86400')
    .header('x-content-type-options', 'nosniff')
    .send(bytes);
}
