import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyReply, FastifyRequest } from 'fastify';
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

/** Where uploads live: `public` is served as static files, `private` never is (see ADR 061). */
export function uploadDirs(dataDir: string): { public: string; private: string } {
  return { public: join(dataDir, 'uploads'), private: join(dataDir, 'private') };
}

/**
 * Reads the single `file` part, checks it and stores it. Public: `<uploadsDir>/<yyyymm>/<hex>.<ext>`,
 * `path` is that relative path. Private: `<privateDir>/<hex>` without an extension (the type is
 * sniffed again when served), `path` is the bare hex id. The owner's quota and the free space are
 * checked, and the upload recorded for the owner, before a byte reaches the disk (ADR 123).
 */
export async function saveUpload(
  request: FastifyRequest,
  dirs: { public: string; private: string },
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
  const [dir, name, path] =
    visibility === 'private'
      ? [dirs.private, id, id]
      : [join(dirs.public, month), `${id}.${ext}`, `${month}/${id}.${ext}`];
  await owner.quota.checkDisk(bytes.length);
  await owner.quota.reserve(owner.userId, path, bytes.length);
  try {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    writeFileSync(join(dir, name), bytes, { flag: 'wx', mode: visibility === 'private' ? 0o600 : 0o644 });
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
 * pass a path they built from a checked id; the file is read whole (at most 5 MB) so the type can
 * be sniffed and a missing file is a clean 404 rather than a broken stream.
 */
export function sendPrivateImage(reply: FastifyReply, file: string): FastifyReply {
  let bytes: Buffer;
  try {
    bytes = readFileSync(file);
  } catch {
    throw new AppError('NOT_FOUND');
  }
  const ext = sniffImage(bytes);
  if (!ext) throw new AppError('NOT_FOUND');
  return reply
    .header('content-type', IMAGE_TYPES[ext])
    .header('cache-control', 'private, no-store')
    .header('x-content-type-options', 'nosniff')
    .send(bytes);
}
