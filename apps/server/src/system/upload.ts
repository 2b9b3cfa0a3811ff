import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyRequest } from 'fastify';
import { AppError, fieldError } from '../http/errors.ts';

export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;

/** The file's first bytes decide its type; the declared MIME type and file name are not trusted. */
export function sniffImage(bytes: Uint8Array): 'jpg' | 'png' | 'webp' | null {
  const b = (i: number) => bytes[i];
  if (b(0) === 0xff && b(1) === 0xd8 && b(2) === 0xff) return 'jpg';
  if ([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a].every((v, i) => b(i) === v)) return 'png';
  const ascii = (from: number, to: number) => Buffer.from(bytes.subarray(from, to)).toString('latin1');
  if (bytes.length >= 12 && ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return 'webp';
  return null;
}

/** Reads the single `file` part, checks it and stores it under `<uploadsDir>/<yyyymm>/`. */
export async function saveUpload(
  request: FastifyRequest,
  uploadsDir: string,
  now: number,
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
  const month = new Date(now).toISOString().slice(0, 7).replace('-', '');
  const name = `${randomBytes(16).toString('hex')}.${ext}`;
  try {
    mkdirSync(join(uploadsDir, month), { recursive: true });
    writeFileSync(join(uploadsDir, month, name), bytes, { flag: 'wx' });
  } catch (error) {
    request.log.error({ err: error }, 'storing an upload failed');
    throw new AppError('UPLOAD_FAILED');
  }
  return { path: `${month}/${name}` };
}
