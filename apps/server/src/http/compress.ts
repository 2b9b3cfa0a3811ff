import { constants } from 'node:zlib';
import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/**
 * Compression of API answers (ADR 090). Static files are compressed once at build time; API JSON
 * is compressed per answer, so the settings favour speed: brotli at quality 4 (close to gzip's
 * CPU cost, ~20 % smaller), gzip at level 6, and nothing under 1 KB (most answers: an order, a
 * balance), where the header and the CPU cost more than the bytes saved. Request bodies are never
 * decompressed: a small gzip upload that inflates to gigabytes is a denial of service.
 */
export async function registerApiCompression(api: FastifyInstance): Promise<void> {
  await api.register(compress, {
    global: true,
    threshold: 1024,
    encodings: ['br', 'gzip'],
    globalDecompression: false,
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
    zlibOptions: { level: 6 },
  });
}
